/**
 * Moving a view back and forth (issue 34): the window a chart view shows around a day, the day the
 * window before or after it is anchored on, the finer view a bar opens, and the buckets that keep
 * a period readable. Pure: `now` and the zone are always passed in.
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
import type { ConsumptionView } from '../search-params'
import { dayOf, dayStart, weekStartsOn, type Day, type Period, type WeekStart } from './days'

/** A view's buckets; the report's chart uses the same four. */
export type Granularity = ConsumptionView

export interface ViewWindow {
  /** ISO 8601 with the zone's offset, e.g. 2026-03-01T00:00:00+01:00. */
  start: string
  /** Exclusive end. */
  end: string
}

export interface IntervalWindow extends ViewWindow {
  granularity: ConsumptionView
}

/** Number of buckets the weekly and monthly charts show. Spec §9: monthly view window 12 months. */
export const MONTHLY_WINDOW = 12
export const WEEKLY_WINDOW = 12

const iso = (date: Date) => formatISO(date)

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
  const local = day ? dayStart(day, timeZone) : new TZDate(now, timeZone)
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
  const moved = format(shift[view](dayStart(day ?? today, timeZone), by), 'yyyy-MM-dd')
  return moved >= today ? undefined : moved
}

/** A day in the URL, or undefined for today and for days still to come (they have no readings). */
export const pastDay = (day: Day | undefined, now: Date, timeZone: string): Day | undefined =>
  day !== undefined && day < dayOf(now, timeZone) ? day : undefined

/** Whether the window has reached now: nothing after it has readings yet. */
export const isCurrent = (window: ViewWindow, now: Date) => Date.parse(window.end) > now.getTime()

/** Zooming in: the view a bar of this view opens (month -> day -> hour); none for hours. */
export const finerView: Partial<Record<ConsumptionView, ConsumptionView>> = {
  monthly: 'daily',
  weekly: 'daily',
  daily: 'hourly',
}

/** The view and day a bar starting at `startMs` opens; none for hours. */
export function zoomIn(
  view: ConsumptionView,
  startMs: number,
  now: Date,
  timeZone: string,
): { view: ConsumptionView; date?: Day } | undefined {
  const into = finerView[view]
  return into && { view: into, date: pastDay(dayOf(startMs, timeZone), now, timeZone) }
}

/** Buckets that keep a chart readable: hours for a day or two, then days, weeks, months. */
export function granularityFor({ start, end }: Period): Granularity {
  const days = Math.round((end.getTime() - start.getTime()) / 86_400_000)
  if (days <= 2) return 'hourly'
  if (days <= 62) return 'daily'
  if (days <= 182) return 'weekly'
  return 'monthly'
}
