import { describe, expect, it } from 'vitest'
import type { ConsumptionInterval } from '~/api'
import { csvFileName, intervalsToCsv, toBuckets } from './intervals'

const meta = {
  expected_readings: 96,
  present_readings: 96,
  coverage: 1,
  gaps: 0,
  resets: 0,
  estimated: false,
}
const intervals: ConsumptionInterval[] = [
  {
    start: '2026-03-28T00:00:00+01:00',
    end: '2026-03-29T00:00:00+01:00',
    kwh: 12.5,
    cost: 3.88,
    cost_breakdown: null,
    co2_kg: 4.75,
    metadata: meta,
  },
  {
    start: '2026-03-29T00:00:00+01:00',
    end: '2026-03-30T00:00:00+02:00',
    kwh: 9.25,
    cost: null,
    cost_breakdown: null,
    co2_kg: null,
    metadata: { ...meta, expected_readings: 92, present_readings: 80, coverage: 0.87, gaps: 2 },
  },
  {
    start: '2026-03-30T00:00:00+02:00',
    end: '2026-03-31T00:00:00+02:00',
    kwh: -3,
    cost: null,
    cost_breakdown: null,
    co2_kg: null,
    metadata: { ...meta, resets: 1 },
  },
  {
    start: '2026-03-31T00:00:00+02:00',
    end: '2026-04-01T00:00:00+02:00',
    kwh: null,
    cost: null,
    cost_breakdown: null,
    co2_kg: null,
  },
]

describe('toBuckets', () => {
  it('flags gaps and resets and never shows a negative bucket', () => {
    const buckets = toBuckets(intervals)
    expect(buckets[0]!.flags).toEqual({ gap: false, reset: false, estimated: false })
    expect(buckets[0]).toMatchObject({ cost: 3.88, co2Kg: 4.75 })
    expect(buckets[1]!.flags.gap).toBe(true)
    expect(buckets[2]).toMatchObject({ kwh: 0, flags: { reset: true } })
    expect(buckets[3]).toMatchObject({ kwh: null, flags: { gap: false } })
  })

  it("carries a quarter hour's power and a two-way meter's export, never a negative export", () => {
    const [quarter, exported] = toBuckets([
      { ...intervals[0]!, kw: 6.4 },
      { ...intervals[0]!, export_kwh: -0.2, net_kwh: 12.7 },
    ])
    expect(quarter).toMatchObject({ kw: 6.4 })
    expect(quarter).not.toHaveProperty('exportKwh')
    expect(exported).toMatchObject({ exportKwh: 0 })
    expect(exported).not.toHaveProperty('kw')
  })

  it('leaves out the buckets that have not begun, keeping the running one', () => {
    const buckets = toBuckets(intervals, new Date('2026-03-29T12:00:00+02:00'))
    expect(buckets.map((b) => b.start)).toEqual([
      '2026-03-28T00:00:00+01:00',
      '2026-03-29T00:00:00+01:00',
    ])
  })
})

describe('intervalsToCsv', () => {
  it('writes a header and one line per interval with CRLF endings', () => {
    const csv = intervalsToCsv({ intervals, currency: 'EUR' })
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('start,end,kwh,coverage,gaps,resets,estimated,cost,co2_kg,currency')
    expect(lines[1]).toBe(
      '2026-03-28T00:00:00+01:00,2026-03-29T00:00:00+01:00,12.5,1,0,0,false,3.88,4.75,EUR',
    )
    expect(lines[2]).toBe(
      '2026-03-29T00:00:00+01:00,2026-03-30T00:00:00+02:00,9.25,0.87,2,0,false,,,',
    )
    expect(lines[4]).toBe('2026-03-31T00:00:00+02:00,2026-04-01T00:00:00+02:00,,,,,,,,')
    expect(csv.endsWith('\r\n')).toBe(true)
  })
  it("adds a two-way meter's export and net, and a quarter hour's power (issue 35)", () => {
    const interval = {
      start: '2026-03-28T10:00:00+01:00',
      end: '2026-03-28T10:15:00+01:00',
      kwh: 1.5,
      cost: null,
      cost_breakdown: null,
      co2_kg: null,
      export_kwh: 0.25,
      net_kwh: 1.25,
      kw: 6,
    }
    const lines = intervalsToCsv({ intervals: [interval] }).split('\r\n')
    expect(lines[0]).toBe(
      'start,end,kwh,coverage,gaps,resets,estimated,cost,co2_kg,currency,export_kwh,net_kwh,kw',
    )
    expect(lines[1]).toBe(
      '2026-03-28T10:00:00+01:00,2026-03-28T10:15:00+01:00,1.5,,,,,,,,0.25,1.25,6',
    )
  })
})

describe('csvFileName', () => {
  it('makes a safe slug', () => {
    expect(csvFileName('Main meter – Building A', 'daily', '2026-11-01T00:00:00+01:00')).toBe(
      'main-meter-building-a-daily-2026-11-01.csv',
    )
    expect(csvFileName('☃', 'monthly', '2025-12-01T00:00:00Z')).toBe(
      'device-monthly-2025-12-01.csv',
    )
  })
})
