import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM, type DbScope } from '~/server/db/database.ts'
import { computeDeltas, hourOf, type Point } from '~/server/modules/readings/deltas.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { prng } from '~/server/seed/random.ts'
import { build, type TestApp } from '../../helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

const Q = 15 * 60_000
const T0 = Date.UTC(2026, 2, 1)
let serial = 0

async function newDevice(group: 'A' | 'B' = 'A'): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups[group], 'Test meter', `RT-${++serial}`],
  )
  return rows[0]!.id
}

const at = (
  deviceId: string,
  quarter: number,
  kwh: number,
  extra: Partial<NewReading> = {},
): NewReading => ({
  deviceId,
  ts: new Date(T0 + quarter * Q),
  kwh,
  ...extra,
})

const insert = (rows: NewReading[], scope: DbScope = SYSTEM) =>
  t.db.transaction(scope, (tx) => insertReadings(tx, rows))

async function readings(deviceId: string) {
  const { rows } = await t.db.query<{
    ts: Date
    kwh: number
    delta_kwh: number | null
    is_reset: boolean
  }>('SELECT ts, kwh, delta_kwh, is_reset FROM readings WHERE device_id = $1 ORDER BY ts', [
    deviceId,
  ])
  return rows.map((r) => ({
    q: (r.ts.getTime() - T0) / Q,
    kwh: r.kwh,
    delta: r.delta_kwh,
    reset: r.is_reset,
  }))
}

/** The hourly rollup and device statistics must equal a recomputation from the readings. */
async function expectDerivedExact(deviceId: string) {
  const { rows: kept } = await t.db.query<Record<string, unknown>>(
    `SELECT hour, round(kwh::numeric, 6) AS kwh, reading_count, resets, first_ts, last_ts, last_kwh
     FROM readings_hourly WHERE device_id = $1 AND reading_count > 0 ORDER BY hour`,
    [deviceId],
  )
  const { rows: fresh } = await t.db.query<Record<string, unknown>>(
    `SELECT date_trunc('hour', ts - interval '1 microsecond', 'UTC') AS hour, round(coalesce(sum(delta_kwh), 0)::numeric, 6) AS kwh,
            count(*)::int AS reading_count, count(*) FILTER (WHERE is_reset)::int AS resets, min(ts) AS first_ts, max(ts) AS last_ts,
            (array_agg(kwh ORDER BY ts DESC))[1] AS last_kwh
     FROM readings WHERE device_id = $1 AND reading_type = 'energy_kwh' GROUP BY 1 ORDER BY 1`,
    [deviceId],
  )
  expect(kept).toEqual(fresh)
  const { rows: stats } = await t.db.query(
    `SELECT d.reading_count::int AS n, d.first_reading_at AS first, d.last_reading_at AS last, d.latest_kwh AS kwh,
            (SELECT count(*)::int FROM readings r WHERE r.device_id = d.id) AS n2,
            (SELECT min(ts) FROM readings r WHERE r.device_id = d.id) AS first2,
            (SELECT max(ts) FROM readings r WHERE r.device_id = d.id) AS last2,
            (SELECT kwh FROM readings r WHERE r.device_id = d.id ORDER BY ts DESC LIMIT 1) AS kwh2
     FROM devices d WHERE d.id = $1`,
    [deviceId],
  )
  const s = stats[0]!
  expect([s.n, s.first, s.last, s.kwh]).toEqual([s.n2, s.first2, s.last2, s.kwh2])
}

describe('computeDeltas', () => {
  it('rises, restarts on a drop or a declared reset, and never goes negative', () => {
    const points: Point[] = [
      { ts: 0, kwh: 10, declaredReset: false },
      { ts: 1, kwh: 12, declaredReset: false },
      { ts: 2, kwh: 3, declaredReset: false },
      { ts: 3, kwh: 50, declaredReset: true },
    ]
    computeDeltas([], points)
    expect(points.map((p) => [p.delta, p.reset])).toEqual([
      [null, false],
      [2, false],
      [3, true],
      [50, true],
    ])
  })

  it('puts quarter-hour readings at h:15..h+1:00 into hour h', () => {
    expect(hourOf(Date.UTC(2026, 0, 1, 10, 15))).toBe(Date.UTC(2026, 0, 1, 10))
    expect(hourOf(Date.UTC(2026, 0, 1, 11, 0))).toBe(Date.UTC(2026, 0, 1, 10))
    expect(hourOf(Date.UTC(2026, 0, 1, 11, 0, 0, 1))).toBe(Date.UTC(2026, 0, 1, 11))
  })
})

describe('insertReadings', () => {
  it('stores a batch with deltas, rollups and statistics', async () => {
    const d = await newDevice()
    const result = await insert([at(d, 0, 100), at(d, 1, 101), at(d, 2, 103.5), at(d, 3, 104)])
    expect(result).toMatchObject({ inserted: [0, 1, 2, 3], duplicates: [], unknownDevice: [] })
    expect(await readings(d)).toEqual([
      { q: 0, kwh: 100, delta: null, reset: false },
      { q: 1, kwh: 101, delta: 1, reset: false },
      { q: 2, kwh: 103.5, delta: 2.5, reset: false },
      { q: 3, kwh: 104, delta: 0.5, reset: false },
    ])
    await expectDerivedExact(d)
  })

  it('is idempotent: the same batch twice is stored once, duplicates inside a batch too', async () => {
    const d = await newDevice()
    const batch = [at(d, 0, 1), at(d, 1, 2), at(d, 1, 2), at(d, 2, 4)]
    expect(await insert(batch)).toMatchObject({ inserted: [0, 1, 3], duplicates: [2] })
    const before = await readings(d)
    expect(await insert(batch)).toMatchObject({ inserted: [], duplicates: [0, 1, 2, 3] })
    expect(await readings(d)).toEqual(before)
    await expectDerivedExact(d)
  })

  it('backfills a gap and corrects the reading after it', async () => {
    const d = await newDevice()
    await insert([at(d, 0, 10), at(d, 4, 18)])
    expect((await readings(d))[1]).toMatchObject({ q: 4, delta: 8 })
    await insert([at(d, 2, 15), at(d, 1, 11)])
    expect(await readings(d)).toEqual([
      { q: 0, kwh: 10, delta: null, reset: false },
      { q: 1, kwh: 11, delta: 1, reset: false },
      { q: 2, kwh: 15, delta: 4, reset: false },
      { q: 4, kwh: 18, delta: 3, reset: false },
    ])
    // A reading before the first one makes the old first one a rise.
    await insert([at(d, -1, 9)])
    expect((await readings(d)).slice(0, 2)).toEqual([
      { q: -1, kwh: 9, delta: null, reset: false },
      { q: 0, kwh: 10, delta: 1, reset: false },
    ])
    await expectDerivedExact(d)
  })

  it('flags meter resets: a drop, or a declared reset', async () => {
    const d = await newDevice()
    await insert([
      at(d, 0, 500),
      at(d, 1, 501),
      at(d, 2, 0.5),
      at(d, 3, 1.5),
      at(d, 4, 40, { status: 'reset' }),
    ])
    expect((await readings(d)).map((r) => [r.delta, r.reset])).toEqual([
      [null, false],
      [1, false],
      [0.5, true],
      [1, false],
      [40, true],
    ])
    await expectDerivedExact(d)
  })

  it('keeps the rollup exact under random batches in random order (property test)', async () => {
    const d = await newDevice()
    const random = prng(42)
    let kwh = 1000
    const all = Array.from({ length: 400 }, (_, q) => {
      kwh = random() < 0.01 ? random() * 10 : kwh + random() * 3
      return at(d, q, Math.round(kwh * 1000) / 1000)
    }).filter(() => random() > 0.05)
    const shuffled = [...all].sort(() => random() - 0.5)
    for (let i = 0; i < shuffled.length;) {
      const size = 1 + Math.floor(random() * 60)
      await insert(shuffled.slice(i, i + size))
      i += size
    }
    // Same deltas as one ordered insert into a fresh device.
    const ordered = await newDevice()
    await insert(all.map((r) => ({ ...r, deviceId: ordered })))
    expect(await readings(d)).toEqual(await readings(ordered))
    await expectDerivedExact(d)
  })

  it('returns the ids of stored rows on request, with source and status', async () => {
    const d = await newDevice()
    const result = await t.db.transaction(SYSTEM, (tx) =>
      insertReadings(tx, [at(d, 0, 7), at(d, 1, 8, { source: 'manual', status: 'manual' })], {
        returnIds: true,
      }),
    )
    expect([...result.ids.keys()]).toEqual([0, 1])
    const { rows } = await t.db.query('SELECT id, source, status FROM readings WHERE id = $1', [
      result.ids.get(1),
    ])
    expect(rows[0]).toMatchObject({ source: 'manual', status: 'manual' })
  })

  it('does not write readings for devices outside the transaction scope', async () => {
    const a = await newDevice('A')
    const b = await newDevice('B')
    const scope: DbScope = {
      kind: 'tenant',
      groupId: t.fx.groups.A,
      all: false,
      userId: t.fx.users.admin,
      role: 'admin',
    }
    const result = await insert(
      [at(a, 0, 1), at(b, 0, 1), at('00000000-0000-4000-8000-000000000000', 0, 1)],
      scope,
    )
    expect(result).toMatchObject({ inserted: [0], unknownDevice: [1, 2] })
    expect(await readings(b)).toEqual([])
  })
})

describe('bulk push', () => {
  it('records the reported status and keeps history', async () => {
    const d = await newDevice()
    const session = await t.as('admin')
    const now = Date.now()
    const push = (items: unknown[]) =>
      t.call(session, { method: 'POST', url: '/api/v1/devices/bulk_push', payload: { items } })
    const first = await push([
      { device_id: d, timestamp: new Date(now - 2 * Q).toISOString(), kwh: 5, status: 'online' },
      { device_id: d, timestamp: new Date(now - Q).toISOString(), kwh: 6, status: 'offline' },
    ])
    expect(first.json()).toMatchObject({ accepted: 2, duplicates: 0, rejected: 0 })
    const device = await t.call(session, { method: 'GET', url: `/api/v1/devices/${d}` })
    expect(device.json()).toMatchObject({
      status: 'offline',
      latest_kwh: 6,
      summary: { reading_count: 2 },
    })
    const history = await t.db.query(
      'SELECT status FROM device_status_history WHERE device_id = $1',
      [d],
    )
    expect(history.rows).toEqual([{ status: 'offline' }])
    const again = await push([{ device_id: d, timestamp: new Date(now - Q).toISOString(), kwh: 6 }])
    expect(again.json()).toMatchObject({
      accepted: 0,
      duplicates: 1,
      results: [{ index: 0, status: 'duplicate', error: null }],
    })
  })

  it('makes a device that pushes readings online, unless they are old or it says otherwise', async () => {
    const session = await t.as('admin')
    const now = Date.now()
    const push = (items: unknown[]) =>
      t.call(session, { method: 'POST', url: '/api/v1/devices/bulk_push', payload: { items } })
    const statusOf = async (id: string) =>
      (await t.call(session, { method: 'GET', url: `/api/v1/devices/${id}` })).json<{
        status: string
      }>().status
    const [fresh, backfilled, silent] = [await newDevice(), await newDevice(), await newDevice()]
    expect(await statusOf(fresh)).toBe('unknown')
    const minute = 60_000
    const ts = (ago: number) => new Date(now - ago).toISOString()
    await push([
      { device_id: fresh, timestamp: ts(2 * minute), kwh: 5 },
      { device_id: fresh, timestamp: ts(minute), kwh: 6 },
      { device_id: backfilled, timestamp: ts(2 * 24 * 60 * minute), kwh: 1 },
      { device_id: silent, timestamp: ts(minute), kwh: 1, status: 'offline' },
    ])
    expect(await statusOf(fresh)).toBe('online')
    expect(await statusOf(backfilled)).toBe('unknown')
    expect(await statusOf(silent)).toBe('offline')
    const history = await t.db.query(
      'SELECT status, reason FROM device_status_history WHERE device_id = $1',
      [fresh],
    )
    expect(history.rows).toEqual([{ status: 'online', reason: 'Readings received' }])
    // A later reading is a sign of life from the device that said it was offline.
    await push([{ device_id: silent, timestamp: ts(0), kwh: 2 }])
    expect(await statusOf(silent)).toBe('online')
  })
})
