import type { TenantScope } from '~/server/context.ts'
import type { Queryable } from '~/server/db/database.ts'
import { energySettingsRepository } from '../billing/settings-repository.ts'
import { edgeValues } from './edges.ts'
import { energyRepository } from './energy-repository.ts'
import { costedFigures, type DeviceFigure } from './costs.ts'
import { energyFigures } from './figures.ts'
import { peakFigures, type PeakFigure } from './peaks.ts'
import { NO_PRICING, type Pricing } from './pricing.ts'
import { planReport, seriesOf } from './report-plan.ts'
import { presetWindow, type Granularity, type Window } from './windows.ts'

/**
 * THE entry point of every energy figure the product shows (issue 34): per device and window, the
 * meter's rise `kwh`, whether it rests on an interpolated edge (`estimated`), and what it costs
 * and emits at the device's group's tariffs and factors (`cost`, `co2_kg`). The consumption API,
 * the report (and through it the dashboard), bills and the device list's today all read here.
 * The reading is figures.ts (rollups and edges), the pricing pricing.ts (price ranges, time of
 * use), and every statement is in energy-repository.ts.
 */

// Outside energy/, code imports the engine from here (and the calendar from windows.ts) only.
export type { PricedFigure, Pricing } from './pricing.ts'
export { roundCo2, roundCost, standingCharge, sumWhereKwh } from './pricing.ts'
export { roundKwh, roundRunning } from './figures.ts'
export { bucketFigures, withMetadata } from './bucket-figures.ts'
export { billChanges, type GroupOfBills } from './bills.ts'
export type { Register, ScopedDevice } from './energy-repository.ts'
export type { PeakFigure } from './peaks.ts'
export { netKwh, sumBreakdowns, type DeviceFigure } from './costs.ts'

/** Those of the devices that have an export register (a two-way meter: `devices.has_export`). */
export const withExportRegister = (q: Queryable, devices: readonly string[]) =>
  energyRepository(q).withExport(devices)

/** The scope's devices (or the named ones among them), by name. */
export const scopedDevices = (q: Queryable, scope: TenantScope, ids?: readonly string[]) =>
  energyRepository(q).devices(scope, ids)

/** A device's group if it lies inside the scope (another tenant's device is as missing). */
export const deviceGroup = (q: Queryable, scope: TenantScope, id: string) =>
  energyRepository(q).deviceGroup(scope, id)

export interface EnergyDevice {
  id: string
  group_id: string
}

export interface EnergyRequest {
  devices: readonly EnergyDevice[]
  windows: readonly Window[]
  /** Only these devices of their groups were asked for (rollup rows are filtered by device too). */
  named: boolean
  /** Each window's peak demand per device, when asked (`EnergyAnswer.peaks`). */
  peaks?: boolean
  /** Series of the devices' summed kWh over these periods' buckets, when asked (reports). */
  series?: { periods: ReadonlyArray<readonly Window[]>; granularity: Granularity }
}

/** Per period, per bucket (see `energySeries`). */
export interface EnergySeries {
  values: number[][]
  readings: number[][]
  estimated: boolean[][]
}

export interface EnergyAnswer {
  /** Per device id, one figure per window (in the order asked). */
  figures: Map<string, DeviceFigure[]>
  /** Per device id, one peak per window, when asked. */
  peaks?: Map<string, PeakFigure[]>
  /** Per group id, its tariffs and factors and its timezone (their clock). */
  pricings: Map<string, Pricing>
  /** When asked. */
  series?: EnergySeries
}

const unpriced = (p: Pricing) =>
  p.settings.tariffs.length === 0 && p.settings.emission_factors.length === 0

/** Each group's pricing: its energy settings and its timezone. */
export async function pricingsOf(
  q: Queryable,
  groups: readonly string[],
): Promise<Map<string, Pricing>> {
  const settings = await energySettingsRepository(q).of(groups)
  const zones = await energyRepository(q).groupZones(groups)
  return new Map(groups.map((g) => [g, { settings: settings.get(g)!, tz: zones.get(g) ?? 'UTC' }]))
}

/**
 * The devices' figures over the windows, each priced at its group's tariffs and factors. Groups
 * without pricing are read together, each priced group in its own pass (one pricing per pass).
 */
export async function energyOf(q: Queryable, request: EnergyRequest): Promise<EnergyAnswer> {
  const groups = [...new Set(request.devices.map((d) => d.group_id))]
  const pricings = await pricingsOf(q, groups)
  const passes = [
    { groups: groups.filter((g) => unpriced(pricings.get(g)!)), pricing: NO_PRICING },
    ...groups.flatMap((g) =>
      unpriced(pricings.get(g)!) ? [] : [{ groups: [g], pricing: pricings.get(g)! }],
    ),
  ]
  const figures = new Map<string, DeviceFigure[]>()
  for (const pass of passes) {
    const ids = request.devices.filter((d) => pass.groups.includes(d.group_id)).map((d) => d.id)
    if (ids.length === 0) continue
    const filter = { groups: pass.groups, devices: ids, named: request.named }
    for (const [id, list] of await costedFigures(q, filter, request.windows, pass.pricing))
      figures.set(id, list)
  }
  const { devices, named } = request
  const peaks = request.peaks ? await peakDemand(q, devices, request.windows, named) : undefined
  const answer: EnergyAnswer = { figures, pricings, ...(peaks && { peaks }) }
  if (!request.series) return answer
  return { ...answer, series: await energySeries(q, { devices, named, ...request.series }) }
}

/** A device's average power per quarter-hour bucket (see peaks.ts). */
export { quarterPower } from './peaks.ts'

/** Per device id, each window's peak demand (see peaks.ts). */
export function peakDemand(
  q: Queryable,
  devices: readonly EnergyDevice[],
  windows: readonly Window[],
  named: boolean,
): Promise<Map<string, PeakFigure[]>> {
  const filter = {
    groups: [...new Set(devices.map((d) => d.group_id))],
    devices: devices.map((d) => d.id),
    named,
  }
  return peakFigures(q, filter, windows)
}

/**
 * The one currency of several groups' costs: that of the groups with tariffs, null when they have
 * none or differ (then no cost is shown: costs in two currencies do not add up).
 */
export function commonCurrency(pricings: Iterable<Pricing>): string | null {
  const currencies = new Set(
    [...pricings].filter((p) => p.settings.tariffs.length > 0).map((p) => p.settings.currency),
  )
  return currencies.size === 1 ? [...currencies][0]! : null
}

/**
 * Each device's kWh since midnight in `tz` (the `today` period, as the consumption API reads
 * it), unpriced: the device list's today. Null without readings today.
 */
export async function todayKwh(
  q: Queryable,
  devices: readonly EnergyDevice[],
  tz: string,
  now: Date,
): Promise<Map<string, number | null>> {
  const filter = {
    groups: [...new Set(devices.map((d) => d.group_id))],
    devices: devices.map((d) => d.id),
    named: true,
  }
  const figures = await energyFigures(q, filter, [presetWindow('today', tz, now)])
  return new Map([...figures].map(([id, [today]]) => [id, today?.kwh ?? null]))
}

interface SeriesRequest {
  devices: readonly EnergyDevice[]
  named: boolean
  /** Per period, its contiguous buckets. */
  periods: ReadonlyArray<readonly Window[]>
  granularity: Granularity
}

/**
 * Per period, each bucket's kWh summed over the devices (unrounded), its signed reading count
 * (no reading and no estimate is no data) and whether it rests on an interpolated edge. The
 * rollups are read per term of the report plan (report-plan.ts); each bucket then gains the
 * estimate at its end and loses the one at its start (edges.ts).
 */
async function energySeries(q: Queryable, request: SeriesRequest): Promise<EnergySeries> {
  const plan = planReport(request.periods, request.granularity)
  const filter = {
    groups: [...new Set(request.devices.map((d) => d.group_id))],
    devices: request.devices.map((d) => d.id),
    named: request.named,
  }
  const repository = energyRepository(q)
  await repository.withoutJit()
  const sums = await repository.summedSums(
    filter,
    plan.series.map((s) => ({ ...s, key: s.term })),
  )
  const values = seriesOf(plan, sums.values)
  const readings = seriesOf(plan, sums.counts)
  const edges = [...new Set(plan.bounds.flat())]
  const at = await edgeValues(q, filter, edges)
  const atEdge = edges.map((_, i) => {
    let kwh = 0
    let estimated = false
    for (const d of filter.devices) {
      const v = at.at(d, i)
      kwh += v.kwh
      estimated ||= v.estimated
    }
    return { kwh, estimated }
  })
  const edgeAt = (instant: number) => atEdge[edges.indexOf(instant)]!
  const estimated = plan.bounds.map((list, p) =>
    list.slice(0, -1).map((start, k) => {
      const [a, b] = [edgeAt(start), edgeAt(list[k + 1]!)]
      values[p]![k]! += b.kwh - a.kwh
      return a.estimated || b.estimated
    }),
  )
  return { values, readings, estimated }
}
