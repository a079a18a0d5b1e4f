import { afterAll, beforeAll, expect, it } from 'vitest'
import type { EnergySettings } from '~/api/__generated__/types.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { pricedFigures, priceRanges } from '~/server/modules/energy/pricing.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { prng } from '~/server/seed/random.ts'
import { build, type TestApp } from '../../helpers/build.ts'

/**
 * Time-of-use cost prices whole UTC days by their daily rows' half hours and the rest from the
 * hourly rows: it must be each reading's rise at the price in force when it was read, whatever
 * the rises, and the kWh figure beside it the sum of those rises. Quarter-hourly readings with random rises, every window edge on a reading (nothing
 * is interpolated), over the spring-forward week in Berlin and in a +05:45 zone.
 */
let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

const Q = 15 * 60_000
const weekdays = [1, 2, 3, 4, 5]
const settings: EnergySettings = {
  billing_cycle_start_day: 1,
  currency: 'EUR',
  credit_export_co2: false,
  tariffs: [
    {
      effective_from: '2026-01-01',
      standing_charge_per_day: 0,
      windows: [
        { days: weekdays, start: '00:00', end: '06:30', price_per_kwh: 0.1 },
        { days: weekdays, start: '06:30', end: '21:30', price_per_kwh: 0.4 },
        { days: weekdays, start: '21:30', end: '24:00', price_per_kwh: 0.1 },
        { days: [6, 7], start: '00:00', end: '24:00', price_per_kwh: 0.2 },
      ],
    },
    // A new tariff inside a window: its days price otherwise.
    { effective_from: '2026-03-26', standing_charge_per_day: 0, price_per_kwh: 0.3 },
  ],
  emission_factors: [{ effective_from: '2026-01-01', g_co2e_per_kwh: 300 }],
}

it.each([
  [
    'Europe/Berlin',
    ['2026-03-16T00:00:00+01:00', '2026-03-23T00:00:00+01:00', '2026-04-01T13:30:00+02:00'],
  ],
  [
    'Asia/Kathmandu',
    ['2026-03-16T00:00:00+05:45', '2026-03-23T00:00:00+05:45', '2026-04-01T13:30:00+05:45'],
  ],
])('prices every reading at its time in %s', async (tz, edges) => {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO groups (name, timezone) VALUES ($1, $2) RETURNING id',
    [`TOU ${tz} ${Math.random()}`, tz],
  )
  const group = rows[0]!.id
  const device = (
    await t.db.query<{ id: string }>(
      'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
      [group, 'TOU meter', `TOU-${tz}-${Math.random()}`],
    )
  ).rows[0]!.id
  const random = prng(26)
  const readings: NewReading[] = []
  const first = Date.parse('2026-03-15T00:00:00Z')
  for (let ts = first, kwh = 100; ts <= Date.parse('2026-04-03T00:00:00Z'); ts += Q) {
    readings.push({ deviceId: device, ts: new Date(ts), kwh })
    kwh = Math.round((kwh + random() * (random() < 0.1 ? 5 : 0.5)) * 1000) / 1000
  }
  // Out of order and in two batches, as a backfill would come.
  await t.db.transaction(SYSTEM, (tx) =>
    insertReadings(
      tx,
      readings.filter((_, i) => i % 3 !== 1),
    ),
  )
  await t.db.transaction(SYSTEM, (tx) =>
    insertReadings(
      tx,
      readings.filter((_, i) => i % 3 === 1),
    ),
  )
  const windows = edges
    .slice(1)
    .map((end, i) => ({ start: new Date(edges[i]!), end: new Date(end) }))
  windows.push({ start: new Date(edges[0]!), end: new Date(edges[2]!) })
  const figures = await t.db.transaction(SYSTEM, (tx) =>
    pricedFigures(tx, { groups: [group], devices: [device], named: false }, windows, {
      settings,
      tz,
    }),
  )
  const expected = windows.map((w) => {
    const { ranges, rates } = priceRanges({ settings, tz }, w)
    let cost = 0
    for (let i = 1; i < readings.length; i++) {
      const ts = readings[i]!.ts.getTime()
      if (ts <= w.start.getTime() || ts > w.end.getTime()) continue
      const range = ranges.find((r) => r.lo < ts && ts <= r.hi)!
      cost += (readings[i]!.kwh - readings[i - 1]!.kwh) * rates[range.rate]!.price!
    }
    return cost
  })
  // The kWh figure is the sum of the priced parts (one pass): each reading's rise in (start, end].
  const expectedKwh = windows.map((w) =>
    readings.reduce((sum, r, i) => {
      const ts = r.ts.getTime()
      if (i === 0 || ts <= w.start.getTime() || ts > w.end.getTime()) return sum
      return sum + r.kwh - readings[i - 1]!.kwh
    }, 0),
  )
  const kwhOff = figures.get(device)!.map((f, i) => Math.abs(f.kwh! - expectedKwh[i]!))
  expect(
    kwhOff.every((d) => d <= 0.0005 + 1e-9),
    `${kwhOff.join(', ')}`,
  ).toBe(true)
  // To the cent: the exact sum can be a half cent, which float sums in another order round either way.
  const off = figures.get(device)!.map((f, i) => Math.abs(f.cost! - expected[i]!))
  expect(
    off.every((d) => d <= 0.005 + 1e-9),
    `${off.join(', ')}`,
  ).toBe(true)
  expect(expected.every((c) => c > 10)).toBe(true)
})
