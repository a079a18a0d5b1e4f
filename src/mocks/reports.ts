/**
 * Energy reports for stories: figures computed from the query like the server would (buckets of
 * the granularity across both periods, every device in scope or the ones asked for), from a
 * deterministic daily profile per device. A running current period is compared to date, buckets
 * after NOW have no data (null) and the one holding NOW is partial, as the server sends them.
 */
import { HttpResponse, delay, type HttpHandler } from 'msw'
import type { EnergyReport, EnergyReportDevice } from '../api'
import { handleGetEnergyReport, handleGetEnergyReportCsv } from '../api/__generated__/msw.gen'
import { reportCsv } from '../common/report-csv'
import { tariffPriceOf, type TariffKind } from './consumption'
import { NOW, devices as fixtureDevices } from './fixtures'
import type { PeakKind } from './consumption'
// The server's own resolver, so a story's periods are the ones the server would answer with.
import {
  isBillPeriod,
  isoIn,
  namedPeriod,
  type PeriodClock,
  type PeriodName,
} from '../server/modules/energy/windows'
import { instantOf, wallOf } from '../server/lib/zone-clock'

type Granularity = EnergyReport['granularity']
const HOUR = 3_600_000

function nextStart(ms: number, granularity: Granularity) {
  if (granularity === 'hourly') return ms + HOUR
  if (granularity === 'daily') return ms + 24 * HOUR
  if (granularity === 'weekly') return ms + 7 * 24 * HOUR
  const d = new Date(ms)
  return Date.UTC(
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  )
}

/** kWh a device uses from `start` to `end`: a base load with a daily swing, a little lower in the past. */
function usage(deviceIndex: number, start: number, end: number, now: number) {
  const until = Math.min(end, now)
  if (until <= start) return 0
  const base = 1.2 + deviceIndex * 0.45
  let kwh = 0
  for (let t = start; t < until; t += HOUR) {
    const hour = new Date(t).getUTCHours()
    const swing = hour >= 7 && hour < 19 ? 1.6 : 0.7
    const ageing = 1 - Math.min(0.2, (now - t) / (400 * 24 * HOUR))
    kwh += (base * swing * ageing * (Math.min(until, t + HOUR) - t)) / HOUR
  }
  return Math.round(kwh * 100) / 100
}

/** The bills of the mocks' group: Northwind's cycle on the 8th (billing.ts), in its timezone. */
const BILL_CYCLE = { billStartDay: 8, tz: 'Europe/Berlin' }

interface Resolved {
  timezone: string
  current: { start: string; end: string; name?: string | null }
  previous: { start: string; end: string; name?: string | null }
}

/** The periods a query names (`period`, `previous_period`) or gives, as the server resolves them. */
function resolvePeriods(params: URLSearchParams, now: number): Resolved {
  const given = (key: string) => params.get(key)!
  const timezone = params.get('timezone') ?? 'UTC'
  const period = params.get('period')
  if (!period || period === 'custom') {
    const current = { start: given('current_start'), end: given('current_end') }
    // Left out, the same wall-clock length right before (ten days are ten midnights across DST).
    const [start, end] = [Date.parse(current.start), Date.parse(current.end)]
    const length = wallOf(end, timezone) - wallOf(start, timezone)
    const before = instantOf(wallOf(start, timezone) - length, timezone)
    const previous = params.has('previous_start')
      ? { start: given('previous_start'), end: given('previous_end') }
      : { start: new Date(before).toISOString(), end: current.start }
    const named = period ? { current: 'custom', previous: null } : undefined
    return {
      timezone,
      current: { ...current, ...(named && { name: named.current }) },
      previous: { ...previous, ...(named && { name: named.previous }) },
    }
  }
  const name = period as PeriodName
  const previousName = params.get('previous_period') as PeriodName | null
  const bills = isBillPeriod(name) || (previousName !== null && isBillPeriod(previousName))
  const clock: PeriodClock = {
    tz: timezone,
    now: new Date(now),
    weekStart: (params.get('week_start') ?? 'sunday') as PeriodClock['weekStart'],
    ...(bills && BILL_CYCLE),
  }
  const window = (w: { start: Date; end: Date }, named: string | null) => ({
    start: isoIn(w.start, clock.tz),
    end: isoIn(w.end, clock.tz),
    name: named,
  })
  return {
    timezone: clock.tz,
    current: window(namedPeriod(name, clock), name),
    previous: previousName
      ? window(namedPeriod(previousName, clock), previousName)
      : window(namedPeriod(name, clock, 1), null),
  }
}

const round = (n: number) => Math.round(n * 100) / 100

/** A meter that only imports, read every quarter hour, with no peak in the mock (issue 35). */
const IMPORT_ONLY = {
  current_export_kwh: null,
  previous_export_kwh: null,
  current_net_kwh: null,
  previous_net_kwh: null,
  current_peak_kw: null,
  current_peak_at: null,
  current_peak_estimated: null,
  current_peak_coverage: 0,
  previous_peak_kw: null,
  previous_peak_at: null,
  previous_peak_estimated: null,
  previous_peak_coverage: 0,
}
const percent = (cur: number, prev: number) =>
  prev === 0 ? null : round(((cur - prev) / prev) * 100)

export interface ReportMockOptions {
  /** @default the fixture devices */
  devices?: { id: string; name: string }[]
  /** @default NOW of the fixtures */
  now?: string
  /** Figures carry cost and CO2 in euros, as for a group with a tariff and a factor. @default false */
  priced?: boolean
  /**
   * The scope's first device is a two-way meter (issue 35): its rows carry export and net (a
   * fifth of its import fed back), the others' null; the totals add them up. @default false
   */
  twoWay?: boolean
  /**
   * Device rows carry peak demand (issue 35): measured peaks, the highest one estimated, or none
   * (readings an hour apart); left out, no device has a peak. @default undefined
   */
  peak?: PeakKind
  /**
   * With `priced`, what the cost is made of (consumption.ts): under the two-way contract the
   * periods export a fifth of their import, paid and CO2-credited. @default 'energyOnly'
   */
  tariff?: TariffKind
}

/**
 * A device's peak this period: a kW that grows with its base load, in a quarter hour of the
 * morning (06:15 to 09:00) of the period's first day; the highest (the last device's) estimated when asked.
 */
function devicePeak(index: number, count: number, periodStart: string, kind: PeakKind) {
  if (kind === 'none')
    return {
      current_peak_kw: null,
      current_peak_at: null,
      current_peak_estimated: null,
      current_peak_coverage: 0,
    }
  // On the period's own wall clock (the offset its start carries).
  const at = `${periodStart.slice(0, 10)}T0${6 + (index % 4)}:${['15', '30', '45', '00'][index % 4]}:00${periodStart.slice(19)}`
  return {
    current_peak_kw: round(3.2 + index * 1.45),
    current_peak_at: at,
    current_peak_estimated: kind === 'estimated' && index === count - 1,
    current_peak_coverage: 1,
  }
}

/** The report a query asks for. */
export function makeReport(
  params: URLSearchParams,
  {
    devices = fixtureDevices,
    now = NOW,
    priced = false,
    twoWay = false,
    peak,
    tariff = 'energyOnly',
  }: ReportMockOptions = {},
): EnergyReport {
  // Northwind's flat price and emission factor (src/mocks/billing.ts), 2 decimals and 3.
  const cost = (kwh: number) => (priced ? round(kwh * 0.31) : null)
  // A flat tariff without feed-in or demand charge: the cost is all energy.
  const parts = (kwh: number) =>
    priced ? { energy: cost(kwh), feed_in_credit: 0, demand: 0 } : null
  const co2 = (kwh: number) => (priced ? Math.round(kwh * 380) / 1000 : null)
  // Feed-in and demand charges (issue 35): each device priced by consumption.ts's contract, the
  // periods' figures their sums (as the server sums the devices' parts).
  const contracted = priced && tariff !== 'energyOnly'
  const exportOf = (kwh: number) => (contracted ? round(kwh * 0.2) : null)
  const contract = (kwh: number) => tariffPriceOf(kwh, exportOf(kwh), tariff)
  const contractRow = (current: number, previous: number) => ({
    current_cost: contract(current).cost,
    previous_cost: contract(previous).cost,
    current_co2_kg: contract(current).co2_kg,
    previous_co2_kg: contract(previous).co2_kg,
    current_cost_breakdown: contract(current).cost_breakdown,
    previous_cost_breakdown: contract(previous).cost_breakdown,
    current_export_kwh: exportOf(current),
    previous_export_kwh: exportOf(previous),
    current_net_kwh: round(current - exportOf(current)!),
    previous_net_kwh: round(previous - exportOf(previous)!),
  })
  const sumOf = (values: (number | null)[]) =>
    values.includes(null) ? null : round(values.reduce<number>((a, v) => a + v!, 0))
  const contractPeriod = (perDevice: number[]) => {
    const priced = perDevice.map(contract)
    const part = (key: 'energy' | 'feed_in_credit' | 'demand') =>
      sumOf(priced.map((p) => p.cost_breakdown?.[key] ?? null))
    const exported = sumOf(perDevice.map(exportOf))!
    const total = round(perDevice.reduce((a, b) => a + b, 0))
    return {
      total_cost: sumOf(priced.map((p) => p.cost)),
      cost_breakdown: {
        energy: part('energy'),
        feed_in_credit: part('feed_in_credit'),
        demand: part('demand'),
      },
      total_co2_kg: Math.round(priced.reduce((a, p) => a + p.co2_kg!, 0) * 1000) / 1000,
      total_export_kwh: exported,
      total_net_kwh: round(total - exported),
    }
  }
  const less = (a: number | null, b: number | null) =>
    a === null || b === null ? null : Math.round((a - b) * 1000) / 1000
  // The first fixture device has solar: it feeds back a fifth of what it takes.
  const exported = (index: number, kwh: number) => (index === 0 ? round(kwh * 0.2) : null)
  const granularity = (params.get('granularity') ?? 'daily') as Granularity
  const metric = (params.get('metric') ?? 'energy_consumption') as EnergyReport['metric']
  const wanted = params.getAll('device_ids')
  const chosen = devices
    .map((d, i) => ({ ...d, index: i }))
    .filter((d) => !wanted.length || wanted.includes(d.id))
  const nowMs = Date.parse(now)
  const periods = resolvePeriods(params, nowMs)
  const currentStart = Date.parse(periods.current.start)
  const running = currentStart < nowMs && nowMs < Date.parse(periods.current.end)
  const elapsed = nowMs - currentStart
  const period = (resolved: Resolved['current']) => {
    const start = Date.parse(resolved.start)
    const end = Date.parse(resolved.end)
    const compared = running ? Math.min(end, start + elapsed) : end
    const per = (from: number, to: number) =>
      metric === 'energy_usage' ? (24 * HOUR) / (to - from) : 1
    const buckets: { start: string; kwh: number | null; partial: boolean; estimated: boolean }[] =
      []
    for (let t = start; t < end; t = nextStart(t, granularity)) {
      const to = Math.min(nextStart(t, granularity), end)
      buckets.push({
        start: new Date(t).toISOString(),
        kwh:
          t >= nowMs
            ? null
            : round(chosen.reduce((sum, d) => sum + usage(d.index, t, to, nowMs), 0) * per(t, to)),
        partial: t < nowMs && nowMs < to,
        estimated: false,
      })
    }
    const over = (from: number, to: number) =>
      chosen.map((d) => round(usage(d.index, from, to, nowMs) * per(from, to)))
    const perDevice = over(start, compared)
    const full = over(start, end)
    return {
      ...resolved,
      compared_end: new Date(compared).toISOString(),
      buckets,
      perDevice,
      full,
      total: round(perDevice.reduce((a, b) => a + b, 0)),
      fullTotal: round(full.reduce((a, b) => a + b, 0)),
    }
  }
  const current = period(periods.current)
  const previous = period(periods.previous)
  const rows: EnergyReportDevice[] = chosen.map((d, i) => ({
    device_id: d.id,
    device_name: d.name,
    current_kwh: current.perDevice[i]!,
    previous_kwh: previous.perDevice[i]!,
    absolute_change: round(current.perDevice[i]! - previous.perDevice[i]!),
    percent_change: percent(current.perDevice[i]!, previous.perDevice[i]!),
    previous_full_kwh: previous.full[i]!,
    current_cost: cost(current.perDevice[i]!),
    previous_cost: cost(previous.perDevice[i]!),
    current_co2_kg: co2(current.perDevice[i]!),
    previous_co2_kg: co2(previous.perDevice[i]!),
    current_cost_breakdown: parts(current.perDevice[i]!),
    previous_cost_breakdown: parts(previous.perDevice[i]!),
    ...IMPORT_ONLY,
    ...(twoWay && {
      current_export_kwh: exported(d.index, current.perDevice[i]!),
      previous_export_kwh: exported(d.index, previous.perDevice[i]!),
      current_net_kwh: less(current.perDevice[i]!, exported(d.index, current.perDevice[i]!)),
      previous_net_kwh: less(previous.perDevice[i]!, exported(d.index, previous.perDevice[i]!)),
    }),
    ...(peak && devicePeak(d.index, chosen.length, periods.current.start, peak)),
    ...(contracted && contractRow(current.perDevice[i]!, previous.perDevice[i]!)),
  }))
  const exportTotal = (p: typeof current) =>
    twoWay
      ? round(chosen.reduce((sum, d, i) => sum + (exported(d.index, p.perDevice[i]!) ?? 0), 0))
      : null
  const summary = (p: typeof current) => ({
    ...(p.name !== undefined && { name: p.name }),
    start: p.start,
    end: p.end,
    compared_end: p.compared_end,
    total_kwh: p.total,
    full_total_kwh: p.fullTotal,
    total_cost: cost(p.total),
    cost_breakdown: parts(p.total),
    total_co2_kg: co2(p.total),
    standing_charge: priced ? 12.6 : null,
    total_export_kwh: exportTotal(p),
    total_net_kwh: less(p.total, exportTotal(p)),
    ...(contracted && contractPeriod(p.perDevice)),
  })
  const [currentTotals, previousTotals] = [summary(current), summary(previous)]
  return {
    metric,
    unit: metric === 'energy_usage' ? 'kWh/day' : 'kWh',
    timezone: periods.timezone,
    granularity,
    to_date: running,
    current: currentTotals,
    previous: previousTotals,
    change: {
      absolute_kwh: round(current.total - previous.total),
      percent: percent(current.total, previous.total),
      absolute_cost: less(currentTotals.total_cost, previousTotals.total_cost),
      absolute_co2_kg: less(currentTotals.total_co2_kg, previousTotals.total_co2_kg),
    },
    currency: priced ? 'EUR' : null,
    export_co2_credited: contracted,
    devices: rows,
    series: { current: current.buckets, previous: previous.buckets },
    device_ids: chosen.map((d) => d.id),
  }
}

/** getEnergyReport and its CSV over the fixture devices (or the ones given). */
export function reportsHandlers(options: ReportMockOptions = {}): HttpHandler[] {
  return [
    handleGetEnergyReportCsv(({ request }) => {
      const csv = reportCsv(makeReport(new URL(request.url).searchParams, options))
      return new HttpResponse(csv, {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="energy-report.csv"',
        },
      })
    }),
    handleGetEnergyReport(async ({ request }) => {
      await delay(50)
      return HttpResponse.json(makeReport(new URL(request.url).searchParams, options))
    }),
  ]
}

/** Reports of a scope without devices. */
export const emptyReportsHandlers = () => reportsHandlers({ devices: [] })
