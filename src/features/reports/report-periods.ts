import { TZDate } from '@date-fns/tz'
import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  differenceInCalendarDays,
  format,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from 'date-fns'
import { billAt, type BillingCycle } from '../settings/billing-cycle'
import type { ReportPreset } from './report-search'

/**
 * Report periods: a current period and the previous one it is compared with, as calendar windows
 * in the viewer's IANA timezone (FIELD 1 and 6: local midnight, true calendar months, DST days).
 * Ends are exclusive and fall on the next boundary, never on "now", so a period's query key stays
 * the same all day and widgets share the cache.
 */

export const presetLabels: Record<ReportPreset, string> = {
  today: 'Today vs yesterday',
  this_week: 'This week vs last week',
  this_month: 'This month vs last month',
  last_month: 'Last month vs the month before',
  last_7_days: 'Last 7 days vs the 7 before',
  last_30_days: 'Last 30 days vs the 30 before',
  this_year: 'This year vs last year',
  this_bill: 'This bill vs last bill',
  last_bill: 'Last bill vs the bill before',
  bill_year_ago: 'This bill vs the same bill last year',
  custom: 'Custom range',
}

export type WeekStart = 'sunday' | 'monday'
export type Granularity = 'hourly' | 'daily' | 'weekly' | 'monthly'

export interface Period {
  start: Date
  end: Date
}

export interface PeriodPair {
  current: Period
  previous: Period
}

/** Calendar days 'yyyy-MM-dd', both ends included, as people pick them. */
export interface DayRange {
  from: string
  to: string
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Midnight of a calendar day in a timezone; throws on anything but 'yyyy-MM-dd'. */
export function dayStart(day: string, timeZone: string): TZDate {
  const match = DAY.exec(day)
  if (!match) throw new Error(`Expected a day as yyyy-MM-dd, got '${day}'`)
  return new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), timeZone)
}

/** The calendar day of an instant in a timezone, as 'yyyy-MM-dd'. */
export const dayOf = (instant: Date, timeZone: string) =>
  format(TZDate.tz(timeZone, instant), 'yyyy-MM-dd')

const weekStartsOn = (weekStart: WeekStart) => (weekStart === 'monday' ? 1 : 0)

/** A window of whole days [from, to] and the same number of days right before it. */
function daysBack(today: TZDate, days: number): PeriodPair {
  const end = addDays(startOfDay(today), 1)
  const start = addDays(end, -days)
  return { current: { start, end }, previous: { start: addDays(start, -days), end: start } }
}

export interface PeriodOptions {
  timeZone: string
  weekStart: WeekStart
  /** @default new Date() */
  now?: Date
  /** The current period of 'custom'. */
  custom?: DayRange
  /** The previous period of 'custom'; left out, the same number of days right before the current. */
  customPrevious?: DayRange
  /**
   * The billing cycle of the group in view, for the bill presets (in the group's timezone:
   * `reportTimeZone`); without one they fall back to calendar months.
   */
  bill?: BillingCycle
}

const billPresets: Partial<Record<ReportPreset, [number, number]>> = {
  this_bill: [0, -1],
  last_bill: [-1, -2],
  bill_year_ago: [0, -12],
}
const monthFor: Partial<Record<ReportPreset, ReportPreset>> = {
  this_bill: 'this_month',
  last_bill: 'last_month',
  bill_year_ago: 'this_month',
}

/** The timezone a preset's report is asked in: a bill's is its group's. */
export const reportTimeZone = (preset: ReportPreset, options: PeriodOptions) =>
  billPresets[preset] && options.bill ? options.bill.timeZone : options.timeZone

/** The current and previous period of a preset. */
export function presetPeriods(preset: ReportPreset, options: PeriodOptions): PeriodPair {
  const { timeZone, weekStart, now = new Date() } = options
  const today = TZDate.tz(timeZone, now)
  const bill = billPresets[preset]
  if (bill) {
    if (!options.bill) return presetPeriods(monthFor[preset]!, options)
    return {
      current: billAt(options.bill, now, bill[0]),
      previous: billAt(options.bill, now, bill[1]),
    }
  }
  switch (preset) {
    case 'today':
      return daysBack(today, 1)
    case 'this_week': {
      const start = startOfWeek(today, { weekStartsOn: weekStartsOn(weekStart) })
      return {
        current: { start, end: addWeeks(start, 1) },
        previous: { start: addWeeks(start, -1), end: start },
      }
    }
    case 'this_month': {
      const start = startOfMonth(today)
      return {
        current: { start, end: addMonths(start, 1) },
        previous: { start: addMonths(start, -1), end: start },
      }
    }
    case 'last_month': {
      const start = addMonths(startOfMonth(today), -1)
      return {
        current: { start, end: addMonths(start, 1) },
        previous: { start: addMonths(start, -1), end: start },
      }
    }
    case 'last_7_days':
      return daysBack(today, 7)
    case 'last_30_days':
      return daysBack(today, 30)
    case 'this_year': {
      const start = startOfYear(today)
      return {
        current: { start, end: addYears(start, 1) },
        previous: { start: addYears(start, -1), end: start },
      }
    }
    case 'custom':
      return customPeriods(options)
    default:
      return presetPeriods('this_month', options)
  }
}

function customPeriods({
  timeZone,
  custom,
  customPrevious,
  now = new Date(),
}: PeriodOptions): PeriodPair {
  const today = dayOf(now, timeZone)
  const range = custom ?? { from: today, to: today }
  const current = rangePeriod(range, timeZone)
  if (customPrevious) return { current, previous: rangePeriod(customPrevious, timeZone) }
  const days = differenceInCalendarDays(current.end, current.start)
  return { current, previous: { start: addDays(current.start, -days), end: current.start } }
}

/** [from 00:00, the day after `to` 00:00) in the timezone; `to` before `from` is refused. */
export function rangePeriod({ from, to }: DayRange, timeZone: string): Period {
  const start = dayStart(from, timeZone)
  const last = dayStart(to, timeZone)
  if (last < start) throw new Error(`A range cannot end (${to}) before it starts (${from})`)
  return { start, end: addDays(last, 1) }
}

/** Buckets that keep a chart readable: hours for a day or two, then days, weeks, months. */
export function granularityFor({ start, end }: Period): Granularity {
  const days = Math.round((end.getTime() - start.getTime()) / 86_400_000)
  if (days <= 2) return 'hourly'
  if (days <= 62) return 'daily'
  if (days <= 182) return 'weekly'
  return 'monthly'
}

/**
 * The whole days a report's compared span touches, as a Period for `formatPeriod`: 1 Mar to
 * 18 Mar 12:00 is 1-18 Mar.
 */
export function comparedPeriod(
  span: { start: string; compared_end: string },
  timeZone: string,
): Period {
  const last = dayOf(new Date(Date.parse(span.compared_end) - 1), timeZone)
  return { start: new Date(span.start), end: addDays(dayStart(last, timeZone), 1) }
}

/** RFC 3339 with the timezone's offset and no milliseconds, as the contract's examples. */
export const toIso = (date: Date) => date.toISOString().replace('.000', '')

/** The days a period covers, both ends included, for labels and date fields. */
export function periodDays({ start, end }: Period, timeZone: string): DayRange {
  return {
    from: dayOf(start, timeZone),
    to: dayOf(addDays(TZDate.tz(timeZone, end), -1), timeZone),
  }
}

const dayLabel = (day: string, timeZone: string, withYear: boolean) =>
  format(dayStart(day, timeZone), withYear ? 'd MMM yyyy' : 'd MMM')

/** '1 Mar – 31 Mar 2026', or '14 Mar 2026' for one day. */
export function formatPeriod(period: Period, timeZone: string): string {
  const { from, to } = periodDays(period, timeZone)
  if (from === to) return dayLabel(from, timeZone, true)
  return `${dayLabel(from, timeZone, from.slice(0, 4) !== to.slice(0, 4))} – ${dayLabel(to, timeZone, true)}`
}
