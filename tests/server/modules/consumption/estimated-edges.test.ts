import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM } from '~/server/db/database.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { prng } from '~/server/seed/random.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { MeterReference, type PlainReading } from '../../helpers/meter-reference.ts'

let t: TestApp
let admin: Session
beforeAll(async () => {
  t = await build()
  admin = await t.as('admin')
})
afterAll(async () => t?.close())

const Q = 15 * 60_000
const H = 3_600_000
let serial = 0

async function deviceWith(readings: PlainReading[]): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Edge meter', `EE-${++serial}`],
  )
  const id = rows[0]!.id
  const rowsIn: NewReading[] = readings.map((r) => ({
    deviceId: id,
    ts: new Date(r.ts),
    kwh: r.kwh,
    ...(r.status && { status: r.status }),
  }))
  for (let i = 0; i < rowsIn.length; i += 2000)
    await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, rowsIn.slice(i, i + 2000)))
  return id
}

/** Quarter-hour readings from `from` to `to` (inclusive), 1 kWh a quarter, except where skipped. */
function quarterHours(from: string, to: string, skip: (ts: number) => boolean = () => false) {
  const out: PlainReading[] = []
  let kwh = 100
  for (let ts = Date.parse(from); ts <= Date.parse(to); ts += Q, kwh += 1)
    if (!skip(ts)) out.push({ ts, kwh })
  return out
}

interface Interval {
  start: string
  end: string
  kwh: number | null
  metadata: { estimated: boolean; present_readings: number }
}

async function intervals(device: string, query: Record<string, string>) {
  const response = await t.call(admin, {
    method: 'GET',
    url: `/api/v1/devices/${device}/consumption/intervals`,
    query,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { total_kwh: number; intervals: Interval[] }
}

async function cumulative(device: string, query: Record<string, string>) {
  const response = await t.call(admin, {
    method: 'GET',
    url: `/api/v1/devices/${device}/consumption/cumulative`,
    query,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as {
    kwh: number | null
    estimated: boolean
    reading_count: number
    first_reading_at: string | null
    last_reading_at: string | null
  }
}

describe('edges between readings are estimated', () => {
  it('splits a six-hour gap across midnight by time', async () => {
    // Readings up to 21:00 and again from 03:00: the 24 quarters of the gap rise 24 kWh.
    const gapFrom = Date.parse('2026-05-04T21:00:00Z')
    const gapTo = Date.parse('2026-05-05T03:00:00Z')
    const d = await deviceWith(
      quarterHours(
        '2026-05-04T00:00:00Z',
        '2026-05-06T00:00:00Z',
        (ts) => ts > gapFrom && ts < gapTo,
      ),
    )
    const daily = await intervals(d, {
      start_datetime: '2026-05-04T00:00:00Z',
      end_datetime: '2026-05-06T00:00:00Z',
      timezone: 'UTC',
    })
    // 84 quarters up to 21:00, then 3 of the gap's 6 hours (12 kWh) before midnight.
    expect(daily.intervals.map((i) => [i.kwh, i.metadata.estimated])).toEqual([
      [84 + 12, true],
      [12 + 84, true],
    ])
    expect(daily.total_kwh).toBe(192)
    const hourly = await intervals(d, {
      start_datetime: '2026-05-04T22:00:00Z',
      end_datetime: '2026-05-05T01:00:00Z',
      timezone: 'UTC',
      granularity: 'hourly',
    })
    expect(hourly.intervals.map((i) => [i.kwh, i.metadata.present_readings])).toEqual([
      [4, 0],
      [4, 0],
      [4, 0],
    ])
  })

  it('reads 10:10 to 13:50 over quarter-hour readings as that, not 10:00 to 13:45', async () => {
    const d = await deviceWith(quarterHours('2026-05-07T09:00:00Z', '2026-05-07T15:00:00Z'))
    const window = { start_datetime: '2026-05-07T10:10:00Z', end_datetime: '2026-05-07T13:50:00Z' }
    // 3 h 40 min at 4 kWh an hour.
    const total = await cumulative(d, window)
    expect(total).toMatchObject({
      kwh: 14.667,
      estimated: true,
      reading_count: 15,
      first_reading_at: '2026-05-07T10:15:00+00:00',
      last_reading_at: '2026-05-07T13:45:00+00:00',
    })
    const hourly = await intervals(d, { ...window, granularity: 'hourly' })
    // A 50-minute first bucket and a 50-minute last one, each 50/60 of an hour's 4 kWh; rounded
    // to Wh so that they add up to the window's 14.667 (the last takes the rounding's 1 Wh).
    expect(hourly.intervals.map((i) => [i.start, i.kwh, i.metadata.estimated])).toEqual([
      ['2026-05-07T10:10:00+00:00', 3.333, true],
      ['2026-05-07T11:00:00+00:00', 4, false],
      ['2026-05-07T12:00:00+00:00', 4, false],
      ['2026-05-07T13:00:00+00:00', 3.334, true],
    ])
    expect(hourly.total_kwh).toBe(total.kwh)
  })

  it('keeps the readings it reports inside [start, end)', async () => {
    const d = await deviceWith(quarterHours('2026-05-08T00:00:00Z', '2026-05-08T03:00:00Z'))
    const total = await cumulative(d, {
      start_datetime: '2026-05-08T01:00:00Z',
      end_datetime: '2026-05-08T02:00:00Z',
    })
    expect(total).toMatchObject({
      kwh: 4,
      estimated: false,
      reading_count: 4,
      first_reading_at: '2026-05-08T01:00:00+00:00',
      last_reading_at: '2026-05-08T01:45:00+00:00',
    })
  })

  it('does not estimate across a gap longer than 24 hours', async () => {
    const d = await deviceWith([
      { ts: Date.parse('2026-05-10T00:00:00Z'), kwh: 10 },
      { ts: Date.parse('2026-05-12T00:00:00Z'), kwh: 58 },
    ])
    const daily = await intervals(d, {
      start_datetime: '2026-05-10T00:00:00Z',
      end_datetime: '2026-05-12T00:00:00Z',
    })
    // The gap's rise stays with the reading after it (the next day, outside the window).
    expect(daily.intervals.map((i) => [i.kwh, i.metadata.estimated])).toEqual([
      [null, false],
      [48, false],
    ])
  })
})

/**
 * A random meter: quarter-hour readings, some off the grid, holes of up to 30 hours (some beyond
 * the interpolation bound), meter resets (a drop, or a declared reset), over `days` days.
 */
function randomSeries(random: () => number, start: number, days: number): PlainReading[] {
  const out: PlainReading[] = []
  let kwh = 1000 * random()
  for (let ts = start; ts < start + days * 24 * H; ts += Q) {
    const hole = random()
    if (hole < 0.01) ts += Math.floor(random() * 120) * Q
    else if (hole < 0.04) ts += Math.floor(random() * 12) * Q
    const jitter = random() < 0.1 ? Math.floor(random() * 14) * 60_000 : 0
    const reset = random() < 0.004
    kwh = reset ? random() * 2 : kwh + random() * 3
    out.push({
      ts: ts + jitter,
      kwh: Math.round(kwh * 1000) / 1000,
      ...(reset && random() < 0.5 && { status: 'reset' as const }),
    })
  }
  return out
}

const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/New_York', 'Asia/Kathmandu']
const GRANULARITIES = ['hourly', 'daily', 'weekly'] as const

describe('reports over a whole scope', () => {
  it("add up each device's estimated hours, edges settled by the rollups or by the readings", async () => {
    // One device reads every quarter hour (every edge on a reading, settled from the hourly
    // rollups), one has a six-hour gap across midnight (its edges there are estimated).
    const from = '2026-06-10T18:00:00Z'
    const to = '2026-06-11T06:00:00Z'
    const gap = [Date.parse('2026-06-10T21:00:00Z'), Date.parse('2026-06-11T03:00:00Z')]
    const group = await t.db.query<{ id: string }>('SELECT id FROM devices WHERE group_id = $1', [
      t.fx.groups.A,
    ])
    const before = group.rows.map((r) => r.id)
    const steady = await deviceWith(quarterHours(from, to))
    const gappy = await deviceWith(quarterHours(from, to, (ts) => ts > gap[0]! && ts < gap[1]!))
    const window = { start_datetime: '2026-06-10T20:00:00Z', end_datetime: '2026-06-11T04:00:00Z' }
    const response = await t.call(admin, {
      method: 'GET',
      url: '/api/v1/reports/energy',
      query: {
        current_start: window.start_datetime,
        current_end: window.end_datetime,
        previous_start: '2026-06-09T20:00:00Z',
        previous_end: '2026-06-10T04:00:00Z',
        granularity: 'hourly',
        timezone: 'UTC',
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    const report = response.json() as {
      current: { total_kwh: number }
      series: { current: Array<{ start: string; kwh: number | null; estimated: boolean }> }
    }
    const perDevice = await Promise.all(
      [...before, steady, gappy].map((d) => intervals(d, { ...window, granularity: 'hourly' })),
    )
    const sums = report.series.current.map((_, k) =>
      perDevice.reduce((sum, answer) => sum + (answer.intervals[k]?.kwh ?? 0), 0),
    )
    report.series.current.forEach((point, k) =>
      expect(point.kwh, point.start).toBeCloseTo(sums[k]!, 3),
    )
    // 21:00 and 03:00 are readings; every hour with an edge between them rests on an estimate.
    expect(report.series.current.map((p) => p.estimated)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ])
    expect(report.current.total_kwh).toBeCloseTo(
      perDevice.reduce((sum, answer) => sum + answer.total_kwh, 0),
      3,
    )
  })
})

describe('random windows over random series', () => {
  it('match the reference bucket by bucket, and the buckets add up to the window', async () => {
    const random = prng(26)
    const T0 = Date.parse('2026-02-20T00:00:00Z')
    const series = [randomSeries(random, T0, 20), randomSeries(random, T0 + 5 * H, 18)]
    const devices = await Promise.all(series.map((s) => deviceWith(s)))
    const references = series.map((s) => new MeterReference(s))
    for (let run = 0; run < 30; run++) {
      const k = run % devices.length
      const tz = ZONES[run % ZONES.length]!
      const granularity = GRANULARITIES[Math.floor(random() * GRANULARITIES.length)]!
      const span = (granularity === 'hourly' ? 2 : 12) * 24 * H
      const start = T0 - 24 * H + Math.floor((random() * 18 * 24 * H) / 60_000) * 60_000
      const end = start + 60_000 + Math.floor((random() * span) / 60_000) * 60_000
      const window = {
        start_datetime: new Date(start).toISOString(),
        end_datetime: new Date(end).toISOString(),
        timezone: tz,
      }
      const label = `${tz} ${granularity} ${window.start_datetime} - ${window.end_datetime}`
      const answer = await intervals(devices[k]!, { ...window, granularity })
      let sum = 0
      for (const i of answer.intervals) {
        const want = references[k]!.bucket(Date.parse(i.start), Date.parse(i.end))
        const at = `${label} bucket ${i.start}`
        if (want.kwh === null) expect(i.kwh, at).toBeNull()
        else
          expect(Math.abs(i.kwh! - want.kwh), `${at}: ${i.kwh} vs ${want.kwh}`).toBeLessThan(0.0011)
        expect([i.metadata.estimated, i.metadata.present_readings], at).toEqual([
          want.estimated,
          want.readings,
        ])
        sum += i.kwh ?? 0
      }
      const whole = await cumulative(devices[k]!, window)
      const want = references[k]!.bucket(start, end)
      if (want.kwh === null) expect(whole.kwh, label).toBeNull()
      else expect(Math.abs(whole.kwh! - want.kwh), label).toBeLessThan(0.0011)
      // The buckets are rounded to Wh so that they add up to the whole (float noise aside).
      expect(Math.abs(sum - (whole.kwh ?? 0)), label).toBeLessThanOrEqual(0.0010001)
      expect(answer.total_kwh, label).toBe(Math.round(sum * 1000) / 1000)
      expect(whole.reading_count, label).toBe(want.readings)
    }
  })
})
