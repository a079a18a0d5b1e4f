import { describe, expect, it } from 'vitest'
import { devicesSearch } from '~/lib/search-params'
import { listQuery, matchesSearch, nextSearch, pageCount, toggleSort } from './device-list'

describe('listQuery', () => {
  it('defaults to the first 100 by name ascending', () => {
    expect(listQuery({})).toEqual({
      skip: 0,
      limit: 100,
      search: undefined,
      status: undefined,
      sort: 'name',
      order: 'asc',
    })
  })
  it('turns page and page size into skip and limit', () => {
    expect(
      listQuery({ page: 3, pageSize: 50, search: '  hall ', status: 'offline' }),
    ).toMatchObject({ skip: 100, limit: 50, search: 'hall', status: 'offline' })
  })
  it('works from raw URL values through the route schema (bad values fall back)', () => {
    const search = devicesSearch.parse({
      page: 'abc',
      pageSize: '200',
      status: 'broken',
      sort: 'last_seen',
    })
    expect(listQuery(search)).toMatchObject({
      skip: 0,
      limit: 200,
      status: undefined,
      sort: 'last_seen',
    })
  })
})

describe('matchesSearch', () => {
  const device = {
    name: 'Main meter – Building A',
    serial_number: 'EM-2024-00017',
    location: 'Berlin, Floor 2',
  }
  it.each(['building a', 'em-2024-00017', 'BERLIN', '', '  '])('matches %j', (text) =>
    expect(matchesSearch(device, text)).toBe(true),
  )
  it('does not match other text, and copes with no location', () => {
    expect(matchesSearch(device, 'hamburg')).toBe(false)
    expect(matchesSearch({ ...device, location: null }, 'berlin')).toBe(false)
  })
})

describe('nextSearch', () => {
  it('resets the page when a filter changes and keeps defaults out of the URL', () => {
    expect(nextSearch({ page: 4, search: 'x' }, { status: 'online' })).toEqual({
      page: undefined,
      search: 'x',
      status: 'online',
    })
    expect(nextSearch({ page: 4 }, { page: 1 })).toEqual({ page: undefined })
    expect(nextSearch({ page: 2, pageSize: 50 }, { pageSize: 100 })).toEqual({
      page: undefined,
      pageSize: undefined,
    })
    expect(nextSearch({ search: 'x' }, { search: '' })).toEqual({
      page: undefined,
      search: undefined,
    })
  })
  it('keeps the page when only the page changes', () => {
    expect(nextSearch({ status: 'offline' }, { page: 3 })).toEqual({ status: 'offline', page: 3 })
  })
})

describe('toggleSort and pageCount', () => {
  it('sorts a new column ascending and flips the current one', () => {
    expect(toggleSort({}, 'name')).toEqual({ sort: 'name', order: 'desc' })
    expect(toggleSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({
      sort: 'name',
      order: 'asc',
    })
    expect(toggleSort({ sort: 'name', order: 'desc' }, 'last_seen')).toEqual({
      sort: 'last_seen',
      order: 'asc',
    })
  })
  it('always has at least one page', () => {
    expect(pageCount(0, 100)).toBe(1)
    expect(pageCount(10_000, 100)).toBe(100)
    expect(pageCount(101, 100)).toBe(2)
  })
})
