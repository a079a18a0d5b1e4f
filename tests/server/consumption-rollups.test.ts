import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM, type Queryable } from '../../src/server/db/database.ts'
import {
  buckets,
  type Granularity,
  type Window,
} from '../../src/server/modules/consumption/buckets.ts'
import { consumptionRepository } from '../../src/server/modules/consumption/consumption-repository.ts'
import { halfHours, segmentsOf } from '../../src/server/modules/consumption/segments.ts'
import {
  insertReadings,
  type NewReading,
} from '../../src/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from './helpers/build.ts'
import { prng } from '../../src/server/seed/random.ts'

let t: TestApp
let device: string
beforeAll(async () => {
  t = await build()
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Irregular meter', 'CR-1'],
  )
  device = rows[0]!.id
  // Twelve days of readings, mostly on the quarter hours, with holes, resets, estimated values
  // and some readings off the grid, inserted in shuffled batches.
  const random = prng(11)
  const rows2: NewReading[] = []
  let kwh = 500
  for (let ms = T0; ms < T0 + 12 * 86_400_000; ms += 15 * 60_000) {
    if (random() < 0.08) ms += Math.floor(random() * 16) * 15 * 60_000
    const jitter = random() < 0.1 ? Math.floor(random() * 14) * 60_000 : 0
    kwh = random() < 0.005 ? random() * 3 : kwh + random() * 2
    rows2.push({
      deviceId: device,
      ts: new Date(ms + jitter),
      kwh: Math.round(kwh * 1000) / 1000,
      status: random() < 0.03 ? 'estimated' : 'ok',
    })
  }
  const shuffled = rows2.sort(() => random() - 0.5)
  for (let i = 0; i < shuffled.length; i += 300) {
    await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, shuffled.slice(i, i + 300)))
  }
})
afterAll(async () => t?.close())

const T0 = Date.parse('2026-03-20T00:00:00Z')

/** The figures as a scan of the raw readings gives them (the definition the rollups must meet). */
async function fromReadings(q: Queryable, list: Window[]) {
  const starts = list.map((b) => b.start.toISOString())
  const { rows } = await q.query<Record<string, unknown>>(
    `WITH r AS (
       SELECT ts, delta_kwh, is_reset, status, lag(ts) OVER (ORDER BY ts) AS prev_ts,
              width_bucket(ts - interval '1 microsecond', $2::timestamptz[]) AS i
       FROM readings
       WHERE device_id = $1 AND reading_type = 'energy_kwh' AND ts > $3::timestamptz AND ts <= $4::timestamptz
     )
     SELECT i, count(*)::int AS n, round(greatest(coalesce(sum(delta_kwh), 0), 0)::numeric, 6)::float8 AS kwh,
            count(*) FILTER (WHERE is_reset)::int AS resets,
            coalesce(bool_or(status = 'estimated'), false) AS estimated,
            count(*) FILTER (WHERE ts - greatest(prev_ts, ($2::timestamptz[])[i]) > interval '22.5 minutes')::int AS gaps,
            min(ts) AS first, max(ts) AS last
     FROM r GROUP BY i ORDER BY i`,
    [device, starts, starts[0], list.at(-1)!.end.toISOString()],
  )
  return rows.map(({ i, ...rest }) => ({ i: Number(i), ...rest }))
}

const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/New_York', 'Asia/Kathmandu']
const GRANULARITIES: Granularity[] = ['hourly', 'daily', 'weekly', 'monthly']

describe('consumption from the rollups', () => {
  it('splits spans into raw edges, whole hours and whole UTC days', () => {
    const at = (iso: string) => Date.parse(iso)
    const iso = (ms: number) => new Date(ms).toISOString().slice(5, 16)
    const show = (a: string, b: string) =>
      segmentsOf(at(a), at(b)).map((s) => `${s.kind} ${iso(s.lo)} ${iso(s.hi)}`)
    expect(show('2026-05-09T18:30:00Z', '2026-05-11T18:30:00Z')).toEqual([
      'raw 05-09T18:30 05-09T19:00',
      'hour 05-09T19:00 05-10T00:00',
      'day 05-10T00:00 05-11T00:00',
      'hour 05-11T00:00 05-11T18:00',
      'raw 05-11T18:00 05-11T18:30',
    ])
    expect(show('2026-05-09T10:10:00Z', '2026-05-09T10:50:00Z')).toEqual([
      'raw 05-09T10:10 05-09T10:50',
    ])
  })

  it('reads a half hour at a bucket edge as that half of its hourly row (reports)', () => {
    const at = (iso: string) => Date.parse(`2026-05-09T${iso}:00Z`)
    const raw = (lo: string, hi: string) => ({ kind: 'raw' as const, lo: at(lo), hi: at(hi) })
    expect(halfHours(raw('18:30', '19:00'))).toEqual({
      kind: 'secondHalf',
      lo: at('18:00'),
      hi: at('19:00'),
    })
    expect(halfHours(raw('18:00', '18:30'))).toEqual({
      kind: 'firstHalf',
      lo: at('18:00'),
      hi: at('19:00'),
    })
    // +05:45 edges, odd windows and whole hours stay as they are.
    for (const kept of [
      raw('18:00', '18:15'),
      raw('18:15', '18:45'),
      { kind: 'hour' as const, lo: at('18:00'), hi: at('18:30') },
    ])
      expect(halfHours(kept)).toBe(kept)
  })

  it('gives the same figures as scanning the readings, in any zone, bucket size and window', async () => {
    const random = prng(5)
    for (let run = 0; run < 40; run++) {
      const tz = ZONES[run % ZONES.length]!
      const granularity = GRANULARITIES[Math.floor(random() * GRANULARITIES.length)]!
      const length = granularity === 'hourly' ? 3 * 86_400_000 : 14 * 86_400_000
      // Starts anywhere (also off the hour), a little before the data to a little after.
      const start = T0 - 86_400_000 + Math.floor((random() * 10 * 86_400_000) / 60_000) * 60_000
      const end = start + Math.floor(random() * length)
      const list = buckets(
        { start: new Date(start), end: new Date(end + 60_000) },
        granularity,
        tz,
      )!
      const [expected, actual] = await t.db.transaction(SYSTEM, async (tx) => [
        await fromReadings(tx, list),
        await consumptionRepository(tx).figures(device, list),
      ])
      const present = actual
        .map((f, k) => ({ ...f, i: k + 1 }))
        .filter((f) => f.readings > 0)
        .map((f) => ({
          i: f.i,
          n: f.readings,
          kwh: Math.round(f.kwh! * 1e6) / 1e6,
          resets: f.resets,
          estimated: f.estimated,
          gaps: f.innerGaps,
          first: f.first,
          last: f.last,
        }))
      expect(present, `${tz} ${granularity} ${new Date(start).toISOString()}`).toEqual(expected)
    }
  })
})
