import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM } from '~/server/db/database.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { responseValidator } from '../../helpers/spec.ts'

/**
 * Issue 35, the figures: export and net beside kWh, and peak demand, hand-computed.
 *
 * - March (Europe/Brussels, clocks forward 29 Mar 01:00 UTC): a two-way meter read every quarter
 *   hour from 28 Mar 00:00 to 31 Mar 00:00 local (27 Mar 23:00Z to 30 Mar 22:00Z), importing
 *   1 kWh and exporting 0.25 kWh a quarter; both registers reset on 29 Mar at 10:00Z (the reading
 *   there carries its count since the restart: 1 and 0.25). Days of 24, 23 and 24 hours import
 *   96, 92 and 96 kWh and export 24, 23 and 24.
 * - October (clocks back 25 Oct 01:00 UTC): the same rates from 24 Oct 00:00 to 26 Oct 00:00
 *   local (23 Oct 22:00Z to 25 Oct 23:00Z), no reading from 25 Oct 00:00Z to 06:00Z (a six-hour
 *   gap across the change): days of 24 and 25 hours import 96 and 100, export 24 and 25; the 24
 *   quarter hours of the gap have no data for the peak.
 * - Asia/Kolkata (+05:30): readings every 5 minutes, 0.1 kWh each, from 9 May 18:00Z to 10 May
 *   19:00Z; the quarter 10 May 06:45Z (12:15 IST) takes 0.5 kWh a reading (1.5 kWh: 6 kW), and
 *   the quarters just outside the local day (9 May 18:00Z, 10 May 18:30Z) take 1 kWh a reading
 *   (12 kW) and must not count. No export register.
 * - Off the quarter edges (UTC): readings at :05, :20, :35, :50 on 1 Jun, 1 kWh each, but 3 kWh
 *   for (10:05, 10:20]: the quarter 10:00 holds 1/3 + 2/3 x 3 = 2.333 kWh (9.333 kW, estimated).
 * - Hourly (UTC): readings every hour on 2 Jun: no quarter hour has data.
 */

const Q = 15 * 60_000
const FIVE = 5 * 60_000
const H = 3_600_000

let t: TestApp
let admin: Session
const validate = responseValidator()
const ids = { march: '', october: '', kolkata: '', offGrid: '', hourly: '' }
let serial = 0

async function device(name: string) {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, name, `TW-${++serial}`],
  )
  return rows[0]!.id
}

/** Quarter-hourly import (+1) and export (+0.25) from `from` to `to`, both reset at `reset`. */
function twoWay(
  deviceId: string,
  from: string,
  to: string,
  opts: { reset?: string; gap?: [string, string] } = {},
) {
  const rows: NewReading[] = []
  let kwh = 1000
  let exported = 300
  const reset = opts.reset ? Date.parse(opts.reset) : NaN
  const [g0, g1] = opts.gap ? opts.gap.map(Date.parse) : [NaN, NaN]
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += Q) {
    if (ms === reset) [kwh, exported] = [0, 0]
    if (ms !== Date.parse(from)) [kwh, exported] = [kwh + 1, exported + 0.25]
    if (ms > g0! && ms < g1!) continue
    rows.push({ deviceId, ts: new Date(ms), kwh, exportKwh: exported })
  }
  return rows
}

/** Readings every `step` from `from` to `to`, each rising `rise(ts)` (by the reading's time). */
function steps(
  deviceId: string,
  from: string,
  to: string,
  step: number,
  rise: (ts: number) => number,
) {
  const rows: NewReading[] = []
  let kwh = 50
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += step) {
    if (ms !== Date.parse(from)) kwh += rise(ms)
    rows.push({ deviceId, ts: new Date(ms), kwh })
  }
  return rows
}

const inQuarter = (ms: number, start: string) =>
  ms > Date.parse(start) && ms <= Date.parse(start) + Q

beforeAll(async () => {
  t = await build()
  admin = await t.as('admin')
  ids.march = await device('Brussels March')
  ids.october = await device('Brussels October')
  ids.kolkata = await device('Kolkata')
  ids.offGrid = await device('Off the grid')
  ids.hourly = await device('Hourly')
  const rows = [
    ...twoWay(ids.march, '2026-03-27T23:00:00Z', '2026-03-30T22:00:00Z', {
      reset: '2026-03-29T10:00:00Z',
    }),
    ...twoWay(ids.october, '2026-10-23T22:00:00Z', '2026-10-25T23:00:00Z', {
      gap: ['2026-10-25T00:00:00Z', '2026-10-25T06:00:00Z'],
    }),
    ...steps(ids.kolkata, '2026-05-09T18:00:00Z', '2026-05-10T19:00:00Z', FIVE, (ms) =>
      inQuarter(ms, '2026-05-10T06:45:00Z')
        ? 0.5
        : inQuarter(ms, '2026-05-09T18:00:00Z') || inQuarter(ms, '2026-05-10T18:30:00Z')
          ? 1
          : 0.1,
    ),
    ...steps(ids.offGrid, '2026-05-31T23:50:00Z', '2026-06-02T00:05:00Z', Q, (ms) =>
      ms === Date.parse('2026-06-01T10:20:00Z') ? 3 : 1,
    ),
    ...steps(ids.hourly, '2026-06-02T00:00:00Z', '2026-06-03T00:00:00Z', H, () => 4),
  ]
  for (let i = 0; i < rows.length; i += 2000)
    await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, rows.slice(i, i + 2000)))
})
afterAll(async () => t?.close())

async function get(operation: string, url: string, query: Record<string, string | string[]>) {
  const response = await t.call(admin, { method: 'GET', url, query })
  expect(response.statusCode, response.body).toBe(200)
  if (response.headers['content-type']?.toString().startsWith('application/json'))
    expect(validate(operation, 200, 'application/json', response.json())).toEqual([])
  return response
}

interface Bucket {
  start: string
  kwh: number | null
  export_kwh?: number | null
  net_kwh?: number | null
}
interface Peak {
  peak_kw: number | null
  peak_at: string | null
  peak_estimated: boolean | null
  peak_coverage: number
  peak_quarters: number
  peak_quarters_with_data: number
}

const intervals = async (id: string, query: Record<string, string>) =>
  (
    await get('getConsumptionIntervals', `/api/v1/devices/${id}/consumption/intervals`, query)
  ).json() as Peak & {
    total_kwh: number
    total_export_kwh: number | null
    total_net_kwh: number | null
    intervals: Bucket[]
  }

const cumulative = async (id: string, query: Record<string, string>) =>
  (
    await get('getCumulativeConsumption', `/api/v1/devices/${id}/consumption/cumulative`, query)
  ).json() as Peak & { kwh: number | null; export_kwh: number | null; net_kwh: number | null }

const MARCH = {
  start_datetime: '2026-03-28T00:00:00+01:00',
  end_datetime: '2026-03-31T00:00:00+02:00',
  timezone: 'Europe/Brussels',
}
const OCTOBER = {
  start_datetime: '2026-10-24T00:00:00+02:00',
  end_datetime: '2026-10-26T00:00:00+01:00',
  timezone: 'Europe/Brussels',
}
const KOLKATA = {
  start_datetime: '2026-05-10T00:00:00+05:30',
  end_datetime: '2026-05-11T00:00:00+05:30',
  timezone: 'Asia/Kolkata',
}

describe('export and net beside kWh', () => {
  it('reads a two-way meter across the March change and a reset, per day and in total', async () => {
    const daily = await intervals(ids.march, MARCH)
    expect(daily.intervals.map((b) => [b.start, b.kwh, b.export_kwh, b.net_kwh])).toEqual([
      ['2026-03-28T00:00:00+01:00', 96, 24, 72],
      ['2026-03-29T00:00:00+01:00', 92, 23, 69],
      ['2026-03-30T00:00:00+02:00', 96, 24, 72],
    ])
    expect(daily).toMatchObject({ total_kwh: 284, total_export_kwh: 71, total_net_kwh: 213 })
    const total = await cumulative(ids.march, MARCH)
    expect(total).toMatchObject({ kwh: 284, export_kwh: 71, net_kwh: 213 })
  })

  it('reads the October change with a six-hour gap across it', async () => {
    const daily = await intervals(ids.october, OCTOBER)
    expect(daily.intervals.map((b) => [b.start, b.kwh, b.export_kwh, b.net_kwh])).toEqual([
      ['2026-10-24T00:00:00+02:00', 96, 24, 72],
      ['2026-10-25T00:00:00+02:00', 100, 25, 75],
    ])
    expect(daily).toMatchObject({ total_kwh: 196, total_export_kwh: 49, total_net_kwh: 147 })
    // An hour inside the gap: its edges are interpolated on both registers (4 and 1 kWh an hour).
    const hour = await cumulative(ids.october, {
      start_datetime: '2026-10-25T02:00:00Z',
      end_datetime: '2026-10-25T03:00:00Z',
      timezone: 'Europe/Brussels',
    })
    expect(hour).toMatchObject({ kwh: 4, export_kwh: 1, net_kwh: 3, estimated: true })
    expect(hour).toMatchObject({ peak_kw: null, peak_coverage: 0, peak_quarters: 4 })
  })

  it('answers no export figures for a meter that only imports', async () => {
    const daily = await intervals(ids.kolkata, KOLKATA)
    expect(daily).toMatchObject({ total_kwh: 30, total_export_kwh: null, total_net_kwh: null })
    expect(daily.intervals[0]).not.toHaveProperty('export_kwh')
    const total = await cumulative(ids.kolkata, KOLKATA)
    expect(total).toMatchObject({ kwh: 30, export_kwh: null, net_kwh: null })
  })
})

describe('peak demand', () => {
  it('is exact over quarter-hour readings on the edges, with the gap not counted', async () => {
    expect(await cumulative(ids.march, MARCH)).toMatchObject({
      peak_kw: 4,
      peak_at: '2026-03-28T00:00:00+01:00',
      peak_estimated: false,
      peak_quarters: 284,
      peak_quarters_with_data: 284,
      peak_coverage: 1,
    })
    // 196 quarter hours, 24 of them in the gap: 172 / 196.
    expect(await intervals(ids.october, OCTOBER)).toMatchObject({
      peak_kw: 4,
      peak_at: '2026-10-24T00:00:00+02:00',
      peak_estimated: false,
      peak_quarters: 196,
      peak_quarters_with_data: 172,
      peak_coverage: 0.8776,
    })
  })

  it('finds a half-hour zone day peak at its local time, over 5-minute readings', async () => {
    const peak = {
      peak_kw: 6,
      peak_at: '2026-05-10T12:15:00+05:30',
      peak_estimated: false,
      peak_quarters: 96,
      peak_quarters_with_data: 96,
      peak_coverage: 1,
    }
    expect(await cumulative(ids.kolkata, KOLKATA)).toMatchObject(peak)
    expect(await intervals(ids.kolkata, { ...KOLKATA, granularity: 'hourly' })).toMatchObject(peak)
    // The 12 kW quarters just outside the local day count for a window holding them.
    expect(
      await cumulative(ids.kolkata, {
        start_datetime: '2026-05-09T23:30:00+05:30',
        end_datetime: '2026-05-10T00:30:00+05:30',
        timezone: 'Asia/Kolkata',
      }),
    ).toMatchObject({ peak_kw: 12, peak_at: '2026-05-09T23:30:00+05:30', peak_quarters: 4 })
  })

  it('is estimated over quarter-hour readings off the quarter edges', async () => {
    const day = { start_datetime: '2026-06-01T00:00:00Z', end_datetime: '2026-06-02T00:00:00Z' }
    expect(await cumulative(ids.offGrid, { ...day, timezone: 'UTC' })).toMatchObject({
      kwh: 98,
      peak_kw: 9.333,
      peak_at: '2026-06-01T10:00:00+00:00',
      peak_estimated: true,
      peak_quarters: 96,
      peak_quarters_with_data: 96,
      peak_coverage: 1,
    })
  })

  it('is null over hourly readings: no quarter hour has data', async () => {
    const day = { start_datetime: '2026-06-02T00:00:00Z', end_datetime: '2026-06-03T00:00:00Z' }
    expect(await cumulative(ids.hourly, { ...day, timezone: 'UTC' })).toMatchObject({
      kwh: 96,
      peak_kw: null,
      peak_at: null,
      peak_estimated: null,
      peak_quarters: 96,
      peak_quarters_with_data: 0,
      peak_coverage: 0,
    })
  })
})

describe('quarter-hour power', () => {
  it('gives each quarter hour its kW, estimated edges as the peak reads them', async () => {
    const answer = await intervals(ids.offGrid, {
      start_datetime: '2026-06-01T09:45:00Z',
      end_datetime: '2026-06-01T10:45:00Z',
      timezone: 'UTC',
      granularity: 'quarter_hour',
    })
    expect(answer).toMatchObject({ granularity: 'quarter_hour', peak_kw: 9.333, total_kwh: 6 })
    expect(answer.intervals.map((b) => [b.start, b.kwh, (b as { kw?: number }).kw])).toEqual([
      ['2026-06-01T09:45:00+00:00', 1, 4],
      ['2026-06-01T10:00:00+00:00', 2.333, 9.333],
      ['2026-06-01T10:15:00+00:00', 1.667, 6.667],
      ['2026-06-01T10:30:00+00:00', 1, 4],
    ])
  })

  it('has no power where readings are further apart, and none on other granularities', async () => {
    const window = {
      start_datetime: '2026-06-02T10:00:00Z',
      end_datetime: '2026-06-02T10:30:00Z',
      timezone: 'UTC',
    }
    const quarters = await intervals(ids.hourly, { ...window, granularity: 'quarter_hour' })
    expect(quarters.intervals.map((b) => [b.kwh, (b as { kw?: number }).kw])).toEqual([
      [1, null],
      [1, null],
    ])
    const hourly = await intervals(ids.hourly, { ...window, granularity: 'hourly' })
    expect(hourly.intervals[0]).not.toHaveProperty('kw')
  })
})

describe('the report carries the same figures', () => {
  const reportQuery = (window: Record<string, string>, devices: string[]) => ({
    current_start: window.start_datetime!,
    current_end: window.end_datetime!,
    previous_start: '2026-01-01T00:00:00Z',
    previous_end: '2026-01-02T00:00:00Z',
    timezone: window.timezone!,
    device_ids: devices,
  })

  it('per device and in total, as JSON and CSV', async () => {
    const query = reportQuery(MARCH, [ids.march, ids.kolkata])
    const report = (await get('getEnergyReport', '/api/v1/reports/energy', query)).json() as {
      current: Record<string, unknown>
      previous: Record<string, unknown>
      devices: Array<Record<string, unknown>>
    }
    const march = report.devices.find((d) => d.device_id === ids.march)!
    expect(march).toMatchObject({
      current_kwh: 284,
      current_export_kwh: 71,
      current_net_kwh: 213,
      current_peak_kw: 4,
      current_peak_at: '2026-03-28T00:00:00+01:00',
      current_peak_estimated: false,
      current_peak_coverage: 1,
      previous_kwh: null,
      previous_export_kwh: null,
      previous_net_kwh: null,
      previous_peak_kw: null,
      previous_peak_at: null,
      previous_peak_estimated: null,
      previous_peak_coverage: 0,
    })
    // The import-only meter has no readings in March: no figures; totals are the March meter's.
    expect(report.devices.find((d) => d.device_id === ids.kolkata)).toMatchObject({
      current_kwh: null,
      current_export_kwh: null,
      current_net_kwh: null,
      current_peak_kw: null,
    })
    expect(report.current).toMatchObject({
      total_kwh: 284,
      total_export_kwh: 71,
      total_net_kwh: 213,
    })
    expect(report.previous).toMatchObject({ total_export_kwh: null, total_net_kwh: null })
    const csv = (await get('getEnergyReportCsv', '/api/v1/reports/energy.csv', query)).body
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe(
      'device_id,device_name,current_kwh,previous_kwh,absolute_change,percent_change,previous_full_kwh,current_cost,previous_cost,current_co2_kg,previous_co2_kg,currency,current_export_kwh,previous_export_kwh,current_net_kwh,previous_net_kwh,current_peak_kw,current_peak_at,current_peak_estimated,current_peak_coverage,previous_peak_kw,previous_peak_at,previous_peak_estimated,previous_peak_coverage,current_energy_cost,current_feed_in_credit,current_demand_charge,previous_energy_cost,previous_feed_in_credit,previous_demand_charge',
    )
    expect(lines).toContain(
      `${ids.march},Brussels March,284,,,,,,,,,,71,,213,,4,2026-03-28T00:00:00+01:00,false,1,,,,0,,,,,,`,
    )
    // (The previous period's cost and CO2 are the sum over no kWh: 0, as before issue 35.)
    // Without tariffs the cost parts are empty.
    expect(lines).toContain('total,,284,0,284,,0,,0,,0,,71,,213,,,,,,,,,,,,,,,')
  })

  it("in a half-hour zone, the report's peak is the consumption answer's", async () => {
    const query = reportQuery(KOLKATA, [ids.kolkata])
    const report = (await get('getEnergyReport', '/api/v1/reports/energy', query)).json() as {
      devices: Array<Record<string, unknown>>
    }
    const total = await cumulative(ids.kolkata, KOLKATA)
    expect(report.devices[0]).toMatchObject({
      current_kwh: total.kwh,
      current_peak_kw: total.peak_kw,
      current_peak_at: total.peak_at,
      current_peak_estimated: total.peak_estimated,
      current_peak_coverage: total.peak_coverage,
    })
    expect(report.devices[0]).toMatchObject({ current_peak_kw: 6, current_kwh: 30 })
  })
})
