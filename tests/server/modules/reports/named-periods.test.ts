import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { EnergyReport, EnergySettings } from '~/api/__generated__/types.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { energySettingsRepository } from '~/server/modules/billing/settings-repository.ts'
import { namedPeriod } from '~/server/modules/energy/windows.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import type { UserKey } from '../../helpers/fixtures.ts'
import { responseValidator } from '../../helpers/spec.ts'

/**
 * Issue 34: the report API takes the consumption API's named periods and resolves them with the
 * same resolver. The clock stands at Thu 30 Apr 2026 12:00 UTC. Group A (Europe/Berlin) bills
 * from the 28th at a flat 0.30 EUR/kWh; group B (America/New_York) from the 10th. A's meter
 * rises 1 kWh every hour on the hour from 1 Mar 2025, B's 2 kWh from 1 Feb 2026.
 */
const NOW = new Date('2026-04-30T12:00:00Z')
const HOUR = 3_600_000
const BERLIN = { timezone: 'Europe/Berlin', week_start: 'monday' } as const

const settings = (day: number): EnergySettings => ({
  billing_cycle_start_day: day,
  currency: 'EUR',
  credit_export_co2: false,
  tariffs: [{ effective_from: '2025-01-01', standing_charge_per_day: 0.5, price_per_kwh: 0.3 }],
  emission_factors: [{ effective_from: '2025-01-01', g_co2e_per_kwh: 400 }],
})

let t: TestApp
const meters = { A: '', B: '' }
const validate = responseValidator()

async function meter(group: 'A' | 'B', from: string, step: number): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups[group], `Named meter ${group}`, `NP-${group}`],
  )
  const id = rows[0]!.id
  const readings: NewReading[] = []
  for (let ms = Date.parse(from), kwh = 100; ms <= Date.parse('2026-05-01T00:00:00Z'); ms += HOUR)
    readings.push({ deviceId: id, ts: new Date(ms), kwh: (kwh += step) })
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, readings))
  return id
}

beforeAll(async () => {
  t = await build()
  meters.A = await meter('A', '2025-03-01T00:00:00Z', 1)
  meters.B = await meter('B', '2026-02-01T00:00:00Z', 2)
  await t.db.transaction(SYSTEM, async (tx) => {
    await energySettingsRepository(tx).put(t.fx.groups.A, settings(28))
    await energySettingsRepository(tx).put(t.fx.groups.B, settings(10))
  })
})
afterAll(async () => t?.close())
afterEach(() => vi.useRealTimers())

type Query = Record<string, string | string[]>

async function report(who: UserKey | Session, query: Query, status = 200, group?: string) {
  const session = typeof who === 'string' ? await t.as(who) : who
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  const response = await t.call(session, {
    method: 'GET',
    url: '/api/v1/reports/energy',
    query,
    ...(group && { headers: { 'x-group-id': group } }),
  })
  vi.useRealTimers()
  expect(response.statusCode, response.body).toBe(status)
  const body = response.json()
  expect(validate('getEnergyReport', status, 'application/json', body)).toEqual([])
  return body as EnergyReport & { detail: unknown }
}

/** What the consumption API answers for a name (its preset path), at the same clock. */
async function consumption(name: string, query: Query = {}) {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  const response = await t.call(await t.as('admin'), {
    method: 'GET',
    url: `/api/v1/devices/${meters.A}/consumption/cumulative/${name.replaceAll('_', '-')}`,
    query,
  })
  vi.useRealTimers()
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { start: string; end: string; timezone: string; kwh: number }
}

describe('named periods of the energy report', () => {
  const calendar = ['today', 'yesterday', 'this_week', 'last_week', 'this_month', 'last_month']
  const bills = ['this_bill', 'last_bill', 'bill_year_ago']

  it.each(calendar)(
    '%s resolves to the window the consumption API reads for it, with its figures',
    async (name) => {
      const c = await consumption(name, BERLIN)
      const r = await report('admin', { ...BERLIN, period: name, device_ids: [meters.A] })
      expect(r.timezone).toBe('Europe/Berlin')
      expect(r.current).toMatchObject({
        name,
        start: c.start,
        compared_end: c.end,
        total_kwh: c.kwh,
      })
      // A running period is its whole calendar span, compared to date; a closed one is itself.
      expect(r.to_date).toBe(name === 'today' || name.startsWith('this_'))
      if (!r.to_date) expect(r.current.end).toBe(c.end)
    },
  )

  it.each(bills)(
    '%s resolves to the bill the consumption API reads, in the group timezone',
    async (name) => {
      const c = await consumption(name)
      const r = await report('admin', { timezone: 'UTC', period: name, device_ids: [meters.A] })
      expect(r.timezone).toBe('Europe/Berlin')
      expect(c.timezone).toBe('Europe/Berlin')
      expect(r.current).toMatchObject({
        name,
        start: c.start,
        compared_end: c.end,
        total_kwh: c.kwh,
        total_cost: Math.round(c.kwh * 0.3 * 100) / 100,
      })
    },
  )

  it('reports the last 7 and 30 days and this year against the span right before', async () => {
    const week = await report('admin', { ...BERLIN, period: 'last_7_days', device_ids: [meters.A] })
    // 24 Apr to 30 Apr, today included and compared to date; A rises 1 kWh an hour.
    expect(week.current).toMatchObject({
      name: 'last_7_days',
      start: '2026-04-24T00:00:00+02:00',
      end: '2026-05-01T00:00:00+02:00',
      total_kwh: 6 * 24 + 14,
    })
    expect(week.previous).toMatchObject({
      name: null,
      start: '2026-04-17T00:00:00+02:00',
      end: '2026-04-24T00:00:00+02:00',
      // Compared to the same point: its first 6 days and 14 hours; all of it in full_total_kwh.
      total_kwh: 6 * 24 + 14,
      full_total_kwh: 7 * 24,
    })
    const year = await report('admin', { ...BERLIN, period: 'this_year', device_ids: [meters.A] })
    expect(year.current).toMatchObject({ start: '2026-01-01T00:00:00+01:00' })
    expect(year.previous).toMatchObject({ start: '2025-01-01T00:00:00+01:00', name: null })
  })

  it('hand-computed: this bill from 28 Apr against the whole last bill', async () => {
    const r = await report('admin', { period: 'this_bill', device_ids: [meters.A] })
    expect(r).toMatchObject({
      to_date: true,
      // 28 Apr 00:00 Berlin (27 Apr 22:00 UTC) to 30 Apr 12:00 UTC: 62 hours.
      current: {
        name: 'this_bill',
        start: '2026-04-28T00:00:00+02:00',
        end: '2026-05-28T00:00:00+02:00',
        compared_end: '2026-04-30T14:00:00+02:00',
        total_kwh: 62,
      },
      previous: {
        name: 'last_bill',
        start: '2026-03-28T00:00:00+01:00',
        end: '2026-04-28T00:00:00+02:00',
        full_total_kwh: 743,
      },
    })
  })

  it('resolves each default previous period as the one before, and a named one as asked', async () => {
    const lastMonth = await consumption('last_month', BERLIN)
    const month = await report('admin', { ...BERLIN, period: 'this_month', device_ids: [meters.A] })
    expect(month.previous).toMatchObject({
      name: 'last_month',
      start: lastMonth.start,
      end: lastMonth.end,
      full_total_kwh: lastMonth.kwh,
    })
    const yesterday = await consumption('yesterday', BERLIN)
    const today = await report('admin', { ...BERLIN, period: 'today', device_ids: [meters.A] })
    expect(today.previous).toMatchObject({
      name: 'yesterday',
      start: yesterday.start,
      end: yesterday.end,
    })
    // The day before yesterday has no name of its own.
    const before = await report('admin', { ...BERLIN, period: 'yesterday' })
    expect(before.previous).toMatchObject({
      name: null,
      start: '2026-04-28T00:00:00+02:00',
      end: '2026-04-29T00:00:00+02:00',
    })
    const yearAgo = await consumption('bill_year_ago')
    const compared = await report('admin', {
      period: 'this_bill',
      previous_period: 'bill_year_ago',
      device_ids: [meters.A],
    })
    expect(compared.previous).toMatchObject({
      name: 'bill_year_ago',
      start: yearAgo.start,
      end: yearAgo.end,
      full_total_kwh: yearAgo.kwh,
    })
    const lastBill = await consumption('last_bill')
    const beforeLast = await report('admin', { period: 'last_bill' })
    expect(beforeLast.current).toMatchObject({ start: lastBill.start, end: lastBill.end })
    expect(beforeLast.previous).toMatchObject({
      name: null,
      start: '2026-02-28T00:00:00+01:00',
      end: lastBill.start,
    })
  })

  it('reports this month against last month when the query names no period', async () => {
    const named = await report('admin', { ...BERLIN, period: 'this_month' })
    expect(await report('admin', BERLIN)).toEqual(named)
  })

  it('takes a custom range, compared with as long a span right before it', async () => {
    const r = await report('admin', {
      ...BERLIN,
      period: 'custom',
      current_start: '2026-03-01T00:00:00+01:00',
      current_end: '2026-03-08T00:00:00+01:00',
      device_ids: [meters.A],
    })
    expect(r).toMatchObject({
      current: { name: 'custom', start: '2026-03-01T00:00:00+01:00', total_kwh: 168 },
      previous: {
        name: null,
        start: '2026-02-22T00:00:00+01:00',
        end: '2026-03-01T00:00:00+01:00',
        total_kwh: 168,
      },
    })
  })

  it('answers 400 with a message for a bad name or a bad mix of names and date-times', async () => {
    const bad = async (query: Query, message: RegExp) => {
      const r = await report('admin', query, 400)
      expect(r.detail).toMatch(message)
    }
    await bad(
      { period: 'fortnight' },
      /^Unknown period 'fortnight': expected one of today, yesterday, .*bill_year_ago, custom$/,
    )
    await bad(
      { period: 'this_month', previous_period: 'custom' },
      /Unknown previous_period 'custom'/,
    )
    await bad({ previous_period: 'last_month' }, /previous_period needs period/)
    await bad(
      { period: 'this_month', current_start: '2026-03-01T00:00:00Z' },
      /takes no date-times: use period=custom/,
    )
    await bad({ period: 'custom' }, /period=custom needs current_start and current_end/)
    await bad(
      { current_start: '2026-03-01T00:00:00Z', current_end: '2026-03-08T00:00:00Z' },
      /Name the periods \(period\) or give current_start/,
    )
    await bad(
      {
        period: 'custom',
        current_start: '2026-03-08T00:00:00Z',
        current_end: '2026-03-01T00:00:00Z',
      },
      /current_end must be after current_start/,
    )
  })

  it("keeps to the caller's tenant: its devices, and its group's billing cycle", async () => {
    const b = await report('admin2', { period: 'this_bill' })
    expect(b.timezone).toBe('America/New_York')
    expect(b.current.start).toBe('2026-04-10T00:00:00-04:00')
    expect(b.device_ids).toContain(meters.B)
    expect(b.device_ids).not.toContain(meters.A)
    // 10 Apr 04:00 UTC to 30 Apr 12:00 UTC: 488 hours of 2 kWh.
    expect(b.current.total_kwh).toBe(976)
    const foreign = await report('admin2', { period: 'this_month', device_ids: [meters.A] }, 422)
    expect(foreign.detail).toEqual([expect.objectContaining({ loc: ['query', 'device_ids', 0] })])
    // Without a group, a bill over both tenants' cycles has no one meaning.
    const all = await report('superuser', { period: 'this_bill' }, 400)
    expect(all.detail).toMatch(/one billing cycle/)
    const scoped = await report('superuser', { period: 'this_bill' }, 200, t.fx.groups.B)
    expect(scoped.current.start).toBe(b.current.start)
    expect(scoped.current.total_kwh).toBe(b.current.total_kwh)
  })

  it('names the CSV after the resolved periods', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    const response = await t.call(await t.as('admin'), {
      method: 'GET',
      url: '/api/v1/reports/energy.csv',
      query: { ...BERLIN, period: 'last_month' },
    })
    vi.useRealTimers()
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="energy-report-2026-03_vs_2026-02.csv"',
    )
  })
})

describe('namedPeriod, the one resolver', () => {
  it('steps back whole calendar units and bills across DST and year ends', () => {
    const clock = { tz: 'Europe/Berlin', now: new Date('2026-01-05T10:00:00Z') }
    const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()]
    expect(iso(namedPeriod('last_month', clock))).toEqual([
      '2025-11-30T23:00:00.000Z',
      '2025-12-31T23:00:00.000Z',
    ])
    expect(iso(namedPeriod('last_month', clock, 1))).toEqual([
      '2025-10-31T23:00:00.000Z',
      '2025-11-30T23:00:00.000Z',
    ])
    expect(iso(namedPeriod('this_week', { ...clock, weekStart: 'monday' }))).toEqual([
      '2026-01-04T23:00:00.000Z',
      '2026-01-11T23:00:00.000Z',
    ])
    // The bill a year before the running one (10 Dec to 10 Jan), across the year end.
    const bill = namedPeriod('bill_year_ago', { ...clock, billStartDay: 10 })
    expect(iso(bill)).toEqual(['2024-12-09T23:00:00.000Z', '2025-01-09T23:00:00.000Z'])
    expect(() => namedPeriod('this_bill', clock)).toThrow(/needs a billing cycle/)
  })

  it('counts day spans and the year in whole local days, across DST', () => {
    // Tue 31 Mar 2026 in Berlin: summer time began on Sunday the 29th.
    const clock = { tz: 'Europe/Berlin', now: new Date('2026-03-31T10:00:00Z') }
    const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()]
    // 25 Mar to 31 Mar, both included: six days of winter time's midnight, the end in summer time.
    expect(iso(namedPeriod('last_7_days', clock))).toEqual([
      '2026-03-24T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ])
    expect(iso(namedPeriod('last_7_days', clock, 1))).toEqual([
      '2026-03-17T23:00:00.000Z',
      '2026-03-24T23:00:00.000Z',
    ])
    expect(iso(namedPeriod('last_30_days', clock))).toEqual([
      '2026-03-01T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ])
    expect(iso(namedPeriod('this_year', clock))).toEqual([
      '2025-12-31T23:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
    ])
    expect(iso(namedPeriod('this_year', clock, 1))).toEqual([
      '2024-12-31T23:00:00.000Z',
      '2025-12-31T23:00:00.000Z',
    ])
  })
})
