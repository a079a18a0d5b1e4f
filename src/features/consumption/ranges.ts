/**
 * Calendar windows of the consumption page (spec §7), computed in the viewer's IANA timezone so a
 * day is local midnight to local midnight (23 or 25 hours on daylight-saving days) and a month is a
 * true calendar month (FIELD 1, 6). Pure: `now` and the zone are always passed in.
 */
import { TZDate } from '@date-fns/tz'
import {
  addDays,
  addMonths,
  addWeeks,
  format,
  formatISO,
  startOfDay,
  startOfMonth,
  startOfWeek,
  subMonths,
  subWeeks,
} from 'date-fns'
import type { ConsumptionView } from '~/lib/search-params'

export type WeekStart = 'sunday' | 'monday'

interface WeekInfoLocale extends Intl.Locale {
  getWeekInfo?: () => { firstDay: number }
  weekInfo?: { firstDay: number }
}

/**
 * First day of the week for a locale, as the API can express it (only Sunday or Monday).
 * Intl numbers days 1 (Monday) to 7 (Sunday); Saturday-first regions get Sunday, the nearer of the
 * two the API offers. Without week data (older engines) ISO 8601's Monday.
 */
export function weekStartFor(locale: string): WeekStart {
  let firstDay: number | undefined
  try {
    const loc = new Intl.Locale(locale) as WeekInfoLocale
    firstDay = loc.getWeekInfo?.().firstDay ?? loc.weekInfo?.firstDay
  } catch {
    firstDay = undefined
  }
  if (firstDay === 6 || firstDay === 7) return 'sunday'
  return 'monday'
}

export const browserWeekStart = (): WeekStart =>
  weekStartFor(typeof navigator === 'undefined' ? 'en-GB' : navigator.language)

export interface Window {
  /** ISO 8601 with the zone's offset, e.g. 2026-03-01T00:00:00+01:00. */
  start: string
  /** Exclusive end. */
  end: string
}

const iso = (date: Date) => formatISO(date)
const weekStartsOn = (weekStart: WeekStart) => (weekStart === 'sunday' ? 0 : 1)

/** Number of buckets the weekly and monthly charts show. Spec §9: monthly view window 12 months. */
export const MONTHLY_WINDOW = 12
export const WEEKLY_WINDOW = 12

export interface IntervalWindow extends Window {
  granularity: ConsumptionView
}

/** A calendar day as the URL carries it, '2025-12-03', read in the viewer's zone. */
export type Day = string

/** Local midnight of `day` in `timeZone`. */
const midnightOf = (day: Day, timeZone: string) => {
  const [y, m, d] = day.split('-').map(Number)
  return new TZDate(y!, m! - 1, d!, timeZone)
}

/** The calendar day of an instant in `timeZone`. */
export const dayOf = (instant: Date | string | number, timeZone: string): Day =>
  format(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM-dd')

/**
 * The interval chart's window per view, around `day` (today when none):
 * - hourly: that day, midnight to midnight (23 or 25 hours across a clock change);
 * - daily: its month, first day to the first day of the next month (spec §7);
 * - weekly: 12 weeks ending with its week;
 * - monthly: 12 months ending with its month (spec §7: from the first day 11 months before).
 */
export function intervalWindow(
  view: ConsumptionView,
  now: Date,
  timeZone: string,
  weekStart: WeekStart,
  day?: Day,
): IntervalWindow {
  const local = day ? midnightOf(day, timeZone) : new TZDate(now, timeZone)
  if (view === 'hourly') {
    const start = startOfDay(local)
    return { granularity: 'hourly', start: iso(start), end: iso(addDays(start, 1)) }
  }
  if (view === 'monthly') {
    const month = startOfMonth(local)
    return {
      granularity: 'monthly',
      start: iso(subMonths(month, MONTHLY_WINDOW - 1)),
      end: iso(addMonths(month, 1)),
    }
  }
  if (view === 'weekly') {
    const week = startOfWeek(local, { weekStartsOn: weekStartsOn(weekStart) })
    return {
      granularity: 'weekly',
      start: iso(subWeeks(week, WEEKLY_WINDOW - 1)),
      end: iso(addWeeks(week, 1)),
    }
  }
  const month = startOfMonth(local)
  return { granularity: 'daily', start: iso(month), end: iso(addMonths(month, 1)) }
}

/** How far previous and next move: one whole window. */
const shift: Record<ConsumptionView, (date: Date, n: number) => Date> = {
  hourly: addDays,
  daily: addMonths,
  weekly: (date, n) => addWeeks(date, n * WEEKLY_WINDOW),
  monthly: (date, n) => addMonths(date, n * MONTHLY_WINDOW),
}

/**
 * The day the window before (-1) or after (+1) the one around `day` is anchored on; undefined
 * (today's window) once that reaches today, so the current window keeps a plain URL.
 */
export function shiftDay(
  view: ConsumptionView,
  day: Day | undefined,
  by: -1 | 1,
  now: Date,
  timeZone: string,
): Day | undefined {
  const today = dayOf(now, timeZone)
  const moved = format(shift[view](midnightOf(day ?? today, timeZone), by), 'yyyy-MM-dd')
  return moved >= today ? undefined : moved
}

/** A day in the URL, or undefined for today and for days still to come (they have no readings). */
export const pastDay = (day: Day | undefined, now: Date, timeZone: string): Day | undefined =>
  day !== undefined && day < dayOf(now, timeZone) ? day : undefined

/** Whether the window has reached now: nothing after it has readings yet. */
export const isCurrent = (window: Window, now: Date) => Date.parse(window.end) > now.getTime()
