import type { CostBreakdown, EnergyReport } from '~/api/__generated__/types.gen.ts'
import type { TenantScope } from '~/server/context.ts'
import type { Tx } from '~/server/db/database.ts'
import { badRequest, invalid } from '~/server/lib/http-errors.ts'
import { instantOf, wallOf } from '~/server/lib/zone-clock.ts'
import {
  commonCurrency,
  energyOf,
  netKwh,
  roundCo2,
  roundCost,
  roundKwh,
  roundRunning,
  scopedDevices,
  standingCharge,
  sumBreakdowns,
  sumWhereKwh,
  type DeviceFigure,
  type PeakFigure,
  type Pricing,
  type ScopedDevice,
} from '../energy/energy.ts'
import {
  buckets,
  isoIn,
  MAX_BUCKETS,
  type Granularity,
  type WeekStart,
  type Window,
} from '../energy/windows.ts'

export type Metric = EnergyReport['metric']

export interface ReportQuery {
  metric: Metric
  current: Window
  previous: Window
  /** Named devices; undefined = every device in scope. */
  deviceIds?: string[]
  tz: string
  granularity: Granularity
  weekStart: WeekStart
  /** @default new Date() (tests fix the clock) */
  now?: Date
  /** The named periods the windows were resolved from, answered back (none when not named). */
  names?: { current: string | null; previous: string | null }
}

/** A period from the query's start and end (inclusive, exclusive), or 400. */
export function periodOf(start: string, end: string, name: 'current' | 'previous'): Window {
  const window = { start: new Date(start), end: new Date(end) }
  if (!(window.end > window.start)) throw badRequest(`${name}_end must be after ${name}_start`)
  return window
}

const DAY_MS = 86_400_000

/** Days of a span on the wall clock of `tz` (a 23-hour daylight-saving day is one day). */
export const daysIn = (w: Window, tz: string) =>
  (wallOf(w.end.getTime(), tz) - wallOf(w.start.getTime(), tz)) / DAY_MS

/** current - previous and its percent of previous (null when previous is 0), from shown figures. */
export function change(current: number, previous: number) {
  const absolute = Math.round((current - previous) * 1000) / 1000
  const percent = previous === 0 ? null : Math.round((absolute / previous) * 10_000) / 100
  return { absolute, percent }
}

const WEEK_MS = 7 * DAY_MS

/** An instant moved by `ms` on the wall clock of `tz` (a day back across a DST change is a day). */
export const wallShift = (instant: Date, ms: number, tz: string) =>
  new Date(instantOf(wallOf(instant.getTime(), tz) + ms, tz))

/**
 * The spans a report compares. A running current period (now inside it) is compared to date: its
 * start to now against the same wall-clock time elapsed since the previous period's start (at
 * most all of it), so "this month" is 1-25 Nov against 1-25 Oct, not against all of October.
 */
export function comparedSpans(q: ReportQuery, now: Date) {
  const running = q.current.start < now && now < q.current.end
  if (!running) return { toDate: false, current: q.current, previous: q.previous }
  const elapsed = wallOf(now.getTime(), q.tz) - wallOf(q.current.start.getTime(), q.tz)
  const end = wallShift(q.previous.start, elapsed, q.tz)
  return {
    toDate: true,
    current: { start: q.current.start, end: now },
    previous: { start: q.previous.start, end: end < q.previous.end ? end : q.previous.end },
  }
}

/**
 * The previous series' buckets. Days are compared with the same weekday: the current period's
 * days shifted back by the whole weeks nearest the gap between the starts (a Tuesday against a
 * Tuesday, not 17 Nov against 17 Oct); other granularities keep the previous period's own buckets.
 */
function previousBuckets(q: ReportQuery): Window[] {
  if (q.granularity !== 'daily') return bucketsOf(q.previous, q)
  const gap = q.current.start.getTime() - q.previous.start.getTime()
  const back = -Math.max(1, Math.round(gap / WEEK_MS)) * WEEK_MS
  const shifted = {
    start: wallShift(q.current.start, back, q.tz),
    end: wallShift(q.current.end, back, q.tz),
  }
  return bucketsOf(shifted, q)
}

function bucketsOf(window: Window, q: ReportQuery): Window[] {
  const list = buckets(window, q.granularity, q.tz, q.weekStart)
  if (!list)
    throw invalid(
      ['query', 'granularity'],
      `More than ${MAX_BUCKETS} intervals per period: choose a coarser granularity`,
    )
  return list
}

/** The named devices, all inside the caller's scope (one outside answers 422), or the whole scope. */
async function devicesOf(tx: Tx, scope: TenantScope, ids?: string[]): Promise<ScopedDevice[]> {
  const devices = await scopedDevices(tx, scope, ids)
  if (!ids) return devices
  const found = new Set(devices.map((d) => d.id))
  const missing = ids.findIndex((id) => !found.has(id))
  if (missing >= 0)
    throw invalid(['query', 'device_ids', missing], `Device ${ids[missing]} not found in scope`)
  return devices
}

/**
 * What the energy engine says for a report: its devices, their priced figures over the spans
 * (costs only in the report's one currency), the groups' pricings for the standing charges, and
 * the series' values.
 */
async function figuresOf(tx: Tx, scope: TenantScope, q: ReportQuery, spans: Window[]) {
  const periods = [bucketsOf(q.current, q), previousBuckets(q)]
  const devices = await devicesOf(tx, scope, q.deviceIds)
  const named = q.deviceIds !== undefined
  // The current series is read up to the compared end: the running bucket so far, none after it.
  const answer = await energyOf(tx, {
    devices,
    windows: spans,
    named,
    peaks: true,
    series: {
      periods: [clipped(periods[0]!, spans[0]!.end), periods[1]!],
      granularity: q.granularity,
    },
  })
  const currency = commonCurrency(answer.pricings.values())
  const figures = new Map(
    [...answer.figures].map(([id, list]) => [
      id,
      currency === null ? list.map((c) => ({ ...c, cost: null, cost_breakdown: null })) : list,
    ]),
  )
  const pricings = currency === null ? [] : [...answer.pricings.values()]
  const credited = creditsExport([...answer.pricings.values()])
  const { values, readings, estimated } = answer.series!
  const peaks = answer.peaks ?? new Map<string, PeakFigure[]>()
  return {
    periods,
    devices,
    figures,
    peaks,
    series: values,
    readings,
    estimated,
    currency,
    pricings,
    credited,
  }
}

/** Whether the report's CO2 takes off export: every group of it that credits export does. */
const creditsExport = (pricings: readonly Pricing[]) =>
  pricings.length > 0 && pricings.every((p) => p.settings.credit_export_co2)

/** The buckets up to `end`, the one containing it ending there. */
function clipped(list: Window[], end: Date): Window[] {
  return list.filter((b) => b.start < end).map((b) => (b.end > end ? { start: b.start, end } : b))
}

const sumKnown = (values: Array<number | null>) =>
  roundKwh(values.reduce<number>((sum, v) => sum + (v ?? 0), 0))

/**
 * The report over the periods (the energy engine, energy/energy.ts, gives every figure). Figures are rounded to Wh and changes computed from the rounded figures, so the CSV
 * adds up as shown; energy_usage divides every figure by the days it covers. A running current
 * period is compared to date (`comparedSpans`); the whole previous period stays as context.
 */
export async function energyReport(
  tx: Tx,
  scope: TenantScope,
  q: ReportQuery,
): Promise<EnergyReport> {
  const now = q.now ?? new Date()
  const spans = comparedSpans(q, now)
  const {
    periods,
    devices,
    figures,
    peaks,
    series,
    readings,
    estimated,
    currency,
    pricings,
    credited,
  } = await figuresOf(tx, scope, q, [spans.current, spans.previous, q.previous])
  const perDay = (value: number | null, w: Window) =>
    value === null ? null : roundKwh(q.metric === 'energy_usage' ? value / daysIn(w, q.tz) : value)
  const scaled = (value: number | null, w: Window, round: (v: number) => number) =>
    value === null ? null : round(q.metric === 'energy_usage' ? value / daysIn(w, q.tz) : value)
  const none: DeviceFigure = {
    kwh: null,
    estimated: false,
    cost: null,
    co2_kg: null,
    export_kwh: null,
    net_kwh: null,
    cost_breakdown: null,
  }
  // Peak demand is kW whatever the metric: a power, not divided by days.
  const peakOf = (p: PeakFigure | undefined) => ({
    kw: p?.kw ?? null,
    at: p?.at == null ? null : isoIn(new Date(p.at), q.tz),
    estimated: p?.estimated ?? null,
    coverage: p?.coverage ?? 0,
  })
  const rows = devices.map((d) => {
    const [c = none, p = none, full = none] = figures.get(d.id) ?? []
    const row = {
      current: perDay(c.kwh, spans.current),
      previous: perDay(p.kwh, spans.previous),
    }
    const priced = (kwh: number | null, f: DeviceFigure, w: Window) => {
      const b = f.cost_breakdown
      const part = (v: number | null) => scaled(v, w, roundCost)
      return {
        cost: kwh === null ? null : scaled(f.cost, w, roundCost),
        breakdown:
          kwh === null || b === null
            ? null
            : {
                energy: part(b.energy),
                feed_in_credit: part(b.feed_in_credit),
                demand: part(b.demand),
              },
        co2: kwh === null ? null : scaled(f.co2_kg, w, roundCo2),
      }
    }
    const pc = priced(row.current, c, spans.current)
    const pp = priced(row.previous, p, spans.previous)
    const delta = row.current !== null && row.previous !== null && change(row.current, row.previous)
    const exported = {
      current: perDay(c.export_kwh, spans.current),
      previous: perDay(p.export_kwh, spans.previous),
    }
    const peakNow = peakOf(peaks.get(d.id)?.[0])
    const peakBefore = peakOf(peaks.get(d.id)?.[1])
    return {
      device_id: d.id,
      device_name: d.name,
      current_kwh: row.current,
      previous_kwh: row.previous,
      absolute_change: delta ? delta.absolute : null,
      percent_change: delta ? delta.percent : null,
      previous_full_kwh: perDay(full.kwh, q.previous),
      current_cost: pc.cost,
      previous_cost: pp.cost,
      current_cost_breakdown: pc.breakdown,
      previous_cost_breakdown: pp.breakdown,
      current_co2_kg: pc.co2,
      previous_co2_kg: pp.co2,
      current_export_kwh: exported.current,
      previous_export_kwh: exported.previous,
      current_net_kwh: netKwh(row.current, exported.current),
      previous_net_kwh: netKwh(row.previous, exported.previous),
      current_peak_kw: peakNow.kw,
      current_peak_at: peakNow.at,
      current_peak_estimated: peakNow.estimated,
      current_peak_coverage: peakNow.coverage,
      previous_peak_kw: peakBefore.kw,
      previous_peak_at: peakBefore.at,
      previous_peak_estimated: peakBefore.estimated,
      previous_peak_coverage: peakBefore.coverage,
    }
  })
  const totalOf = (pick: (r: (typeof rows)[number]) => [number | null, number | null]) =>
    sumWhereKwh(rows.map((r) => ({ kwh: pick(r)[0], value: pick(r)[1] })))
  const money = {
    current: totalOf((r) => [r.current_kwh, r.current_cost]),
    previous: totalOf((r) => [r.previous_kwh, r.previous_cost]),
    currentCo2: totalOf((r) => [r.current_kwh, r.current_co2_kg]),
    previousCo2: totalOf((r) => [r.previous_kwh, r.previous_co2_kg]),
  }
  const standing = (w: Window) => {
    if (pricings.length === 0) return null
    const sum = pricings.reduce((s, p: Pricing) => s + (standingCharge(p, w) ?? 0), 0)
    return scaled(sum, w, roundCost)
  }
  const diff = (a: number | null, b: number | null, round: (v: number) => number) =>
    a === null || b === null ? null : round(a - b)
  const current = sumKnown(rows.map((r) => r.current_kwh))
  const previous = sumKnown(rows.map((r) => r.previous_kwh))
  /** The devices' export figures added up; null where none has one. */
  const exportTotal = (values: Array<number | null>) =>
    values.every((v) => v === null) ? null : sumKnown(values)
  const exports = {
    current: exportTotal(
      devices.map((d) => perDay(figures.get(d.id)?.[0]?.export_kwh ?? null, spans.current)),
    ),
    previous: exportTotal(
      devices.map((d) => perDay(figures.get(d.id)?.[1]?.export_kwh ?? null, spans.previous)),
    ),
  }
  const { absolute, percent } = change(current, previous)
  const points = (p: number) => {
    const raw = periods[p]!.map((_, k) =>
      (readings[p]![k] ?? 0) > 0 || estimated[p]![k] ? series[p]![k]! : null,
    )
    // kWh buckets add up to their rounded sum; kWh/day ones are each their own average.
    const shown =
      q.metric === 'energy_usage'
        ? raw.map((v, k) => (v === null ? null : perDay(v, periods[p]![k]!)))
        : roundRunning(raw)
    return periods[p]!.map((b, k) => ({
      start: isoIn(b.start, q.tz),
      kwh: shown[k] ?? null,
      partial: b.start < now && now < b.end,
      estimated: estimated[p]![k] ?? false,
    }))
  }
  const period = (
    w: Window,
    compared: Window,
    total: number,
    full: number,
    cost: number | null,
    breakdown: CostBreakdown | null,
    co2: number | null,
    exported: number | null,
    name: string | null | undefined,
  ) => ({
    ...(name !== undefined && { name }),
    start: isoIn(w.start, q.tz),
    end: isoIn(w.end, q.tz),
    compared_end: isoIn(compared.end, q.tz),
    total_kwh: total,
    full_total_kwh: full,
    total_cost: cost === null ? null : roundCost(cost),
    cost_breakdown: breakdown,
    total_co2_kg: co2 === null ? null : roundCo2(co2),
    standing_charge: standing(compared),
    total_export_kwh: exported,
    total_net_kwh: netKwh(total, exported),
  })
  return {
    metric: q.metric,
    unit: q.metric === 'energy_usage' ? 'kWh/day' : 'kWh',
    timezone: q.tz,
    granularity: q.granularity,
    to_date: spans.toDate,
    current: period(
      q.current,
      spans.current,
      current,
      current,
      money.current,
      sumBreakdowns(
        rows.map((r) => ({ kwh: r.current_kwh, cost_breakdown: r.current_cost_breakdown })),
      ),
      money.currentCo2,
      exports.current,
      q.names?.current,
    ),
    previous: period(
      q.previous,
      spans.previous,
      previous,
      sumKnown(rows.map((r) => r.previous_full_kwh)),
      money.previous,
      sumBreakdowns(
        rows.map((r) => ({ kwh: r.previous_kwh, cost_breakdown: r.previous_cost_breakdown })),
      ),
      money.previousCo2,
      exports.previous,
      q.names?.previous,
    ),
    change: {
      absolute_kwh: absolute,
      percent,
      absolute_cost: diff(money.current, money.previous, roundCost),
      absolute_co2_kg: diff(money.currentCo2, money.previousCo2, roundCo2),
    },
    currency,
    export_co2_credited: credited,
    devices: rows,
    series: { current: points(0), previous: points(1) },
    device_ids: devices.map((d) => d.id),
  }
}
