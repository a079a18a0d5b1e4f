import { describe, expect, it } from 'vitest'
import { pricedDays, priceRanges, type PriceRange } from '~/server/modules/energy/pricing.ts'
import type { EnergySettings } from '~/api/__generated__/types.gen.ts'

const DAY = 86_400_000
const HALF = 1_800_000
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
        { days: weekdays, start: '00:00', end: '07:00', price_per_kwh: 0.2 },
        { days: weekdays, start: '07:00', end: '22:00', price_per_kwh: 0.4 },
        { days: weekdays, start: '22:00', end: '24:00', price_per_kwh: 0.2 },
        { days: [6, 7], start: '00:00', end: '24:00', price_per_kwh: 0.1 },
      ],
    },
    { effective_from: '2026-03-25', standing_charge_per_day: 0, price_per_kwh: 0.3 },
  ],
  emission_factors: [],
}

/** The rate of each half hour of [start, end) as the ranges say (-1: none). */
function halfHourRates(ranges: readonly PriceRange[], start: number, end: number) {
  const rates: number[] = []
  for (let t = start; t < end; t += HALF)
    rates.push(ranges.find((r) => r.lo <= t && t < r.hi)?.rate ?? -1)
  return rates
}

describe('pricedDays', () => {
  it.each([
    ['Europe/Berlin', '2026-03-01T00:00:00+01:00', '2026-04-01T00:00:00+02:00', 21],
    ['America/New_York', '2026-03-05T13:30:00-05:00', '2026-03-12T00:00:00-04:00', 5],
    ['Asia/Kolkata', '2026-03-01T00:00:00+05:30', '2026-03-08T00:00:00+05:30', 6],
    // Windows on the local half hour are off the UTC half hour: no day is priced by its slots.
    ['Asia/Kathmandu', '2026-03-01T00:00:00+05:45', '2026-03-08T00:00:00+05:45', 0],
  ])(
    'splits a window in %s into whole days and the rest, every half hour at its rate',
    (tz, from, to, whole) => {
      const start = Date.parse(from)
      const end = Date.parse(to)
      const { ranges } = priceRanges(
        { settings, tz },
        { start: new Date(start), end: new Date(end) },
      )
      const { days, rest } = pricedDays(ranges, start, end)
      expect(days).toHaveLength(whole)
      // Days and rest together: each half hour at the rate the ranges give it, none twice.
      const lo = Math.floor(start / HALF) * HALF
      const rebuilt: PriceRange[] = [
        ...rest,
        ...days.flatMap(({ day, rates }) =>
          rates.map((rate, i) => ({ lo: day + i * HALF, hi: day + (i + 1) * HALF, rate })),
        ),
      ]
      const covered = rebuilt.reduce((sum, r) => sum + (r.hi - r.lo), 0)
      expect(covered).toBe(ranges.reduce((sum, r) => sum + (r.hi - r.lo), 0))
      if (tz !== 'Asia/Kathmandu')
        expect(halfHourRates(rebuilt, lo, end)).toEqual(halfHourRates(ranges, lo, end))
      else expect(rest).toEqual(ranges)
      for (const { day } of days) expect(day % DAY).toBe(0)
    },
  )
})
