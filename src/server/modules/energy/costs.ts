import type { CostBreakdown } from '~/api/__generated__/types.gen.ts'
import type { Queryable } from '~/server/db/database.ts'
import { billDemandCharges, ROLLING_BILLS, windowDemandCharge } from './demand.ts'
import { energyRepository, type RowFilter } from './energy-repository.ts'
import { peakFigures } from './peaks.ts'
import { pricedFigures, roundCo2, roundCost, type PricedFigure, type Pricing } from './pricing.ts'
import { billsAround, type Window } from './windows.ts'

/**
 * What a device's energy costs (issue 35): its import priced (the energy charge), less its export
 * priced at the feed-in prices (the feed-in credit), plus its demand charge, each part kept
 * (`cost_breakdown`); and its CO2, less its export's where the group credits it. One group's
 * devices at a time (one pricing), as `pricedFigures` reads them.
 */

/**
 * A device's figure over a window: its import register's (`kwh`, `estimated`, `co2_kg`), its
 * export register's (`export_kwh`, null where the device has none or no export data there) and
 * `net_kwh` (kwh - export_kwh to Wh, null where either is), and its cost with the parts of it.
 */
export type DeviceFigure = PricedFigure & {
  export_kwh: number | null
  net_kwh: number | null
  cost_breakdown: CostBreakdown | null
}

/** Import minus export, to Wh (negative for a net exporter); null where either is null. */
export const netKwh = (kwh: number | null, exported: number | null) =>
  kwh === null || exported === null ? null : Math.round((kwh - exported) * 1000) / 1000

/** Per device, each window's figure with its cost's parts, at the one pricing of their group. */
export async function costedFigures(
  q: Queryable,
  filter: RowFilter,
  windows: readonly Window[],
  pricing: Pricing,
): Promise<Map<string, DeviceFigure[]>> {
  const imported = await pricedFigures(q, filter, windows, pricing)
  const twoWay = [...(await energyRepository(q).withExport(filter.devices))]
  const exported =
    twoWay.length === 0
      ? new Map<string, PricedFigure[]>()
      : await pricedFigures(
          q,
          { ...filter, devices: twoWay, named: true },
          windows,
          pricing,
          'export',
        )
  // Only devices with kWh in some window carry a cost, so only theirs need bills' peaks.
  const used = filter.devices.filter((id) => imported.get(id)?.some((f) => f.kwh !== null))
  const named = filter.named || used.length < filter.devices.length
  const demand = await demandCharges(q, { ...filter, devices: used, named }, windows, pricing)
  const { settings } = pricing
  const priced = settings.tariffs.length > 0
  return new Map(
    [...imported].map(([id, list]) => [
      id,
      list.map((f, k): DeviceFigure => {
        const x = exported.get(id)?.[k]
        const exportKwh = x?.kwh ?? null
        const base = { ...f, export_kwh: exportKwh, net_kwh: netKwh(f.kwh, exportKwh) }
        if (f.kwh === null) return { ...base, cost_breakdown: null }
        const credited = settings.credit_export_co2 && x?.co2_kg != null
        const co2 = f.co2_kg === null || !credited ? f.co2_kg : roundCo2(f.co2_kg - x.co2_kg!)
        if (!priced) return { ...base, co2_kg: co2, cost_breakdown: null }
        const breakdown = {
          energy: f.cost,
          feed_in_credit: exportKwh === null ? 0 : (x?.cost ?? null),
          demand: demand ? (demand.get(id)?.[k] ?? null) : 0,
        }
        return { ...base, cost: costOf(breakdown), co2_kg: co2, cost_breakdown: breakdown }
      }),
    ]),
  )
}

/**
 * Per device, each window's demand charge (demand.ts): the bills the windows overlap and the
 * eleven before them (a rolling mean reads them), their peaks in one statement, each bill's charge
 * and each window's share of them. Null where no tariff of the group has a demand charge (none
 * is charged: 0).
 */
async function demandCharges(
  q: Queryable,
  filter: RowFilter,
  windows: readonly Window[],
  pricing: Pricing,
): Promise<Map<string, Array<number | null>> | null> {
  const { settings, tz } = pricing
  if (windows.length === 0 || !settings.tariffs.some((t) => t.demand_charge)) return null
  if (filter.devices.length === 0) return new Map()
  const from = new Date(Math.min(...windows.map((w) => w.start.getTime())))
  const to = new Date(Math.max(...windows.map((w) => w.end.getTime())))
  const bills = billsAround(settings.billing_cycle_start_day, tz, from, to, ROLLING_BILLS - 1)
  const peaks = await peakFigures(q, filter, bills)
  return new Map(
    [...peaks].map(([device, list]) => {
      const charges = billDemandCharges(
        pricing,
        bills.map((b, i) => ({ ...b, peak_kw: list[i]!.kw })),
      )
      const charged = bills.map((b, i) => ({ ...b, charge: charges[i]!.charge }))
      return [device, windows.map((w) => windowDemandCharge(charged, w, tz))]
    }),
  )
}

/**
 * Several devices' cost parts over one window, added up (a report period's, a bill's): each part
 * to the cent, null where a device with kWh has it null (a partial charge is not a charge), the
 * demand charge null only where every such device's is (no device had a peak to bill). Null
 * without any device with kWh and parts (no tariff, or no data).
 */
export function sumBreakdowns(
  figures: ReadonlyArray<{ kwh: number | null; cost_breakdown: CostBreakdown | null }>,
): CostBreakdown | null {
  const priced = figures.filter((f) => f.kwh !== null)
  if (priced.length === 0 || priced.some((f) => f.cost_breakdown === null)) return null
  const parts = priced.map((f) => f.cost_breakdown!)
  const sum = (values: Array<number | null>) =>
    values.some((v) => v === null) ? null : roundCost(values.reduce<number>((s, v) => s + v!, 0))
  const demands = parts.map((p) => p.demand).filter((d) => d !== null)
  return {
    energy: sum(parts.map((p) => p.energy)),
    feed_in_credit: sum(parts.map((p) => p.feed_in_credit)),
    demand: demands.length === 0 ? null : sum(demands),
  }
}

/** A breakdown's cost: energy less feed-in credit plus demand (none is 0); null as its parts. */
export const costOf = (b: CostBreakdown) =>
  b.energy === null || b.feed_in_credit === null
    ? null
    : roundCost(b.energy - b.feed_in_credit + (b.demand ?? 0))
