import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM, type Queryable } from '~/server/db/database.ts'
import { buckets, type Granularity } from '~/server/modules/energy/windows.ts'
import { bucketFigures } from '~/server/modules/energy/bucket-figures.ts'
import { halfHours, segmentsOf } from '~/server/modules/energy/segments.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from '../../helpers/build.ts'
import { prng } from '~/server/seed/random.ts'
import { MeterReference, type PlainReading } from '../../helpers/meter-reference.ts'

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

/** The device's readings as a plain array, for the reference. */
async function plainReadings(q: Queryable): Promise<PlainReading[]> {
  const { rows } = await q.query<{ ts: Date; kwh: number; status: PlainReading['status'] }>(
    `SELECT ts, kwh, status FROM readings WHERE device_id = $1 AND reading_type = 'energy_kwh'`,
    [device],
  )
  return rows.map((r) => ({ ts: r.ts.getTime(), kwh: r.kwh, status: r.status }))
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

  it('gives the figures of the reference from the readings, in any zone, bucket size and window', async () => {
    const random = prng(5)
    const reference = new MeterReference(await plainReadings(t.db))
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
      const actual = await t.db.transaction(SYSTEM, (tx) => bucketFigures(tx, device, list))
      const label = `${tz} ${granularity} ${new Date(start).toISOString()}`
      actual.forEach((f, k) => {
        const want = reference.bucket(f.start.getTime(), f.end.getTime())
        const at = `${label} bucket ${k}`
        if (want.kwh === null) expect(f.kwh, at).toBeNull()
        else expect(Math.abs(f.kwh! - want.kwh), at).toBeLessThanOrEqual(0.0011)
        expect(
          {
            estimated: f.estimated,
            readings: f.readings,
            first: f.first?.getTime() ?? null,
            last: f.last?.getTime() ?? null,
            resets: f.resets,
          },
          at,
        ).toEqual({
          estimated: want.estimated,
          readings: want.readings,
          first: want.first,
          last: want.last,
          resets: want.resets,
        })
      })
    }
  })
})
