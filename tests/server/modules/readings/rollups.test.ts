import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsDir } from '~/server/db/migrate.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { computeDeltas, dayOf, type Point } from '~/server/modules/readings/deltas.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from '../../helpers/build.ts'
import { prng } from '~/server/seed/random.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

const Q = 15 * 60_000
const T0 = Date.parse('2026-03-01T20:00:00Z')
let serial = 0

async function newDevice(): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Rollup meter', `RU-${++serial}`],
  )
  return rows[0]!.id
}

const insert = (rows: NewReading[]) => t.db.transaction(SYSTEM, (tx) => insertReadings(tx, rows))

/**
 * Both rollups must equal a recomputation from the readings: gaps are readings more than 22.5
 * minutes after the previous reading or the unit's start, whichever is later.
 */
async function expectRollupsExact(deviceId: string) {
  for (const [table, unit, trunc] of [
    ['readings_hourly', 'hour', 'hour'],
    ['readings_daily', 'day', 'day'],
  ] as const) {
    const { rows: kept } = await t.db.query(
      `SELECT ${unit} AS unit, round(kwh::numeric, 6) AS kwh, reading_count, resets, gaps, estimated,
              first_ts, last_ts, last_kwh
       FROM ${table} WHERE device_id = $1 AND reading_count > 0 ORDER BY ${unit}`,
      [deviceId],
    )
    const { rows: fresh } = await t.db.query(
      `WITH r AS (
         SELECT *, date_trunc('${trunc}', ts - interval '1 microsecond', 'UTC') AS unit
         FROM readings WHERE device_id = $1 AND reading_type = 'energy_kwh'
       ), l AS (SELECT *, lag(ts) OVER (PARTITION BY unit ORDER BY ts) AS prev_ts FROM r)
       SELECT unit, round(coalesce(sum(delta_kwh), 0)::numeric, 6) AS kwh, count(*)::int AS reading_count,
              count(*) FILTER (WHERE is_reset)::int AS resets,
              count(*) FILTER (WHERE ts - greatest(prev_ts, unit) > interval '22.5 minutes')::int AS gaps,
              count(*) FILTER (WHERE status = 'estimated')::int AS estimated,
              min(ts) AS first_ts, max(ts) AS last_ts, (array_agg(kwh ORDER BY ts DESC))[1] AS last_kwh
       FROM l GROUP BY unit ORDER BY unit`,
      [deviceId],
    )
    expect(kept, table).toEqual(fresh)
  }
  const halves = `SELECT hour, round(kwh_first_half::numeric, 6) AS kwh FROM readings_hourly
    WHERE device_id = $1 AND reading_count > 0 ORDER BY hour`
  const { rows: kept } = await t.db.query(halves, [deviceId])
  const { rows: fresh } = await t.db.query(
    `WITH r AS (
       SELECT *, date_trunc('hour', ts - interval '1 microsecond', 'UTC') AS hour
       FROM readings WHERE device_id = $1 AND reading_type = 'energy_kwh'
     )
     SELECT hour, round(coalesce(sum(delta_kwh) FILTER (WHERE ts <= hour + interval '30 minutes'), 0)::numeric, 6) AS kwh
     FROM r GROUP BY hour ORDER BY hour`,
    [deviceId],
  )
  expect(kept, 'first half hours').toEqual(fresh)
  expect(await halfHoursOffHourly(deviceId), 'daily half hours').toEqual([])
  await expectExportExact(deviceId)
  await expectQuartersExact(deviceId)
}

/** The export columns of both rollups, recomputed from the device's export_kwh readings. */
async function expectExportExact(deviceId: string) {
  const exported = (unit: 'hour' | 'day') => `WITH r AS (
       SELECT *, date_trunc('${unit}', ts - interval '1 microsecond', 'UTC') AS unit
       FROM readings WHERE device_id = $1 AND reading_type = 'export_kwh'
     )
     SELECT unit, round(coalesce(sum(delta_kwh), 0)::numeric, 6) AS kwh, count(*)::int AS n,
            round(coalesce(sum(delta_kwh) FILTER (WHERE ts <= unit + interval '30 minutes'), 0)::numeric, 6) AS first_half,
            array_agg(coalesce(delta_kwh, 0) ORDER BY ts) AS deltas,
            array_agg(ceil(extract(epoch FROM ts - unit) / 1800)::int ORDER BY ts) AS halves
     FROM r GROUP BY unit ORDER BY unit`
  const { rows: hours } = await t.db.query(
    `SELECT hour AS unit, round(export_kwh::numeric, 6) AS kwh, export_reading_count AS n,
            round(export_first_half::numeric, 6) AS first_half
     FROM readings_hourly WHERE device_id = $1 AND export_reading_count > 0 ORDER BY hour`,
    [deviceId],
  )
  const { rows: expectedHours } = await t.db.query(exported('hour'), [deviceId])
  expect(hours, 'hourly export').toEqual(
    expectedHours.map(({ unit, kwh, n, first_half }) => ({ unit, kwh, n, first_half })),
  )
  const { rows: days } = await t.db.query<{
    unit: Date
    kwh: string
    n: number
    running: number[]
  }>(
    `SELECT day AS unit, round(export_kwh::numeric, 6) AS kwh, export_reading_count AS n, export_running AS running
     FROM readings_daily WHERE device_id = $1 AND export_reading_count > 0 ORDER BY day`,
    [deviceId],
  )
  const { rows: expectedDays } = await t.db.query<{
    unit: Date
    kwh: string
    n: number
    deltas: number[]
    halves: number[]
  }>(exported('day'), [deviceId])
  const running = (deltas: number[], halves: number[]) => {
    const sums = new Array<number>(48).fill(0)
    deltas.forEach((d, i) => {
      for (let j = halves[i]! - 1; j < 48; j++) sums[j]! += d
    })
    return sums.map(round6)
  }
  expect(
    days.map((d) => ({ ...d, running: d.running.map(round6) })),
    'daily export',
  ).toEqual(
    expectedDays.map((e) => ({
      unit: e.unit,
      kwh: e.kwh,
      n: e.n,
      running: running(e.deltas, e.halves),
    })),
  )
  const { rows: flag } = await t.db.query<{ has_export: boolean; any: boolean }>(
    `SELECT has_export, EXISTS (SELECT FROM readings WHERE device_id = $1 AND reading_type = 'export_kwh') AS any
     FROM devices WHERE id = $1`,
    [deviceId],
  )
  expect(flag[0]!.has_export, 'has_export').toBe(flag[0]!.any)
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6 + 0

interface DayQuarters {
  kwh: number[]
  ms: number[]
  straddles: number[]
}

/**
 * The quarters of each UTC day, recomputed from the device's import readings: each rise spread
 * linearly since its predecessor when they are at most 15 minutes apart.
 */
function quartersFromReadings(readings: ReadonlyArray<{ ts: number; delta: number | null }>) {
  const days = new Map<number, DayQuarters>()
  for (let i = 1; i < readings.length; i++) {
    const a = readings[i - 1]!.ts
    const { ts: b, delta } = readings[i]!
    if (delta === null || b - a > Q) continue
    for (let start = a - (a % Q); start < b; start += Q) {
      const overlap = Math.min(b, start + Q) - Math.max(a, start)
      if (overlap <= 0) continue
      const day = start - (start % 86_400_000)
      let d = days.get(day)
      if (!d) {
        const zeros = () => new Array<number>(96).fill(0)
        days.set(day, (d = { kwh: zeros(), ms: zeros(), straddles: zeros() }))
      }
      const k = (start - day) / Q
      d.kwh[k]! += (delta * overlap) / (b - a)
      d.ms[k]! += overlap
      const inside = (edge: number) => a < edge && edge < b
      if (inside(start) || inside(start + Q)) d.straddles[k]! += 1
    }
  }
  return days
}

/** The daily quarter arrays and peak columns against quartersFromReadings. */
async function expectQuartersExact(deviceId: string) {
  const { rows: readings } = await t.db.query<{ ts: Date; delta: number | null }>(
    `SELECT ts, delta_kwh AS delta FROM readings WHERE device_id = $1 AND reading_type = 'energy_kwh' ORDER BY ts`,
    [deviceId],
  )
  const expected = quartersFromReadings(
    readings.map((r) => ({ ts: r.ts.getTime(), delta: r.delta })),
  )
  const { rows } = await t.db.query<{
    day: Date
    kwh: number[] | null
    ms: number[] | null
    straddles: number[] | null
    peak_kwh: number | null
    peak: number | null
    estimated: boolean | null
    with_data: number
  }>(
    `SELECT day, quarter_kwh AS kwh, quarter_covered_ms AS ms, quarter_straddles AS straddles,
            peak_quarter_kwh AS peak_kwh, peak_quarter AS peak, peak_estimated AS estimated,
            quarters_with_data AS with_data
     FROM readings_daily WHERE device_id = $1 ORDER BY day`,
    [deviceId],
  )
  const { rows: offPeak } = await t.db.query(
    `SELECT d.day FROM readings_daily d,
       quarter_peak(d.quarter_kwh, d.quarter_covered_ms, d.quarter_straddles) p
     WHERE d.device_id = $1 AND (p.peak_kwh IS DISTINCT FROM d.peak_quarter_kwh
       OR p.peak_quarter IS DISTINCT FROM d.peak_quarter OR p.estimated IS DISTINCT FROM d.peak_estimated
       OR coalesce(p.with_data, 0) <> d.quarters_with_data)`,
    [deviceId],
  )
  expect(offPeak, 'days whose peak is not quarter_peak() of their arrays').toEqual([])
  const stored = new Set(rows.map((r) => r.day.getTime()))
  expect(
    [...expected.keys()].filter((day) => !stored.has(day)),
    'days without a row',
  ).toEqual([])
  for (const row of rows) {
    const e = expected.get(row.day.getTime())
    const label = `quarters of ${row.day.toISOString()}`
    if (!e) {
      expect([row.kwh, row.ms, row.straddles, row.peak_kwh, row.with_data], label).toEqual([
        null,
        null,
        null,
        null,
        0,
      ])
      continue
    }
    expect(row.kwh?.map(round6), label).toEqual(e.kwh.map(round6))
    expect(row.ms, label).toEqual(e.ms)
    expect(row.straddles, label).toEqual(e.straddles)
    const whole = e.ms.flatMap((ms, k) => (ms === Q ? [k] : []))
    expect(row.with_data, label).toBe(whole.length)
    if (whole.length === 0) {
      expect([row.peak_kwh, row.peak, row.estimated], label).toEqual([null, null, null])
      continue
    }
    const max = Math.max(...whole.map((k) => e.kwh[k]!))
    // Float sums in another order may break a tie either way: any quarter at the peak will do.
    const atPeak = whole.filter((k) => Math.abs(e.kwh[k]! - max) < 1e-9)
    expect(atPeak, label).toContain(row.peak)
    expect(row.peak_kwh, label).toBe(row.kwh![row.peak!])
    expect(row.estimated, label).toBe(e.straddles[row.peak!]! > 0)
  }
}

/**
 * The half hours of the device's daily `kwh_running` (differences of its running sums) that
 * disagree with its hourly rows (half hour 2k + 1 is hour k's first half, 2k + 2 its second), and
 * days whose last running sum is not their kwh: time-of-use cost prices whole days by them.
 */
async function halfHoursOffHourly(deviceId: string) {
  const { rows } = await t.db.query(
    `SELECT d.day, i, round((d.kwh_running[i] - coalesce(d.kwh_running[i - 1], 0))::numeric, 6) AS daily,
            round(coalesce(CASE WHEN i % 2 = 1 THEN h.kwh_first_half ELSE h.kwh - h.kwh_first_half END, 0)::numeric, 6) AS hourly
     FROM readings_daily d CROSS JOIN generate_series(1, 48) AS i
     LEFT JOIN readings_hourly h ON h.device_id = d.device_id AND h.hour = d.day + ((i - 1) / 2) * interval '1 hour'
     WHERE d.device_id = $1 AND array_length(d.kwh_running, 1) = 48
     UNION ALL
     SELECT day, 0, array_length(kwh_running, 1), 48 FROM readings_daily
     WHERE device_id = $1 AND array_length(kwh_running, 1) IS DISTINCT FROM 48
     UNION ALL
     SELECT day, 48, round(kwh_running[48]::numeric, 6), round(kwh::numeric, 6) FROM readings_daily
     WHERE device_id = $1`,
    [deviceId],
  )
  return rows.filter((r) => String(r.daily) !== String(r.hourly))
}

describe('gap flags', () => {
  it('flags a reading late after its predecessor or its unit start, and re-flags successors', () => {
    const p = (q: number): Point => ({ ts: T0 + q * Q, kwh: q, declaredReset: false })
    const stored = [p(0), p(1), p(5)]
    const changes = computeDeltas(
      stored.map((s) => ({ ...s, delta: s.ts === T0 ? null : 1, reset: false })),
      [p(3)],
    )
    // q5 (21:15) is 15 minutes into its hour either way, and late in its day after q1 (20:15)
    // as after q3 (20:45): only its delta moves.
    expect(changes.map((c) => [c.point.ts, c.delta, c.gaps])).toEqual([
      [T0 + 5 * Q, 2, { hour: false, day: true }],
    ])
    const fill = computeDeltas(
      [p(0), p(1), p(3)].map((s) => ({ ...s, delta: 1, reset: false })),
      [p(2)],
    )
    expect(fill.map((c) => [c.point.ts, c.point.gaps, c.gaps])).toEqual([
      [T0 + 3 * Q, { hour: true, day: true }, { hour: false, day: false }],
    ])
  })

  it('puts readings at d 00:00:00.001 .. d+1 00:00 into day d', () => {
    expect(dayOf(Date.UTC(2026, 2, 2))).toBe(Date.UTC(2026, 2, 1))
    expect(dayOf(Date.UTC(2026, 2, 2, 0, 0, 0, 1))).toBe(Date.UTC(2026, 2, 2))
  })
})

describe('hourly and daily rollups', () => {
  it('count gaps and estimated readings exactly under random batches in random order', async () => {
    const d = await newDevice()
    const random = prng(7)
    let kwh = 100
    let exported = 50
    // Four days of quarter hours with holes of random length and some estimated readings; most
    // carry the export register too (dropping now and then), and a few come a minute or two off
    // the quarter edges (more than 15 minutes after their predecessor: no whole quarter there).
    const all: NewReading[] = []
    for (let q = 0; q < 4 * 96; q++) {
      kwh = random() < 0.01 ? random() * 5 : kwh + random() * 2
      exported = random() < 0.02 ? random() * 3 : exported + random()
      if (random() < 0.15) q += Math.floor(random() * 12)
      const offEdge = random() < 0.1 ? Math.floor(random() * 5) * 30_000 : 0
      all.push({
        deviceId: d,
        ts: new Date(T0 + q * Q + offEdge),
        kwh: Math.round(kwh * 1000) / 1000,
        status: random() < 0.05 ? 'estimated' : 'ok',
        ...(random() < 0.7 && { exportKwh: Math.round(exported * 1000) / 1000 }),
      })
    }
    // Some readings sent twice: duplicates, within a batch or across batches.
    const repeats = all.filter(() => random() < 0.1)
    const shuffled = [...all, ...repeats].sort(() => random() - 0.5)
    for (let i = 0; i < shuffled.length;) {
      const size = 1 + Math.floor(random() * 40)
      await insert(shuffled.slice(i, i + size))
      i += size
    }
    await expectRollupsExact(d)
    const { rows } = await t.db.query<{
      gaps: number
      estimated: number
      exported: number
      whole: number
    }>(
      `SELECT sum(gaps)::int AS gaps, sum(estimated)::int AS estimated, sum(export_reading_count)::int AS exported,
              sum(quarters_with_data)::int AS whole
       FROM readings_daily WHERE device_id = $1`,
      [d],
    )
    expect(rows[0]!.gaps).toBeGreaterThan(5)
    expect(rows[0]!.estimated).toBeGreaterThan(3)
    expect(rows[0]!.exported).toBeGreaterThan(100)
    expect(rows[0]!.whole).toBeGreaterThan(100)
  })

  it('closes a gap when it is backfilled, also across an hour and a day', async () => {
    const d = await newDevice()
    // 23:00 and 00:30 the next day: the 00:30 reading is late in its hour and in its day.
    const midnight = Date.parse('2026-03-02T00:00:00Z')
    await insert([
      { deviceId: d, ts: new Date(midnight - 4 * Q), kwh: 1 },
      { deviceId: d, ts: new Date(midnight + 2 * Q), kwh: 5 },
    ])
    await expectRollupsExact(d)
    await insert(
      [-3, -2, -1, 0, 1].map((q) => ({ deviceId: d, ts: new Date(midnight + q * Q), kwh: 3 + q })),
    )
    await expectRollupsExact(d)
    const { rows } = await t.db.query<{ gaps: number }>(
      'SELECT sum(gaps)::int AS gaps FROM readings_daily WHERE device_id = $1',
      [d],
    )
    // Only the device's first reading (45 minutes after its day's start) is late.
    expect(rows[0]!.gaps).toBe(1)
  })

  it("keeps a day's half hours when an hour arrives in two halves and is backfilled", async () => {
    const d = await newDevice()
    const hour = Date.parse('2026-03-02T05:00:00Z')
    const at = (q: number, kwh: number): NewReading => ({
      deviceId: d,
      ts: new Date(hour + q * Q),
      kwh,
    })
    await insert([at(-1, 100), at(1, 101)])
    await insert([at(3, 104), at(4, 106)])
    await expectRollupsExact(d)
    // 05:30 slotted in: 05:15's rise stays, 05:45's splits into 05:30's and its own.
    await insert([at(2, 102.5)])
    await expectRollupsExact(d)
    const { rows } = await t.db.query<{ running: number[] }>(
      'SELECT kwh_running AS running FROM readings_daily WHERE device_id = $1',
      [d],
    )
    const running = rows[0]!.running.map((kwh) => Math.round(kwh * 1000) / 1000)
    // 04:45 opens the series; (05:00, 05:30] holds 1 + 1.5, (05:30, 06:00] 1.5 + 2.
    expect(running.slice(9, 13)).toEqual([0, 2.5, 6, 6])
    expect(running[47]).toBe(6)
  })

  it('fills the half hours of existing days as ingest keeps them (migration 025)', async () => {
    const d = await newDevice()
    const random = prng(11)
    let kwh = 10
    const readings: NewReading[] = []
    for (let q = 0; q < 3 * 96; q += 1 + Math.floor(random() * 3)) {
      kwh += random()
      readings.push({ deviceId: d, ts: new Date(T0 + q * Q + 7_000), kwh })
    }
    await insert(readings)
    const kept = await t.db.query(
      'SELECT day, kwh_running FROM readings_daily WHERE device_id = $1 ORDER BY day',
      [d],
    )
    const sql = readFileSync(path.join(migrationsDir, '025_daily_running_half_hours.sql'), 'utf8')
    const backfill = sql.slice(sql.indexOf('UPDATE readings_daily'))
    await t.db.transaction(SYSTEM, async (tx) => {
      await tx.query(
        'UPDATE readings_daily SET kwh_running = array_fill(0::float8, ARRAY[48]) WHERE device_id = $1',
        [d],
      )
      await tx.query(backfill)
    })
    const filled = await t.db.query(
      'SELECT day, kwh_running FROM readings_daily WHERE device_id = $1 ORDER BY day',
      [d],
    )
    const rounded = (rows: typeof kept.rows) =>
      rows.map((r) => (r.kwh_running as number[]).map((x) => Math.round(x * 1e6) / 1e6))
    expect(rounded(filled.rows)).toEqual(rounded(kept.rows))
    expect(
      rounded(filled.rows)
        .flat()
        .filter((x) => x > 0).length,
    ).toBeGreaterThan(100)
    await expectRollupsExact(d)
  })

  it('leaves the energy rollups alone when readings of another type are backfilled', async () => {
    const d = await newDevice()
    const energy = [0, 1, 2, 3].map((q) => ({ deviceId: d, ts: new Date(T0 + q * Q), kwh: 10 + q }))
    const gas = (q: number, kwh: number): NewReading => ({
      deviceId: d,
      readingType: 'gas_m3',
      ts: new Date(T0 + q * Q),
      kwh,
    })
    await insert([...energy, gas(0, 100), gas(3, 130)])
    const before = await t.db.query('SELECT * FROM readings_hourly WHERE device_id = $1', [d])
    // Slotted between the two, it moves the later gas reading's delta: not an energy figure.
    await insert([gas(1, 110), gas(2, 120)])
    const after = await t.db.query('SELECT * FROM readings_hourly WHERE device_id = $1', [d])
    expect(after.rows).toEqual(before.rows)
    await expectRollupsExact(d)
  })
})

describe('export register and quarter hours (issue 35)', () => {
  const DAY = Date.parse('2026-03-03T00:00:00Z')
  const MIN = 60_000
  const at = (d: string, minutes: number, kwh: number, extra: Partial<NewReading> = {}) => ({
    deviceId: d,
    ts: new Date(DAY + minutes * MIN),
    kwh,
    ...extra,
  })

  async function dayRow(d: string, day = DAY) {
    const { rows } = await t.db.query<{
      kwh: number[] | null
      ms: number[] | null
      straddles: number[] | null
      peak_kwh: number | null
      peak: number | null
      estimated: boolean | null
      with_data: number
      export_kwh: number
      export_count: number
      export_running: number[]
    }>(
      `SELECT quarter_kwh AS kwh, quarter_covered_ms AS ms, quarter_straddles AS straddles,
              peak_quarter_kwh AS peak_kwh, peak_quarter AS peak, peak_estimated AS estimated,
              quarters_with_data AS with_data, export_kwh, export_reading_count AS export_count, export_running
       FROM readings_daily WHERE device_id = $1 AND day = $2`,
      [d, new Date(day)],
    )
    return rows[0]!
  }

  it('hand-computed: quarter kWh, coverage, straddles and the peak of a morning, backfilled', async () => {
    const d = await newDevice()
    // 10:00 100, 10:05 101, 10:15 103, 10:30 104.5, 10:40 108, 10:50 109, 11:10 110; the export
    // register at 10:00 (10) and 10:30 (12) only. 10:05 and 10:40 arrive last.
    await insert([
      at(d, 600, 100, { exportKwh: 10 }),
      at(d, 615, 103),
      at(d, 630, 104.5, { exportKwh: 12 }),
      at(d, 650, 109),
      at(d, 670, 110),
    ])
    await insert([at(d, 605, 101), at(d, 640, 108)])
    const row = await dayRow(d)
    // Quarter 40 [10:00, 10:15): 1 + 2, readings on both edges. Quarter 41: 1.5, exact.
    // Quarter 42 [10:30, 10:45): 3.5 over (10:30, 10:40] and half of (10:40, 10:50]'s 1: 4,
    // its end between readings. Quarter 43: the other half, 5 of its 15 minutes (10:50 to 11:10
    // is 20 minutes: no data). Nothing else.
    expect(row.kwh!.slice(40, 45).map(round6)).toEqual([3, 1.5, 4, 0.5, 0])
    expect(row.ms!.slice(40, 45)).toEqual([900_000, 900_000, 900_000, 300_000, 0])
    expect(row.straddles!.slice(40, 45)).toEqual([0, 0, 1, 1, 0])
    expect(row.kwh!.filter((k) => k !== 0)).toHaveLength(4)
    // The peak: 4 kWh in quarter 42 (10:30 UTC), 16 kW, an estimate; 3 quarters whole.
    expect([round6(row.peak_kwh!), row.peak, row.estimated, row.with_data]).toEqual([
      4,
      42,
      true,
      3,
    ])
    // The export register: its 10:30 reading rose 2 since 10:00, in hour 10's first half (10:00
    // itself is hour 9's last reading) and the day's half hour 20 (10:00, 10:30].
    expect([row.export_kwh, row.export_count]).toEqual([2, 2])
    expect(row.export_running.slice(19, 22)).toEqual([0, 2, 2])
    const { rows: hours } = await t.db.query(
      `SELECT extract(hour FROM hour AT TIME ZONE 'UTC')::int AS h, export_kwh, export_first_half, export_reading_count AS n
       FROM readings_hourly WHERE device_id = $1 AND export_reading_count > 0 ORDER BY hour`,
      [d],
    )
    expect(hours).toEqual([
      { h: 9, export_kwh: 0, export_first_half: 0, n: 1 },
      { h: 10, export_kwh: 2, export_first_half: 2, n: 1 },
    ])
    await expectRollupsExact(d)
  })

  it("finds the new peak among untouched quarters when a backfill lowers the peak's quarter", async () => {
    const d = await newDevice()
    await insert([
      at(d, 600, 100),
      at(d, 605, 100),
      at(d, 620, 106),
      at(d, 630, 106.2),
      at(d, 645, 109.7),
    ])
    // (10:05, 10:20] rises 6: 4 to quarter 40, 2 to quarter 41 (+0.2 after 10:20); 42 gets 3.5.
    const before = await dayRow(d)
    expect(before.kwh!.slice(40, 43).map(round6)).toEqual([4, 2.2, 3.5])
    expect([round6(before.peak_kwh!), before.peak, before.estimated]).toEqual([4, 40, true])
    // 10:15 at 103: quarter 40 now 3, 41 3.2; the peak is quarter 42's 3.5, which no reading moved.
    await insert([at(d, 615, 103)])
    const after = await dayRow(d)
    expect(after.kwh!.slice(40, 43).map(round6)).toEqual([3, 3.2, 3.5])
    expect([round6(after.peak_kwh!), after.peak, after.estimated, after.with_data]).toEqual([
      3.5,
      42,
      false,
      3,
    ])
    await expectRollupsExact(d)
  })

  /** A day of readings every `step` minutes from `offset`, rising by `rise` each, as a pattern says. */
  function series(d: string, step: number, offset: number, until = 24 * 60, rise = 0.25) {
    const rows: NewReading[] = []
    for (let m = offset, kwh = 500; m <= until; m += step, kwh += rise) rows.push(at(d, m, kwh))
    return rows
  }

  /** The readings in three batches of random order (so some are backfilled between stored ones). */
  async function insertShuffled(rows: NewReading[], seed: number) {
    const random = prng(seed)
    const shuffled = [...rows].sort(() => random() - 0.5)
    const third = Math.ceil(shuffled.length / 3)
    for (let i = 0; i < shuffled.length; i += third) await insert(shuffled.slice(i, i + third))
  }

  it('15-minute readings on the edges: every quarter whole and exact', async () => {
    const d = await newDevice()
    const rows = series(d, 15, 0)
    rows[50]!.kwh += 3 // quarter 49 rises 3.25
    for (const r of rows.slice(51)) r.kwh += 3
    await insertShuffled(rows, 1)
    await expectRollupsExact(d)
    const row = await dayRow(d)
    // The day's first reading at 00:00 opens the series: quarters 0..95 all follow a reading.
    expect([row.with_data, row.peak, round6(row.peak_kwh!), row.estimated]).toEqual([
      96,
      49,
      3.25,
      false,
    ])
    expect(row.straddles!.every((s) => s === 0)).toBe(true)
  })

  it('5-minute readings off the edges: whole quarters, all estimated', async () => {
    const d = await newDevice()
    await insertShuffled(series(d, 5, 2, 6 * 60 + 2), 2)
    await expectRollupsExact(d)
    const row = await dayRow(d)
    // 00:02 .. 06:02: quarter 0 lacks its first 2 minutes, quarters 1..23 are whole, 24 has 2 minutes.
    expect([row.with_data, row.estimated, row.ms![0], row.ms![24]]).toEqual([
      23,
      true,
      780_000,
      120_000,
    ])
    expect(round6(row.peak_kwh!)).toBe(0.75)
  })

  it('keeps the quarters exact under random backfills of dense readings, on and off the edges', async () => {
    const d = await newDevice()
    const random = prng(35)
    const rows: NewReading[] = []
    let kwh = 20
    let exported = 3
    // A day of readings 1 to 10 minutes apart, whole seconds: backfills move stored spreads.
    for (let ms = 0; ms < 86_400_000; ms += (1 + Math.floor(random() * 10)) * MIN) {
      kwh = random() < 0.01 ? random() : kwh + random() * 0.5
      exported += random() * 0.2
      const ts = ms + (random() < 0.5 ? Math.floor(random() * 60) * 1000 : 0)
      rows.push({ ...at(d, 0, kwh), ts: new Date(DAY + ts), exportKwh: exported })
    }
    const shuffled = [...rows, ...rows.filter(() => random() < 0.05)].sort(() => random() - 0.5)
    for (let i = 0; i < shuffled.length;) {
      const size = 1 + Math.floor(random() * 60)
      await insert(shuffled.slice(i, i + size))
      i += size
    }
    await expectRollupsExact(d)
    expect((await dayRow(d)).with_data).toBeGreaterThan(90)
  })

  it('hourly readings: no quarter has data, the arrays stay NULL and the peak null', async () => {
    const d = await newDevice()
    await insertShuffled(series(d, 60, 0), 3)
    await expectRollupsExact(d)
    const row = await dayRow(d)
    expect([row.kwh, row.ms, row.straddles, row.peak_kwh, row.peak, row.with_data]).toEqual([
      null,
      null,
      null,
      null,
      null,
      0,
    ])
  })

  it('a 6-hour gap in 5-minute readings gives no quarter between, then a reset restarts the count', async () => {
    const d = await newDevice()
    const before = series(d, 5, 0, 6 * 60)
    const after = series(d, 5, 12 * 60, 18 * 60).map((r, i) => ({
      ...r,
      kwh: 2 + i * 0.1,
      ...(i === 0 && { status: 'reset' as const }),
    }))
    // And a drop two hours later (4.3 to 0.4 at 14:00): the meter restarts at 0.4.
    for (const r of after.slice(24)) r.kwh -= 4
    await insertShuffled([...before, ...after], 4)
    await expectRollupsExact(d)
    const row = await dayRow(d)
    // Quarters 0..23 and 48..71 are whole, none in the gap: the reset's rise (2, over 6 hours)
    // spreads nowhere; the drop's (0.4, over 5 minutes) ends quarter 55 [13:45, 14:00).
    expect(row.ms!.slice(24, 48).every((ms) => ms === 0)).toBe(true)
    expect(row.with_data).toBe(48)
    expect(round6(row.kwh![55]!)).toBe(0.6)
  })

  it("spreads a rise after midnight into the day before's last quarter", async () => {
    const d = await newDevice()
    await insert([at(d, -5, 10), at(d, 5, 12)])
    await expectRollupsExact(d)
    const previous = await dayRow(d, DAY - 86_400_000)
    const row = await dayRow(d)
    expect([round6(previous.kwh![95]!), previous.ms![95], previous.straddles![95]]).toEqual([
      1, 300_000, 1,
    ])
    expect([round6(row.kwh![0]!), row.ms![0], row.straddles![0]]).toEqual([1, 300_000, 1])
  })

  it('reports a two-way reading stored when either register is new, a duplicate when both were', async () => {
    const d = await newDevice()
    expect(await insert([at(d, 0, 1), at(d, 5, 2, { exportKwh: 1 })])).toMatchObject({
      inserted: [0, 1],
      duplicates: [],
    })
    // The same import readings, now with export: the export rows are new.
    const again = [at(d, 0, 1, { exportKwh: 0.5 }), at(d, 5, 2, { exportKwh: 1 }), at(d, 5, 2)]
    expect(await insert(again)).toMatchObject({ inserted: [0], duplicates: [1, 2] })
    expect(await insert(again)).toMatchObject({ inserted: [], duplicates: [0, 1, 2] })
    await expectRollupsExact(d)
    const { rows } = await t.db.query(
      `SELECT reading_type, kwh, delta_kwh FROM readings WHERE device_id = $1 ORDER BY reading_type, ts`,
      [d],
    )
    expect(rows).toEqual([
      { reading_type: 'energy_kwh', kwh: 1, delta_kwh: null },
      { reading_type: 'energy_kwh', kwh: 2, delta_kwh: 1 },
      { reading_type: 'export_kwh', kwh: 0.5, delta_kwh: null },
      { reading_type: 'export_kwh', kwh: 1, delta_kwh: 0.5 },
    ])
  })

  it('fills the columns of existing readings as ingest keeps them (migration 028)', async () => {
    const d = await newDevice()
    const rows = series(d, 5, 1, 8 * 60).map((r, i) => ({
      ...r,
      ...(i % 3 !== 1 && { exportKwh: 40 + i * 0.05 }),
    }))
    await insertShuffled(rows, 5)
    const columns = `SELECT day, export_kwh, export_running, export_reading_count, quarter_kwh, quarter_covered_ms,
      quarter_straddles, peak_quarter_kwh, peak_quarter, peak_estimated, quarters_with_data FROM readings_daily
      WHERE device_id = $1 ORDER BY day`
    const kept = (await t.db.query(columns, [d])).rows
    const sql = readFileSync(
      path.join(migrationsDir, '028_export_register_and_quarter_hours.sql'),
      'utf8',
    )
    const backfill = sql.slice(sql.indexOf('-- Backfill'))
    await t.db.transaction(SYSTEM, async (tx) => {
      await tx.query(
        `UPDATE readings_daily SET export_kwh = 0, export_running = array_fill(0::float8, ARRAY[48]),
           export_reading_count = 0, quarter_kwh = NULL, quarter_covered_ms = NULL, quarter_straddles = NULL
         WHERE device_id = $1`,
        [d],
      )
      await tx.query('UPDATE devices SET has_export = false WHERE id = $1', [d])
      await tx.exec(backfill)
    })
    const filled = (await t.db.query(columns, [d])).rows
    const rounded = (list: typeof kept) =>
      list.map((r) => ({
        ...r,
        export_kwh: round6(r.export_kwh as number),
        export_running: (r.export_running as number[]).map(round6),
        quarter_kwh: (r.quarter_kwh as number[]).map(round6),
        peak_quarter_kwh: round6(r.peak_quarter_kwh as number),
      }))
    expect(rounded(filled)).toEqual(rounded(kept))
    expect(filled[0]!.quarters_with_data).toBe(30)
    await expectRollupsExact(d)
  })
})
