import { describe, expect, it } from 'vitest'
import type { DemandCharge, EnergySettings, Tariff } from '~/api/__generated__/types.gen.ts'
import { instantOf, utcMs } from '~/server/lib/zone-clock.ts'
import { billDemandCharges, billShares, windowDemandCharge } from './demand.ts'
import type { Pricing } from './pricing.ts'

/**
 * Issue 35: the demand charge of a device's bills, hand-computed (every figure below is worked
 * out in the comments, not by the code under test). Monthly bills from the 1st in Brussels.
 */
const tz = 'Europe/Brussels'
/** Local midnight of the 1st of a month in Brussels (month 1-12). */
const first = (year: number, month: number) => new Date(instantOf(utcMs(year, month - 1, 1), tz))
/** Consecutive monthly bills from `year`-`month`, one per peak. */
const bills = (year: number, month: number, peaks: Array<number | null>) =>
  peaks.map((peak_kw, i) => ({
    start: first(year, month + i),
    end: first(year, month + i + 1),
    peak_kw,
  }))
const tariff = (effective_from: string, demand_charge?: DemandCharge): Tariff => ({
  effective_from,
  standing_charge_per_day: 0,
  price_per_kwh: 0.3,
  ...(demand_charge ? { demand_charge } : {}),
})
const pricing = (...tariffs: Tariff[]): Pricing => {
  const settings: EnergySettings = {
    billing_cycle_start_day: 1,
    currency: 'EUR',
    credit_export_co2: false,
    tariffs,
    emission_factors: [],
  }
  return { settings, tz }
}
const charges = (p: Pricing, list: ReturnType<typeof bills>) =>
  billDemandCharges(p, list).map((d) => d.charge)

describe('the demand charge of a bill', () => {
  it('bills a Flemish capacity tariff on the mean of the last 12 monthly peaks, 2.5 kW at least', () => {
    // 14 months from January 2026. Each peak floored at 2.5 kW:
    // 2.5 4.2 3.1 2.5 2.7 3.6 2.5 5.0 3.3 2.9 4.6 6.1 | 3.8 2.5
    const peaks = [1.8, 4.2, 3.1, 2.2, 2.7, 3.6, 2.4, 5.0, 3.3, 2.9, 4.6, 6.1, 3.8, 2.1]
    const flemish = pricing(
      tariff('2026-01-01', { price_per_kw: 4.36, basis: 'rolling_mean_12', floor_kw: 2.5 }),
    )
    const result = billDemandCharges(flemish, bills(2026, 1, peaks))
    // Running sums of the floored peaks / bills so far (the device's first bill is January):
    //  1: 2.5/1 = 2.5        x 4.36 = 10.900      8: 26.1/8 = 3.2625    x 4.36 = 14.2245
    //  2: 6.7/2 = 3.35       x 4.36 = 14.606      9: 29.4/9 = 3.26667   x 4.36 = 14.2427
    //  3: 9.8/3 = 3.26667    x 4.36 = 14.2427    10: 32.3/10 = 3.23     x 4.36 = 14.0828
    //  4: 12.3/4 = 3.075     x 4.36 = 13.407     11: 36.9/11 = 3.35455  x 4.36 = 14.6258
    //  5: 15.0/5 = 3.0       x 4.36 = 13.080     12: 43.0/12 = 3.58333  x 4.36 = 15.6233
    //  6: 18.6/6 = 3.1       x 4.36 = 13.516
    //  7: 21.1/7 = 3.01429   x 4.36 = 13.1423
    // 13 drops January's 2.5 and adds 3.8: 44.3/12 = 3.69167 x 4.36 = 16.0957
    // 14 drops February's 4.2 and adds 2.5: 42.6/12 = 3.55   x 4.36 = 15.478
    expect(result.map((d) => d.charge)).toEqual([
      10.9, 14.61, 14.24, 13.41, 13.08, 13.52, 13.14, 14.22, 14.24, 14.08, 14.63, 15.62, 16.1,
      15.48,
    ])
    expect(result[0]!.kw).toBe(2.5)
    expect(result[1]!.kw).toBe(3.35)
    expect(result[2]!.kw).toBe(3.267)
    expect(result[12]!.kw).toBe(3.692)
    expect(result[13]!.kw).toBe(3.55)
    // The year 2026: 10.90 + 14.61 + 14.24 + 13.41 + 13.08 + 13.52 + 13.14 + 14.22 + 14.24
    // + 14.08 + 14.63 + 15.62 = 165.69.
    const year = result.slice(0, 12).reduce((sum, d) => sum + d.charge!, 0)
    expect(Math.round(year * 100) / 100).toBe(165.69)
  })

  it("bills this bill's peak, but never less than the floor", () => {
    const peak = pricing(
      tariff('2026-01-01', { price_per_kw: 5.1, basis: 'bill_peak', floor_kw: 2.5 }),
    )
    // 1.8 and 0 kW bill the floor, 2.5 x 5.10 = 12.75; 4.2 x 5.10 = 21.42.
    const result = billDemandCharges(peak, bills(2026, 1, [1.8, 4.2, 0]))
    expect(result).toEqual([
      { kw: 2.5, charge: 12.75 },
      { kw: 4.2, charge: 21.42 },
      { kw: 2.5, charge: 12.75 },
    ])
    // Without a floor, the peak alone: 1.8 x 5.10 = 9.18.
    const noFloor = pricing(tariff('2026-01-01', { price_per_kw: 5.1, basis: 'bill_peak' }))
    expect(charges(noFloor, bills(2026, 1, [1.8]))).toEqual([9.18])
  })

  it('has no charge for a bill without data, and leaves such bills out of the rolling mean', () => {
    const rolling = pricing(
      tariff('2026-01-01', { price_per_kw: 4, basis: 'rolling_mean_12', floor_kw: 2.5 }),
    )
    // January and February before the device's first reading, April a gap:
    // March 3.0/1 = 3 x 4 = 12; May (3.0 + 5.0)/2 = 4 x 4 = 16; June (3 + 5 + 2.5)/3 = 3.5 x 4 = 14.
    expect(charges(rolling, bills(2026, 1, [null, null, 3.0, null, 5.0, 2.0]))).toEqual([
      null,
      null,
      12,
      null,
      16,
      14,
    ])
    const peak = pricing(tariff('2026-01-01', { price_per_kw: 4, basis: 'bill_peak' }))
    expect(billDemandCharges(peak, bills(2026, 1, [null]))).toEqual([{ kw: null, charge: null }])
  })

  it('takes the tariff in force on the first day of each bill through a change mid-year', () => {
    const year = pricing(
      tariff('2026-01-01', { price_per_kw: 5, basis: 'bill_peak' }),
      // From mid-June: June's bill (from 1 June) stays on the first tariff.
      tariff('2026-06-15', { price_per_kw: 4, basis: 'rolling_mean_12', floor_kw: 3 }),
      tariff('2026-10-01'),
    )
    // December 2025 to November 2026.
    const peaks = [2.0, 2.0, 4.0, 1.0, 6.0, 2.5, 3.5, 1.0, 5.0, 2.0, 9.9, 9.9]
    expect(charges(year, bills(2025, 12, peaks))).toEqual([
      // December 2025 starts before the first tariff: no demand charge.
      0,
      // January to June at 5 per kW of the bill's peak: 2 4 1 6 2.5 3.5.
      10, 20, 5, 30, 12.5, 17.5,
      // July: the mean of December to July, each at least 3 kW (this bill's floor, whatever
      // tariff the earlier bills had): 3 3 4 3 6 3 3.5 3 = 28.5/8 = 3.5625 x 4 = 14.25.
      14.25,
      // August adds 5: 33.5/9 = 3.72222 x 4 = 14.8889; September adds 3: 36.5/10 = 3.65 x 4.
      14.89, 14.6,
      // October on: a tariff without demand charge.
      0, 0,
    ])
    // Without any tariff there is no price at all, as for the standing charge.
    expect(charges(pricing(), bills(2026, 1, [2.0]))).toEqual([null])
  })
})

describe('the demand charge a window carries', () => {
  // March 2026 (31 days, with the spring-forward Sunday the 29th) at 31.00, April at 30.00, May
  // without data.
  const charged = bills(2026, 3, [4, 4, null]).map((b, i) => ({ ...b, charge: [31, 30, null][i]! }))
  const local = (month: number, day: number) => new Date(instantOf(utcMs(2026, month - 1, day), tz))

  it('is each bill’s charge times its share of the bill’s local days', () => {
    // 20 March to 10 April: 12 of March's 31 days (12.00) and 9 of April's 30 (9.00).
    const w = { start: local(3, 20), end: local(4, 10) }
    expect(billShares(charged, w, tz)).toEqual([12 / 31, 9 / 30, 0])
    expect(windowDemandCharge(charged, w, tz)).toBe(21)
    // The 23-hour day of the clock change is one day of March like any other: 1/31 of 31.00.
    expect(windowDemandCharge(charged, { start: local(3, 29), end: local(3, 30) }, tz)).toBe(1)
    // A whole bill carries its charge.
    expect(windowDemandCharge(charged, { start: local(4, 1), end: local(5, 1) }, tz)).toBe(30)
  })

  it('adds nothing for a bill without data, and is null when every bill it covers has none', () => {
    // 20 April to 10 May: 11 of April's 30 days at 30.00 = 11.00; May adds nothing.
    expect(windowDemandCharge(charged, { start: local(4, 20), end: local(5, 10) }, tz)).toBe(11)
    expect(windowDemandCharge(charged, { start: local(5, 2), end: local(5, 9) }, tz)).toBeNull()
    // Outside every bill listed.
    expect(windowDemandCharge(charged, { start: local(7, 1), end: local(7, 2) }, tz)).toBeNull()
    // A bill under a tariff without demand charge carries 0, not null.
    const none = [{ ...charged[0]!, charge: 0 }]
    expect(windowDemandCharge(none, { start: local(3, 2), end: local(3, 3) }, tz)).toBe(0)
  })
})
