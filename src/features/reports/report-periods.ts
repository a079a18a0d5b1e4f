import { TZDate } from '@date-fns/tz'
import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  differenceInCalendarDays,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from 'date-fns'
import {
  dayOf,
  rangePeriod,
  weekStartsOn,
  type DayRange,
  type PeriodPair,
  type WeekStart,
} from '~/lib/periods/days'
import { billAt, type BillingCycle } from '../billing/billing-cycle'
import type { ReportPreset } from './report-search'

/**
 * Report periods: a current period and the previous one it is compared with, as calendar windows
 * in the viewer's IANA timezone (FIELD 1 and 6: local midnight, true calendar months, DST days).
 * Ends are exclusive and fall on the next boundary, never on "now", so a period's query key stays
 * the same all day and widgets share the cache.
 *
 * What is left here is the server's job once the report API takes named periods (issue 34): the
 * periods of a preset and of a custom range's default comparison. Day arithmetic, moving a view
 * and labels live in `~/lib/periods`.
 */

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
