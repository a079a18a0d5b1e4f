import { describe, expect, it } from 'vitest'
import type { EnergySettings, Tariff } from '~/api/__generated__/types.gen.ts'
import { priceRanges } from './pricing.ts'

/**
 * Issue 35: the feed-in price of each instant, beside the import price (`Rate.feedIn`): the
 * window's, else the tariff's, else 0 under a tariff; null where no tariff is in force. UTC, so
 * every range is written as the wall clock shows it.
 */
const all = [1, 2, 3, 4, 5, 6, 7]
const weekdays = [1, 2, 3, 4, 5]
const tariffs: Tariff[] = [
  // Monday 5 January: one price, one feed-in price.
  {
    effective_from: '2026-01-05',
    standing_charge_per_day: 0,
    price_per_kwh: 0.3,
    feed_in_price_per_kwh: 0.08,
  },
  // Wednesday: time of use, a feed-in price per window.
  {
    effective_from: '2026-01-07',
    standing_charge_per_day: 0,
    windows: [
      {
        days: weekdays,
        start: '00:00',
        end: '07:00',
        price_per_kwh: 0.2,
        feed_in_price_per_kwh: 0.05,
      },
      {
        days: weekdays,
        start: '07:00',
        end: '22:00',
        price_per_kwh: 0.4,
        feed_in_price_per_kwh: 0.12,
      },
      {
        days: weekdays,
        start: '22:00',
        end: '24:00',
        price_per_kwh: 0.2,
        feed_in_price_per_kwh: 0.05,
      },
      {
        days: [6, 7],
        start: '00:00',
        end: '24:00',
        price_per_kwh: 0.2,
        feed_in_price_per_kwh: 0.05,
      },
    ],
  },
  // Thursday: time of use, one feed-in price for every window.
  {
    effective_from: '2026-01-08',
    standing_charge_per_day: 0,
    feed_in_price_per_kwh: 0.06,
    windows: [
      { days: all, start: '00:00', end: '12:00', price_per_kwh: 0.25 },
      { days: all, start: '12:00', end: '24:00', price_per_kwh: 0.35 },
    ],
  },
  // Friday: one import price all day, two feed-in prices.
  {
    effective_from: '2026-01-09',
    standing_charge_per_day: 0,
    windows: [
      { days: all, start: '00:00', end: '12:00', price_per_kwh: 0.25, feed_in_price_per_kwh: 0.02 },
      { days: all, start: '12:00', end: '24:00', price_per_kwh: 0.25, feed_in_price_per_kwh: 0.03 },
    ],
  },
  // Saturday: no feed-in price, export earns nothing.
  { effective_from: '2026-01-10', standing_charge_per_day: 0, price_per_kwh: 0.3 },
]
const settings = (list: Tariff[]): EnergySettings => ({
  billing_cycle_start_day: 1,
  currency: 'EUR',
  credit_export_co2: false,
  tariffs: list,
  emission_factors: [],
})
/** Sunday 4 January (no tariff yet) to Sunday 11 January, 00:00 UTC. */
const week = { start: new Date('2026-01-04T00:00:00Z'), end: new Date('2026-01-11T00:00:00Z') }
const read = (list: Tariff[]) => {
  const { ranges, rates } = priceRanges({ settings: settings(list), tz: 'UTC' }, week)
  return ranges.map((r) => {
    const { price, feedIn } = rates[r.rate]!
    return [new Date(r.lo).toISOString().slice(5, 16), price, feedIn]
  })
}

describe('the feed-in price of each instant', () => {
  it('is the window’s, else the tariff’s, else 0; null before the first tariff', () => {
    expect(read(tariffs)).toEqual([
      ['01-04T00:00', null, null],
      ['01-05T00:00', 0.3, 0.08],
      ['01-07T00:00', 0.2, 0.05],
      ['01-07T07:00', 0.4, 0.12],
      ['01-07T22:00', 0.2, 0.05],
      ['01-08T00:00', 0.25, 0.06],
      ['01-08T12:00', 0.35, 0.06],
      // One import price, but the feed-in price changes at noon.
      ['01-09T00:00', 0.25, 0.02],
      ['01-09T12:00', 0.25, 0.03],
      ['01-10T00:00', 0.3, 0],
    ])
  })

  it('leaves the import ranges as they were without feed-in prices', () => {
    const importOnly = tariffs.map((t) => {
      const { feed_in_price_per_kwh: _, ...rest } = t
      return rest.windows
        ? { ...rest, windows: rest.windows.map(({ feed_in_price_per_kwh: __, ...w }) => w) }
        : rest
    })
    // The ranges the import prices alone cut: Friday is one range again.
    expect(read(importOnly)).toEqual([
      ['01-04T00:00', null, null],
      ['01-05T00:00', 0.3, 0],
      ['01-07T00:00', 0.2, 0],
      ['01-07T07:00', 0.4, 0],
      ['01-07T22:00', 0.2, 0],
      ['01-08T00:00', 0.25, 0],
      ['01-08T12:00', 0.35, 0],
      ['01-09T00:00', 0.25, 0],
      ['01-10T00:00', 0.3, 0],
    ])
  })
})
