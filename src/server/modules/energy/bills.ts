import { billTotal } from '~/common/bill.ts'
import type {
  BillChange,
  BillTotals,
  EnergySettings,
  EnergySettingsPreview,
} from '~/api/__generated__/types.gen.ts'
import type { Queryable } from '~/server/db/database.ts'
import { wallOf } from '~/server/lib/zone-clock.ts'
import { closedBills, isoIn, type Window } from './windows.ts'
import { costedFigures, costOf, sumBreakdowns } from './costs.ts'
import { inForce, standingCharge, type Pricing } from './pricing.ts'

/**
 * A group's bills (issue 32): what each billing cycle comes to, and which closed ones a change
 * of the group's energy settings would re-price. A bill is what the console shows for a cycle
 * (an energy report over it): the costs of the group's devices (`costedFigures`: energy charges
 * less feed-in credits plus demand charges, the one pricing of every cost figure, summed as the
 * report sums them) plus the standing charges (`standingCharge`). Nothing here prices a kWh.
 */

/** How far back the preview looks: a hundred years of monthly bills. */
export const MAX_CLOSED_BILLS = 1200

const DAY_MS = 86_400_000
const dateOf = (wall: number) => new Date(wall).toISOString().slice(0, 10)

/** Each window's bill for the group's devices at `pricing`. */
export async function groupBills(
  q: Queryable,
  devices: string[],
  groupId: string,
  windows: readonly Window[],
  pricing: Pricing,
): Promise<BillTotals[]> {
  const filter = { groups: [groupId], devices, named: false }
  const figures = [...(await costedFigures(q, filter, windows, pricing)).values()]
  return windows.map((w, k) => {
    const parts = sumBreakdowns(figures.map((f) => f[k]!))
    const standing = standingCharge(pricing, w)
    // A group without any device with kWh in the bill pays its standing charges alone.
    const cost = parts ? costOf(parts) : standing === null ? null : 0
    return {
      energy_charge: parts ? parts.energy : cost,
      feed_in_credit: parts ? parts.feed_in_credit : cost,
      demand_charge: parts ? (parts.demand ?? 0) : cost,
      standing_charge: standing,
      total: billTotal(cost, standing),
    }
  })
}

/**
 * Whether a window's bill may differ between two settings: the only inputs of its pricing are the
 * tariff and the emission factor in force on each of its local days (factors cut price ranges, so
 * float sums may round a cent apart), whether there is any tariff, and the currency. Windows for
 * which this is false are priced alike by construction and are not read.
 */
function mayDiffer(a: EnergySettings, b: EnergySettings, tz: string, w: Window): boolean {
  if (a.currency !== b.currency || (a.tariffs.length === 0) !== (b.tariffs.length === 0))
    return true
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y)
  const end = wallOf(w.end.getTime(), tz)
  for (let day = wallOf(w.start.getTime(), tz); day < end; day += DAY_MS) {
    const date = dateOf(day)
    if (!same(inForce(a.tariffs, date), inForce(b.tariffs, date))) return true
    if (!same(inForce(a.emission_factors, date), inForce(b.emission_factors, date))) return true
  }
  return false
}

/** The earliest date of the settings' tariffs and factors (undefined without any). */
const earliest = (...all: EnergySettings[]) =>
  all.flatMap((s) => [...s.tariffs, ...s.emission_factors].map((e) => e.effective_from)).sort()[0]

export interface GroupOfBills {
  id: string
  timezone: string
  devices: string[]
}

/**
 * The closed bills (at the saved start day) that saving `proposed` over `saved` would change:
 * those that have a total now and whose total, or currency, would differ. A new start day cuts
 * every closed bill anew (`recut`): each closed bill with a total is listed, `after` null.
 */
export async function billChanges(
  q: Queryable,
  group: GroupOfBills,
  saved: EnergySettings,
  proposed: EnergySettings,
  now: Date,
): Promise<EnergySettingsPreview> {
  const tz = group.timezone
  const recut = saved.billing_cycle_start_day !== proposed.billing_cycle_start_day
  const from = recut ? earliest(saved) : earliest(saved, proposed)
  const { bills, running } = closedBills(
    saved.billing_cycle_start_day,
    tz,
    from ?? dateOf(wallOf(now.getTime(), tz)),
    now,
    MAX_CLOSED_BILLS,
  )
  const candidates = recut ? bills : bills.filter((w) => mayDiffer(saved, proposed, tz, w))
  const bill = (w: Window, before: BillTotals, after: BillTotals | null): BillChange => ({
    start: isoIn(w.start, tz),
    end: isoIn(w.end, tz),
    before,
    after,
  })
  const changes: BillChange[] = []
  // Without a saved tariff no bill has a total (no standing charge either): none to re-price.
  if (candidates.length > 0 && saved.tariffs.length > 0) {
    const before = await groupBills(q, group.devices, group.id, candidates, { settings: saved, tz })
    // Only bills with a total now can change it: the others are not read again.
    const priced = candidates.flatMap((w, k) =>
      before[k]!.total === null ? [] : [{ w, before: before[k]! }],
    )
    if (recut) {
      for (const p of priced) changes.push(bill(p.w, p.before, null))
    } else if (priced.length > 0) {
      const windows = priced.map((p) => p.w)
      const pricing = { settings: proposed, tz }
      const after = await groupBills(q, group.devices, group.id, windows, pricing)
      const relabelled = saved.currency !== proposed.currency
      priced.forEach((p, k) => {
        const a = after[k]!
        if (p.before.total !== a.total || relabelled) changes.push(bill(p.w, p.before, a))
      })
    }
  }
  return {
    timezone: tz,
    current_cycle_start: dateOf(wallOf(running.getTime(), tz)),
    recut,
    currency_before: saved.currency,
    currency_after: proposed.currency,
    bills: changes,
  }
}
