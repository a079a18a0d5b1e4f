import { describe, expect, it } from 'vitest'
import { defaultParseSearch } from '@tanstack/react-router'
import { stringifySearch } from '~/lib/search-string'
import { choiceFromSearch, reportsSearch, searchPatch, withoutLegacyDevices } from './report-search'

const a = '0b6c3a52-8d7e-4c1f-9a57-3f1c2b9d4e01'
const b = '7f1e2d3c-4b5a-4968-8776-655443322110'
/** What the route reads from a URL's search string. */
const read = (search: string) => reportsSearch.parse(defaultParseSearch(search))

describe('reports search parameters', () => {
  it('drops bad values one by one and defaults to this month over every device', () => {
    const search = reportsSearch.parse({
      preset: 'fortnight',
      from: '2026-13',
      metric: 'energy_usage',
      device_ids: ['nope'],
    })
    expect(choiceFromSearch(search)).toEqual({
      preset: 'this_month',
      custom: undefined,
      customPrevious: undefined,
      metric: 'energy_usage',
      devices: [],
    })
  })

  it('reads a custom range, and clears its dates when the range is cleared', () => {
    const choice = choiceFromSearch(
      reportsSearch.parse({ preset: 'custom', from: '2026-03-01', to: '2026-03-10' }),
    )
    expect(choice.custom).toEqual({ from: '2026-03-01', to: '2026-03-10' })
    expect(searchPatch({ custom: undefined })).toEqual({ from: undefined, to: undefined })
    expect(searchPatch({ metric: 'energy_usage' })).toEqual({ metric: 'energy_usage' })
  })

  it('carries the devices as repeated device_ids parameters, not a JSON array', () => {
    const search = { preset: 'this_week', ...searchPatch({ devices: [a, b] }) }
    const url = stringifySearch(search)
    expect(url).toBe(`?preset=this_week&device_ids=${a}&device_ids=${b}`)
    expect(choiceFromSearch(read(url)).devices).toEqual([a, b])
    expect(choiceFromSearch(read(`?device_ids=${a}`)).devices).toEqual([a])
    // Every device again: the parameter goes.
    expect(stringifySearch({ ...search, ...searchPatch({ devices: [] }) })).toBe(
      '?preset=this_week',
    )
  })

  it("moves an old link's JSON array to repeated parameters", () => {
    const old = read(`?preset=this_week&devices=${encodeURIComponent(JSON.stringify([a, b]))}`)
    const rewritten = withoutLegacyDevices(old)!
    expect(stringifySearch(rewritten)).toBe(`?preset=this_week&device_ids=${a}&device_ids=${b}`)
    expect(withoutLegacyDevices(read(`?device_ids=${a}`))).toBeNull()
  })
})
