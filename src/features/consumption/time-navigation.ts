/**
 * Where the consumption chart can go from its window: the window before and after, the finer view a
 * bar opens (month -> day -> hour) and the coarser ones above it. Pure; names read as what they are
 * ('December 2025', 'Wed 3 Dec 2025'), never a two-digit year that reads as a day.
 */
import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { ConsumptionView } from '~/lib/search-params'
import type { Day } from '~/lib/periods/days'
import type { IntervalWindow } from '~/lib/periods/view-window'

/** Where the page goes: a view and the day its window holds (none: today's window). */
export interface ConsumptionTarget {
  view: ConsumptionView
  date?: Day
}

const at = (iso: string | number, pattern: string, timeZone: string) =>
  format(new TZDate(new Date(iso).getTime(), timeZone), pattern)
/** The last instant of a window (its end is exclusive). */
const lastOf = (window: IntervalWindow) => Date.parse(window.end) - 1

/** The chart's heading. */
export function windowTitle(window: IntervalWindow, current: boolean, timeZone: string): string {
  switch (window.granularity) {
    case 'hourly':
      return `${at(window.start, 'EEEE d MMMM yyyy', timeZone)}, per hour`
    case 'daily':
      return `${at(window.start, 'MMMM yyyy', timeZone)}, per day`
    case 'weekly':
      return current
        ? 'Last 12 weeks, per week'
        : `${at(window.start, 'd MMM yyyy', timeZone)} – ${at(lastOf(window), 'd MMM yyyy', timeZone)}, per week`
    case 'monthly':
      return current
        ? 'Last 12 months, per month'
        : `${at(window.start, 'MMM yyyy', timeZone)} – ${at(lastOf(window), 'MMM yyyy', timeZone)}, per month`
  }
}

/** What previous and next move by, for their accessible names ('Previous month'). */
export const stepName: Record<ConsumptionView, string> = {
  hourly: 'day',
  daily: 'month',
  weekly: '12 weeks',
  monthly: '12 months',
}

/** What the user is told a bar of this view opens (`zoomIn` in lib/periods); none for hours. */
export const drillHint: Partial<Record<ConsumptionView, string>> = {
  monthly: 'Click or press Enter for its days.',
  weekly: 'Click or press Enter for the days of its month.',
  daily: 'Click or press Enter for its hours.',
}

export interface Crumb {
  label: string
  target: ConsumptionTarget
}

/**
 * The way back up from a drilled-in window: the 12 months and the month holding it, then the window
 * itself (the last crumb, the current page). Weekly and monthly views stand at the top: none.
 */
export function crumbsOf(window: IntervalWindow, date: Day | undefined, timeZone: string): Crumb[] {
  const view = window.granularity
  if (view !== 'hourly' && view !== 'daily') return []
  const months: Crumb = {
    label: `12 months to ${at(window.start, 'MMM yyyy', timeZone)}`,
    target: { view: 'monthly', date },
  }
  const month: Crumb = {
    label: at(window.start, 'MMMM yyyy', timeZone),
    target: { view: 'daily', date },
  }
  if (view === 'daily') return [months, month]
  return [
    months,
    month,
    { label: at(window.start, 'EEE d MMM yyyy', timeZone), target: { view, date } },
  ]
}
