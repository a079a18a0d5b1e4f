import { tz } from '@date-fns/tz'
import {
  addDays,
  addHours,
  addMonths,
  addYears,
  format,
  startOfDay,
  startOfHour,
  startOfMonth,
  startOfYear,
} from 'date-fns'
import { formatKwh, formatNumber } from '~/lib/format'

export type Granularity = 'hourly' | 'daily' | 'weekly' | 'monthly'

/** date-fns context for a time zone; `undefined` means the browser's own. */
export const zoneContext = (timeZone?: string) => (timeZone ? { in: tz(timeZone) } : {})

export const toMs = (iso: string) => {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new Error(`Chart data: '${iso}' is not an ISO 8601 date`)
  return ms
}

export function formatAt(ms: number, pattern: string, timeZone?: string) {
  return format(ms, pattern, zoneContext(timeZone))
}

const bucketPattern: Record<Granularity, string> = {
  hourly: 'EEE d MMM yyyy, HH:mm',
  daily: 'EEE d MMM yyyy',
  weekly: "'Week of' d MMM yyyy",
  monthly: 'MMMM yyyy',
}

/** The label of one bucket (or of a merged run of buckets) in tooltips and tables. */
export function formatBucket(
  startMs: number,
  endMs: number | undefined,
  granularity: Granularity,
  merged: boolean,
  timeZone?: string,
) {
  const first = formatAt(startMs, bucketPattern[granularity], timeZone)
  if (!merged || endMs === undefined) return first
  // The end of a bucket is exclusive: show the last instant that belongs to it.
  const last = endMs - 1
  const sameDay = formatAt(startMs, 'yyyyMMdd', timeZone) === formatAt(last, 'yyyyMMdd', timeZone)
  if (granularity === 'hourly' && sameDay && wholeDays(startMs, endMs, timeZone)) {
    return formatAt(startMs, bucketPattern.daily, timeZone)
  }
  if (granularity === 'hourly' && sameDay) {
    return `${first} – ${formatAt(last + 1, 'HH:mm', timeZone)}`
  }
  if (granularity === 'monthly')
    return `${formatAt(startMs, 'MMM yyyy', timeZone)} – ${formatAt(last, 'MMM yyyy', timeZone)}`
  const sameYear = formatAt(startMs, 'yyyy', timeZone) === formatAt(last, 'yyyy', timeZone)
  if (granularity === 'hourly' && !wholeDays(startMs, endMs, timeZone)) {
    return `${formatAt(startMs, 'd MMM, HH:mm', timeZone)} – ${formatAt(last + 1, 'd MMM yyyy, HH:mm', timeZone)}`
  }
  return `${formatAt(startMs, sameYear ? 'EEE d MMM' : 'EEE d MMM yyyy', timeZone)} – ${formatAt(last, 'EEE d MMM yyyy', timeZone)}`
}

const wholeDays = (startMs: number, endMs: number, timeZone?: string) =>
  formatAt(startMs, 'HH:mm', timeZone) === '00:00' && formatAt(endMs, 'HH:mm', timeZone) === '00:00'

type Step = {
  unit: 'hour' | 'day' | 'month' | 'year'
  n: number
  approxMs: number
  pattern: string
}
const HOUR = 3_600_000
const DAY = 24 * HOUR
const steps: Step[] = [
  { unit: 'hour', n: 1, approxMs: HOUR, pattern: 'HH:mm' },
  { unit: 'hour', n: 3, approxMs: 3 * HOUR, pattern: 'HH:mm' },
  { unit: 'hour', n: 6, approxMs: 6 * HOUR, pattern: 'HH:mm' },
  { unit: 'hour', n: 12, approxMs: 12 * HOUR, pattern: 'HH:mm' },
  { unit: 'day', n: 1, approxMs: DAY, pattern: 'd MMM' },
  { unit: 'day', n: 2, approxMs: 2 * DAY, pattern: 'd MMM' },
  { unit: 'day', n: 7, approxMs: 7 * DAY, pattern: 'd MMM' },
  { unit: 'day', n: 14, approxMs: 14 * DAY, pattern: 'd MMM' },
  { unit: 'month', n: 1, approxMs: 30 * DAY, pattern: 'MMM yyyy' },
  { unit: 'month', n: 3, approxMs: 91 * DAY, pattern: 'MMM yyyy' },
  { unit: 'month', n: 6, approxMs: 182 * DAY, pattern: 'MMM yyyy' },
  { unit: 'year', n: 1, approxMs: 365 * DAY, pattern: 'yyyy' },
]

/**
 * Calendar-aligned ticks in the chart's time zone (d3's time scale would use the browser's zone),
 * so midnight ticks fall on the user's midnight also across daylight-saving changes.
 */
export function timeTicks(startMs: number, endMs: number, maxTicks: number, timeZone?: string) {
  const span = Math.max(1, endMs - startMs)
  const step = steps.find((s) => span / s.approxMs <= Math.max(1, maxTicks)) ?? steps.at(-1)!
  const ctx = zoneContext(timeZone)
  const floor = { hour: startOfHour, day: startOfDay, month: startOfMonth, year: startOfYear }[
    step.unit
  ]
  const add = { hour: addHours, day: addDays, month: addMonths, year: addYears }[step.unit]
  let t: Date = floor(startMs, ctx)
  // Hours align to multiples of n within the day; days/months simply step from the first boundary.
  if (step.unit === 'hour')
    t = addHours(
      t,
      (step.n - (Number(formatAt(t.getTime(), 'H', timeZone)) % step.n)) % step.n,
      ctx,
    )
  const ticks: number[] = []
  while (t.getTime() <= endMs && ticks.length < 500) {
    if (t.getTime() >= startMs) ticks.push(t.getTime())
    t = add(t, step.n, ctx)
  }
  // Days look best labelled with the day; hour ticks crossing midnight show the date instead.
  const label = (ms: number) => {
    if (step.unit === 'hour' && formatAt(ms, 'HH:mm', timeZone) === '00:00')
      return formatAt(ms, 'd MMM', timeZone)
    return formatAt(ms, step.pattern, timeZone)
  }
  return { ticks, label }
}

/** A chart's kWh figure, as every page shows it (lib/format's one precision); 'No data' for a gap. */
export const chartKwh = (value: number | null | undefined) =>
  value == null ? 'No data' : formatKwh(value)

/** Smallest kWh span an axis shows: its ticks then differ at the three decimals it prints. */
const MIN_KWH_SPAN = 0.01

/**
 * A kWh axis' domain from `low` to `high`, widened when the values (nearly) coincide: all zeros
 * or one flat register would otherwise get ticks a billionth apart, printed alike ('0.000' thrice).
 */
export function kwhDomain(low: number, high: number): [number, number] {
  if (high - low >= MIN_KWH_SPAN) return [low, high]
  return [low, low + (high > low ? MIN_KWH_SPAN : 1)]
}

/**
 * Axis labels with just enough precision for the tick step (12,480 / 12,500, not 12.5k twice);
 * compact (15K in en-US) only when the step itself is in thousands.
 */
export function axisFormat(scale: { ticks: (n: number) => number[] }, count: number) {
  const ticks = scale.ticks(count)
  const step = ticks.length > 1 ? Math.abs(ticks[1]! - ticks[0]!) : 1
  const decimals = Math.max(0, Math.min(3, -Math.floor(Math.log10(step))))
  const style = step >= 1000 ? { compact: true, maxDecimals: 1 } : { decimals }
  return (value: unknown) => formatNumber(Number(value), style)
}
