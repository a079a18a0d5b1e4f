import { TZDate } from '@date-fns/tz'
import {
  addDays,
  addMonths,
  addWeeks,
  startOfDay,
  startOfHour,
  startOfMonth,
  startOfWeek,
} from 'date-fns'

/** Pure calendar arithmetic in an IANA timezone: bucket boundaries and preset windows. */

export type Granularity = 'hourly' | 'daily' | 'weekly' | 'monthly'
export type WeekStart = 'sunday' | 'monday'
export type Preset = 'today' | 'yesterday' | 'this_week' | 'last_week' | 'this_month' | 'last_month'

export interface Window {
  start: Date
  end: Date
}

export const MAX_BUCKETS = 1000
const HOUR = 3_600_000

const weekOptions = (weekStart: WeekStart) =>
  ({ weekStartsOn: weekStart === 'monday' ? 1 : 0 }) as const

/** The start of the calendar unit containing `instant`, in `tz`. */
export function unitStart(
  instant: Date,
  granularity: Granularity,
  tz: string,
  weekStart: WeekStart = 'sunday',
): Date {
  const local = new TZDate(instant.getTime(), tz)
  const start =
    granularity === 'hourly'
      ? startOfHour(local)
      : granularity === 'daily'
        ? startOfDay(local)
        : granularity === 'weekly'
          ? startOfWeek(local, weekOptions(weekStart))
          : startOfMonth(local)
  return new Date(start.getTime())
}

/** The start of the unit after the one starting at `unit` (a local calendar step, not a fixed span). */
export function nextUnit(unit: Date, granularity: Granularity, tz: string): Date {
  // Hours are absolute (a fall-back day has 25 of them; local wall-clock hours are ambiguous then);
  // days, weeks and months are calendar steps re-anchored at local midnight (23- and 25-hour days).
  if (granularity === 'hourly') return new Date(unit.getTime() + HOUR)
  const local = new TZDate(unit.getTime(), tz)
  const next =
    granularity === 'daily'
      ? startOfDay(addDays(local, 1))
      : granularity === 'weekly'
        ? startOfDay(addWeeks(local, 1))
        : startOfMonth(addMonths(local, 1))
  // Never step backwards or stand still, whatever a zone's rules do.
  return next.getTime() > unit.getTime()
    ? new Date(next.getTime())
    : new Date(unit.getTime() + HOUR)
}

/**
 * Calendar buckets covering [start, end): whole units of `granularity` in `tz`, the edge ones
 * clipped to the window. Undefined when there would be more than `limit`.
 */
export function buckets(
  window: Window,
  granularity: Granularity,
  tz: string,
  weekStart: WeekStart = 'sunday',
  limit = MAX_BUCKETS,
): Window[] | undefined {
  const out: Window[] = []
  let lo = window.start
  let unit = unitStart(window.start, granularity, tz, weekStart)
  while (lo < window.end) {
    if (out.length >= limit) return undefined
    unit = nextUnit(unit, granularity, tz)
    const hi = unit < window.end ? unit : window.end
    if (hi > lo) {
      out.push({ start: lo, end: hi })
      lo = hi
    }
  }
  return out
}

/** A preset window in `tz` at `now`: running presets end at now, full ones at the next start. */
export function presetWindow(
  preset: Preset,
  tz: string,
  now: Date,
  weekStart: WeekStart = 'sunday',
): Window {
  const day = unitStart(now, 'daily', tz)
  const week = unitStart(now, 'weekly', tz, weekStart)
  const month = unitStart(now, 'monthly', tz)
  const local = (d: Date) => new TZDate(d.getTime(), tz)
  const at = (d: Date) => new Date(d.getTime())
  switch (preset) {
    case 'today':
      return { start: day, end: now }
    case 'yesterday':
      return { start: at(startOfDay(addDays(local(day), -1))), end: day }
    case 'this_week':
      return { start: week, end: now }
    case 'last_week':
      return { start: at(startOfDay(addWeeks(local(week), -1))), end: week }
    case 'this_month':
      return { start: month, end: now }
    case 'last_month':
      return { start: at(startOfMonth(addMonths(local(month), -1))), end: month }
  }
}

/** An instant as ISO 8601 with the timezone's offset, e.g. 2026-03-14T00:00:00+01:00. */
export function isoIn(instant: Date, tz: string): string {
  return new TZDate(instant.getTime(), tz).toISOString().replace(/\.000(?=[+-Z])/, '')
}
