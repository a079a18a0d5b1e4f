import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  BillChange,
  ConsumptionIntervals,
  CumulativeConsumption,
  EnergyReport,
  EnergySettings,
} from '~/api/__generated__/types.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { responseValidator } from '../../helpers/spec.ts'

/**
 * Issue 35, priced: a bill under a Flemish-style contract matched to the cent, by hand.
 *
 * Group A in Europe/Brussels, bills on the 1st. From 1 Jan to 1 Apr 2026 local a two-way meter
 * ("Solar house") is read every quarter hour: each quarter imports 0.25 kWh (1 kW) and exports
 * 0.05 kWh, but one quarter a month imports more: 5 kW on 14 Jan 12:00, none in February (its peak
 * stays 1 kW, under the 2.5 kW floor), 3 kW on 10 Mar 18:00. Quarters: January 2,976, February
 * 2,688, March 2,972 (the 29th has 23 hours). An import-only meter ("Hourly meter") is read every
 * hour in February, 1 kWh an hour: it has no quarter hour with data, so no peak and no demand charge.
 *
 * The contract: 0.30 EUR/kWh, feed-in 0.05 EUR/kWh, 0.25 EUR a day, a demand charge of 4.36 EUR/kW
 * on the mean of the last 12 bills' peaks (each at least the 2.5 kW floor), 200 g CO2e/kWh, export
 * CO2 credited.
 *
 * | bill     | import  | export | energy | credit | demand basis           | demand | cost   | standing | bill   |
 * | January  | 745     | 148.8  | 223.50 | 7.44   | 5                      | 21.80  | 237.86 | 7.75     | 245.61 |
 * | February | 672     | 134.4  | 201.60 | 6.72   | (5 + 2.5) / 2 = 3.75   | 16.35  | 211.23 | 7.00     | 218.23 |
 * | March    | 743.5   | 148.6  | 223.05 | 7.43   | (5 + 2.5 + 3) / 3 = 3.5 | 15.26 | 230.88 | 7.75     | 238.63 |
 *
 * The hourly meter in February: 672 kWh, energy 201.60, demand null, cost 201.60.
 */

const Q = 15 * 60_000
const H = 3_600_000
const TZ = 'Europe/Brussels'

let t: TestApp
let admin: Session
const validate = responseValidator()
const ids = { solar: '', hourly: '' }

const FLEMISH: EnergySettings = {
  billing_cycle_start_day: 1,
  currency: 'EUR',
  credit_export_co2: true,
  tariffs: [
    {
      effective_from: '2025-01-01',
      standing_charge_per_day: 0.25,
      price_per_kwh: 0.3,
      feed_in_price_per_kwh: 0.05,
      demand_charge: { price_per_kw: 4.36, basis: 'rolling_mean_12', floor_kw: 2.5 },
    },
  ],
  emission_factors: [{ effective_from: '2025-01-01', g_co2e_per_kwh: 200 }],
}

/** The quarters (their start, UTC) that import more than 1 kW, and their power. */
const SPIKES = new Map([
  [Date.parse('2026-01-14T11:00:00Z'), 5],
  [Date.parse('2026-03-10T17:00:00Z'), 3],
])

async function device(name: string, serial: string) {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, name, serial],
  )
  return rows[0]!.id
}

function solarReadings(): NewReading[] {
  const rows: NewReading[] = []
  let kwh = 2000
  let exported = 100
  const from = Date.parse('2025-12-31T23:00:00Z')
  for (let ms = from; ms <= Date.parse('2026-03-31T22:00:00Z'); ms += Q) {
    if (ms !== from) {
      kwh += (SPIKES.get(ms - Q) ?? 1) / 4
      exported += 0.05
    }
    rows.push({ deviceId: ids.solar, ts: new Date(ms), kwh, exportKwh: exported })
  }
  return rows
}

function hourlyReadings(): NewReading[] {
  const rows: NewReading[] = []
  let kwh = 10
  const from = Date.parse('2026-01-31T23:00:00Z')
  for (let ms = from; ms <= Date.parse('2026-02-28T23:00:00Z'); ms += H, kwh++)
    rows.push({ deviceId: ids.hourly, ts: new Date(ms), kwh })
  return rows
}

beforeAll(async () => {
  t = await build()
  admin = await t.as('admin')
  await t.db.query(`UPDATE groups SET timezone = $2 WHERE id = $1`, [t.fx.groups.A, TZ])
  ids.solar = await device('Solar house', 'PRICED-1')
  ids.hourly = await device('Hourly meter', 'PRICED-2')
  const rows = [...solarReadings(), ...hourlyReadings()]
  for (let i = 0; i < rows.length; i += 2000)
    await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, rows.slice(i, i + 2000)))
  const saved = await t.call(admin, {
    method: 'PUT',
    url: `/api/v1/groups/${t.fx.groups.A}/energy-settings`,
    payload: FLEMISH as object,
    headers: { 'content-type': 'application/json' },
  })
  expect(saved.statusCode, saved.body).toBe(200)
})
afterAll(async () => t?.close())

async function get<T>(operation: string, url: string, query: Record<string, string | string[]>) {
  const response = await t.call(admin, { method: 'GET', url, query })
  expect(response.statusCode, response.body).toBe(200)
  if (response.headers['content-type']?.toString().startsWith('application/json')) {
    expect(validate(operation, 200, 'application/json', response.json())).toEqual([])
    return response.json() as T
  }
  return response.body as T
}

const MONTHS = {
  january: ['2026-01-01T00:00:00+01:00', '2026-02-01T00:00:00+01:00'],
  february: ['2026-02-01T00:00:00+01:00', '2026-03-01T00:00:00+01:00'],
  march: ['2026-03-01T00:00:00+01:00', '2026-04-01T00:00:00+02:00'],
} as const

const cumulative = (id: string, [start, end]: readonly [string, string]) =>
  get<CumulativeConsumption>(
    'getCumulativeConsumption',
    `/api/v1/devices/${id}/consumption/cumulative`,
    { start_datetime: start, end_datetime: end, timezone: TZ },
  )

describe('a bill under a Flemish-style contract, to the cent', () => {
  it('prices each bill: energy, feed-in credit, the 12-bill mean demand charge, CO2 credited', async () => {
    const bills = await Promise.all(
      [MONTHS.january, MONTHS.february, MONTHS.march].map((m) => cumulative(ids.solar, m)),
    )
    expect(
      bills.map((b) => [b.kwh, b.export_kwh, b.net_kwh, b.peak_kw, b.cost, b.cost_breakdown]),
    ).toEqual([
      [745, 148.8, 596.2, 5, 237.86, { energy: 223.5, feed_in_credit: 7.44, demand: 21.8 }],
      [672, 134.4, 537.6, 1, 211.23, { energy: 201.6, feed_in_credit: 6.72, demand: 16.35 }],
      [743.5, 148.6, 594.9, 3, 230.88, { energy: 223.05, feed_in_credit: 7.43, demand: 15.26 }],
    ])
    // 745 x 0.2 - 148.8 x 0.2 kg: the group credits exported CO2, and the answer says so.
    expect(bills[0]).toMatchObject({ co2_kg: 119.24, export_co2_credited: true })
    expect(bills[0]!.peak_at).toBe('2026-01-14T12:00:00+01:00')
  })

  it('carries a share of the bill demand charge over a window inside it, by local days', async () => {
    // 7 of February's 28 days: a quarter of 16.35.
    const week = await cumulative(ids.solar, [
      '2026-02-01T00:00:00+01:00',
      '2026-02-08T00:00:00+01:00',
    ])
    expect(week.cost_breakdown).toEqual({ energy: 50.4, feed_in_credit: 1.68, demand: 4.09 })
    expect(week.cost).toBe(52.81)
    const days = await get<ConsumptionIntervals>(
      'getConsumptionIntervals',
      `/api/v1/devices/${ids.solar}/consumption/intervals`,
      { start_datetime: MONTHS.february[0], end_datetime: MONTHS.february[1], timezone: TZ },
    )
    // Each day carries 16.35 / 28 = 0.58; the month as one window carries the whole charge.
    expect(new Set(days.intervals.map((d) => d.cost_breakdown?.demand))).toEqual(new Set([0.58]))
    expect(days.total_cost_breakdown).toEqual({
      energy: 201.6,
      feed_in_credit: 6.72,
      demand: 16.35,
    })
    expect(days.total_cost).toBe(211.23)
  })

  it('bills no demand charge to a meter without quarter-hour data, and says so', async () => {
    const february = await cumulative(ids.hourly, MONTHS.february)
    expect(february).toMatchObject({
      kwh: 672,
      export_kwh: null,
      peak_kw: null,
      cost: 201.6,
      cost_breakdown: { energy: 201.6, feed_in_credit: 0, demand: null },
      co2_kg: 134.4,
    })
  })

  it('adds the parts up in the report, its CSV and the bills the settings preview re-prices', async () => {
    const query = {
      current_start: MONTHS.february[0],
      current_end: MONTHS.february[1],
      previous_start: MONTHS.january[0],
      previous_end: MONTHS.january[1],
      timezone: TZ,
      device_ids: [ids.solar, ids.hourly],
      granularity: 'monthly',
    }
    const report = await get<EnergyReport>('getEnergyReport', '/api/v1/reports/energy', query)
    expect(report.current).toMatchObject({
      total_kwh: 1344,
      total_export_kwh: 134.4,
      total_net_kwh: 1209.6,
      total_cost: 412.83,
      cost_breakdown: { energy: 403.2, feed_in_credit: 6.72, demand: 16.35 },
      standing_charge: 7,
    })
    expect(report.previous).toMatchObject({
      total_cost: 237.86,
      cost_breakdown: { energy: 223.5, feed_in_credit: 7.44, demand: 21.8 },
      standing_charge: 7.75,
    })
    expect(report.export_co2_credited).toBe(true)
    const solar = report.devices.find((d) => d.device_id === ids.solar)!
    expect(solar).toMatchObject({
      current_cost: 211.23,
      current_cost_breakdown: { energy: 201.6, feed_in_credit: 6.72, demand: 16.35 },
      current_peak_kw: 1,
      previous_peak_kw: 5,
      previous_peak_at: '2026-01-14T12:00:00+01:00',
    })
    const csv = await get<string>('getEnergyReportCsv', '/api/v1/reports/energy.csv', query)
    const lines = csv.split('\r\n')
    expect(lines[0]!.split(',').slice(-6)).toEqual([
      'current_energy_cost',
      'current_feed_in_credit',
      'current_demand_charge',
      'previous_energy_cost',
      'previous_feed_in_credit',
      'previous_demand_charge',
    ])
    expect(
      lines
        .find((l) => l.startsWith(ids.solar))!
        .split(',')
        .slice(-6),
    ).toEqual(['201.6', '6.72', '16.35', '223.5', '7.44', '21.8'])
    expect(
      lines
        .find((l) => l.startsWith(ids.hourly))!
        .split(',')
        .slice(-6),
      // Its first reading is January's last instant: 0 kWh in January, at no charge.
    ).toEqual(['201.6', '0', '', '0', '0', ''])
    const total = lines.find((l) => l.startsWith('total,'))!.split(',')
    expect(total.slice(-6)).toEqual(['403.2', '6.72', '16.35', '223.5', '7.44', '21.8'])
    expect(
      lines
        .find((l) => l.startsWith('bill,'))!
        .split(',')
        .slice(7, 9),
    ).toEqual(['419.83', '245.61'])
    // A dearer demand charge re-prices every closed bill: each bill's parts, as the report's.
    const dearer = structuredClone(FLEMISH)
    dearer.tariffs[0]!.demand_charge!.price_per_kw = 5
    const preview = await t.call(admin, {
      method: 'POST',
      url: `/api/v1/groups/${t.fx.groups.A}/energy-settings/preview`,
      payload: dearer as object,
      headers: { 'content-type': 'application/json' },
    })
    expect(preview.statusCode, preview.body).toBe(200)
    const changed = (preview.json() as { bills: BillChange[] }).bills
    const byStart = new Map(changed.map((b) => [b.start, b]))
    expect(byStart.get(MONTHS.january[0])!.before).toEqual({
      energy_charge: 223.5,
      feed_in_credit: 7.44,
      demand_charge: 21.8,
      standing_charge: 7.75,
      total: 245.61,
    })
    expect(byStart.get(MONTHS.february[0])!.before).toMatchObject({ total: 419.83 })
    // 5 x 3.5 kW = 17.50 in March instead of 15.26.
    expect(byStart.get(MONTHS.march[0])!.after).toEqual({
      energy_charge: 223.05,
      feed_in_credit: 7.43,
      demand_charge: 17.5,
      standing_charge: 7.75,
      total: 240.87,
    })
  })
})
