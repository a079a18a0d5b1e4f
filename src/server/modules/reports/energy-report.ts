import type { EnergyReport } from '../../../api/__generated__/types.gen.ts'
import type { TenantScope } from '../../context.ts'
import type { Tx } from '../../db/database.ts'
import { badRequest, invalid } from '../../lib/http-errors.ts'
import { wallOf } from '../../lib/zone-clock.ts'
import {
  buckets,
  isoIn,
  MAX_BUCKETS,
  type Granularity,
  type WeekStart,
  type Window,
} from '../consumption/buckets.ts'
import { DAY_MS } from '../consumption/segments.ts'
import { planReport, seriesOf } from './report-plan.ts'
import { reportsRepository, type ReportDevice } from './reports-repository.ts'

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
}

/** A period from the query's start and end (inclusive, exclusive), or 400. */
export function periodOf(start: string, end: string, name: 'current' | 'previous'): Window {
  const window = { start: new Date(start), end: new Date(end) }
  if (!(window.end > window.start)) throw badRequest(`${name}_end must be after ${name}_start`)
  return window
}

/** Days of a span on the wall clock of `tz` (a 23-hour daylight-saving day is one day). */
export const daysIn = (w: Window, tz: string) =>
  (wallOf(w.end.getTime(), tz) - wallOf(w.start.getTime(), tz)) / DAY_MS

/** kWh to three decimals (Wh), never below 0: float sums of non-negative rises can be -1e-13. */
const kwh = (value: number) => Math.max(0, Math.round(value * 1000) / 1000)

/** current - previous and its percent of previous (null when previous is 0), from shown figures. */
export function change(current: number, previous: number) {
  const absolute = Math.round((current - previous) * 1000) / 1000
  const percent = previous === 0 ? null : Math.round((absolute / previous) * 10_000) / 100
  return { absolute, percent }
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
async function devicesOf(tx: Tx, scope: TenantScope, ids?: string[]): Promise<ReportDevice[]> {
  const devices = await reportsRepository(tx).devices(scope, ids)
  if (!ids) return devices
  const found = new Set(devices.map((d) => d.id))
  const missing = ids.findIndex((id) => !found.has(id))
  if (missing >= 0)
    throw invalid(['query', 'device_ids', missing], `Device ${ids[missing]} not found in scope`)
  return devices
}

/** What the database says for a report: its devices, their totals and the series' values. */
async function figuresOf(tx: Tx, scope: TenantScope, q: ReportQuery) {
  const periods = [bucketsOf(q.current, q), bucketsOf(q.previous, q)]
  const devices = await devicesOf(tx, scope, q.deviceIds)
  const plan = planReport(periods, q.granularity)
  const filter = {
    groups: [...new Set(devices.map((d) => d.group_id))],
    devices: devices.map((d) => d.id),
    named: q.deviceIds !== undefined,
  }
  const repo = reportsRepository(tx)
  const totals = await repo.deviceTotals(plan.totals, filter)
  const series = seriesOf(plan, await repo.termValues(plan.series, filter))
  return { periods, devices, totals, series }
}

/**
 * The report over the periods (see report-plan.ts for how it reads the rollups). Figures are
 * rounded to Wh and changes computed from the rounded figures, so the CSV adds up as shown;
 * energy_usage divides every figure by the days it covers.
 */
export async function energyReport(
  tx: Tx,
  scope: TenantScope,
  q: ReportQuery,
): Promise<EnergyReport> {
  const { periods, devices, totals, series } = await figuresOf(tx, scope, q)
  const perDay = (value: number, w: Window) =>
    kwh(q.metric === 'energy_usage' ? value / daysIn(w, q.tz) : value)
  const rows = devices.map((d) => {
    const [current = 0, previous = 0] = totals.get(d.id) ?? []
    const row = { current: perDay(current, q.current), previous: perDay(previous, q.previous) }
    const { absolute, percent } = change(row.current, row.previous)
    return {
      device_id: d.id,
      device_name: d.name,
      current_kwh: row.current,
      previous_kwh: row.previous,
      absolute_change: absolute,
      percent_change: percent,
    }
  })
  const current = kwh(rows.reduce((sum, r) => sum + r.current_kwh, 0))
  const previous = kwh(rows.reduce((sum, r) => sum + r.previous_kwh, 0))
  const { absolute, percent } = change(current, previous)
  const points = (p: number) =>
    periods[p]!.map((b, k) => ({ start: isoIn(b.start, q.tz), kwh: perDay(series[p]![k]!, b) }))
  const period = (w: Window, total: number) => ({
    start: isoIn(w.start, q.tz),
    end: isoIn(w.end, q.tz),
    total_kwh: total,
  })
  return {
    metric: q.metric,
    unit: q.metric === 'energy_usage' ? 'kWh/day' : 'kWh',
    timezone: q.tz,
    granularity: q.granularity,
    current: period(q.current, current),
    previous: period(q.previous, previous),
    change: { absolute_kwh: absolute, percent },
    devices: rows,
    series: { current: points(0), previous: points(1) },
    device_ids: devices.map((d) => d.id),
  }
}
