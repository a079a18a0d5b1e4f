import { describe, expect, it } from 'vitest'
import type { TenantScope } from '~/server/context.ts'
import {
  deviceListStatement,
  type DeviceQuery,
} from '~/server/modules/devices/devices-repository.ts'

const group = (id: string): TenantScope => ({ all: false, groupId: id })
const base: DeviceQuery = { skip: 0, limit: 50, sort: 'name', order: 'asc' }

describe('deviceListStatement', () => {
  it('writes the same text for one shape whatever the values: the prepared statement is reused', () => {
    const a = deviceListStatement(group('11111111-1111-4111-8111-111111111111'), {
      ...base,
      search: 'pump',
      status: 'online',
    })
    const b = deviceListStatement(group('22222222-2222-4222-8222-222222222222'), {
      ...base,
      skip: 50,
      limit: 10,
      search: 'hall',
      status: 'offline',
    })
    expect(b.sql).toBe(a.sql)
    expect(b.params).not.toEqual(a.params)
  })

  it('numbers one placeholder per value, in order', () => {
    const { sql, params } = deviceListStatement(group('11111111-1111-4111-8111-111111111111'), {
      ...base,
      search: 'pump',
      ids: ['33333333-3333-4333-8333-333333333333'],
    })
    const numbers = [...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))
    expect(numbers).toEqual(params.map((_, i) => i + 1))
    const filter = [
      '11111111-1111-4111-8111-111111111111',
      '%pump%',
      '%pump%',
      '%pump%',
      '{33333333-3333-4333-8333-333333333333}',
    ]
    // The page's filter, its limit and offset, and the filter again for the count.
    expect(params).toEqual([...filter, 50, 0, ...filter])
  })

  it('sees every group for an elevated scope without a group header', () => {
    const { sql, params } = deviceListStatement({ all: true }, base)
    expect(params).toEqual([50, 0])
    expect(sql).not.toMatch(/group_id = \$/)
  })
})
