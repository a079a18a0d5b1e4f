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
    // Four days of quarter hours with holes of random length and some estimated readings.
    const all: NewReading[] = []
    for (let q = 0; q < 4 * 96; q++) {
      kwh = random() < 0.01 ? random() * 5 : kwh + random() * 2
      if (random() < 0.15) q += Math.floor(random() * 12)
      all.push({
        deviceId: d,
        ts: new Date(T0 + q * Q),
        kwh: Math.round(kwh * 1000) / 1000,
        status: random() < 0.05 ? 'estimated' : 'ok',
      })
    }
    const shuffled = [...all].sort(() => random() - 0.5)
    for (let i = 0; i < shuffled.length;) {
      const size = 1 + Math.floor(random() * 40)
      await insert(shuffled.slice(i, i + size))
      i += size
    }
    await expectRollupsExact(d)
    const { rows } = await t.db.query<{ gaps: number; estimated: number }>(
      'SELECT sum(gaps)::int AS gaps, sum(estimated)::int AS estimated FROM readings_daily WHERE device_id = $1',
      [d],
    )
    expect(rows[0]!.gaps).toBeGreaterThan(5)
    expect(rows[0]!.estimated).toBeGreaterThan(3)
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
