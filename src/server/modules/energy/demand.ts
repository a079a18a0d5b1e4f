import { wallOf } from '~/server/lib/zone-clock.ts'
import { inForce, roundCost, type Pricing } from './pricing.ts'
import type { Window } from './windows.ts'

/**
 * The demand charge (issue 35; openapi.yaml `DemandCharge`): per device, because each meter is a
 * connection, and per bill, from the bill's peak demand and the tariff in force on the bill's
 * first local day. Pure: the peaks come from the quarter-hour peaks (another module), and the
 * report decides which devices and bills to ask for.
 */

/** One device's bill and its peak demand in kW (null without data in the bill). */
export interface BillPeak extends Window {
  peak_kw: number | null
}

export interface BillDemand {
  /** max(floor_kw, basis) to the watt; null where no demand charge applies or without data. */
  kw: number | null
  /** The bill's demand charge to the cent; see `billDemandCharges`. */
  charge: number | null
}

/** Bills a rolling mean reaches back over, this one included (Flanders: twelve months). */
export const ROLLING_BILLS = 12

const dateOf = (wall: number) => new Date(wall).toISOString().slice(0, 10)
const roundKw = (kw: number) => Math.round(kw * 1000) / 1000

/**
 * Each bill's demand charge, for one device's consecutive bills, oldest first (a rolling mean
 * reads the 11 entries before a bill, so a bill missing from the list would shift it: list bills
 * without data with a null peak). Null without tariffs at all (no cost either) and for a bill
 * without a peak (a device without data has no figures for a bill, as its kWh is null then);
 * 0 for a bill whose first day has no tariff in force, or one without `demand_charge`. A bill's
 * rolling mean leaves out the bills without a peak rather than count them as 0 or as the floor:
 * a new connection is billed on the months it has, as the Flemish capacity tariff does.
 */
export function billDemandCharges(
  { settings, tz }: Pricing,
  bills: readonly BillPeak[],
): BillDemand[] {
  return bills.map((bill, i) => {
    if (settings.tariffs.length === 0 || bill.peak_kw === null) return { kw: null, charge: null }
    const date = dateOf(wallOf(bill.start.getTime(), tz))
    const demand = inForce(settings.tariffs, date)?.demand_charge
    if (!demand) return { kw: null, charge: 0 }
    const floor = demand.floor_kw ?? 0
    let basis = bill.peak_kw
    if (demand.basis === 'rolling_mean_12') {
      // Earlier bills count with this bill's floor, whatever tariff they were billed under.
      const peaks = bills
        .slice(Math.max(0, i - ROLLING_BILLS + 1), i + 1)
        .flatMap((b) => (b.peak_kw === null ? [] : [Math.max(floor, b.peak_kw)]))
      basis = peaks.reduce((sum, kw) => sum + kw, 0) / peaks.length
    }
    const kw = Math.max(floor, basis)
    return { kw: roundKw(kw), charge: roundCost(demand.price_per_kw * kw) }
  })
}

/**
 * Each bill's share of `w`: the part of the bill's local wall-clock time inside the window, 0 to
 * 1. Wall clock, as the standing charge is carried per local day: each local day of a bill
 * carries an equal part, the 23-hour day of a DST change as much as any other.
 */
export function billShares(bills: readonly Window[], w: Window, tz: string): number[] {
  const from = wallOf(w.start.getTime(), tz)
  const to = wallOf(w.end.getTime(), tz)
  return bills.map((bill) => {
    const start = wallOf(bill.start.getTime(), tz)
    const end = wallOf(bill.end.getTime(), tz)
    const inside = Math.min(to, end) - Math.max(from, start)
    return end > start && inside > 0 ? inside / (end - start) : 0
  })
}

/**
 * The demand charge a window carries: each overlapping bill's charge times its share of the
 * window, to the cent. Bills without a charge (null: no data) add nothing; null when every bill
 * the window overlaps (or none) is without one.
 */
export function windowDemandCharge(
  bills: ReadonlyArray<Window & { charge: number | null }>,
  w: Window,
  tz: string,
): number | null {
  const shares = billShares(bills, w, tz)
  let total: number | null = null
  for (const [i, bill] of bills.entries()) {
    if (shares[i]! > 0 && bill.charge !== null) total = (total ?? 0) + shares[i]! * bill.charge
  }
  return total === null ? null : roundCost(total)
}
