/**
 * Calendar days and periods in a viewer's IANA timezone (FIELD 1 and 6): a day is local midnight
 * to local midnight (23 or 25 hours across a clock change), a month a true calendar month. Ends
 * are exclusive. Pure: `now` and the zone are always passed in.
 */
import { TZDate } from '@date-fns/tz'
import { addDays, format } from 'date-fns'

/** A calendar day as URLs and date fields carry it, '2025-12-03', read in the viewer's zone. */
export type Day = string

/** Calendar days 'yyyy-MM-dd', both ends included, as people pick them. */
export interface DayRange {
  from: Day
  to: Day
}

/** Instants, the end exclusive. */
export interface Period {
  start: Date
  end: Date
}

/** A current period and the previous one it is compared with. */
export interface PeriodPair {
  current: Period
  previous: Period
}

/** The first day of a week, as the API can express it. */
export type WeekStart = 'sunday' | 'monday'

/** date-fns' `weekStartsOn` for a week start. */
export const weekStartsOn = (weekStart: WeekStart) => (weekStart === 'sunday' ? 0 : 1)

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

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Midnight of a calendar day in a timezone; throws on anything but 'yyyy-MM-dd'. */
export function dayStart(day: Day, timeZone: string): TZDate {
  const match = DAY.exec(day)
  if (!match) throw new Error(`Expected a day as yyyy-MM-dd, got '${day}'`)
  return new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), timeZone)
}

/** The calendar day of an instant in a timezone, as 'yyyy-MM-dd'. */
export const dayOf = (instant: Date | string | number, timeZone: string): Day =>
  format(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM-dd')

/** [from 00:00, the day after `to` 00:00) in the timezone; `to` before `from` is refused. */
export function rangePeriod({ from, to }: DayRange, timeZone: string): Period {
  const start = dayStart(from, timeZone)
  const last = dayStart(to, timeZone)
  if (last < start) throw new Error(`A range cannot end (${to}) before it starts (${from})`)
  return { start, end: addDays(last, 1) }
}

/** The days a period covers, both ends included, for labels and date fields. */
export function periodDays({ start, end }: Period, timeZone: string): DayRange {
  return {
    from: dayOf(start, timeZone),
    to: dayOf(addDays(TZDate.tz(timeZone, end), -1), timeZone),
  }
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

const dayLabel = (day: Day, timeZone: string, withYear: boolean) =>
  format(dayStart(day, timeZone), withYear ? 'd MMM yyyy' : 'd MMM')

/** '1 Mar – 31 Mar 2026', or '14 Mar 2026' for one day. */
export function formatPeriod(period: Period, timeZone: string): string {
  const { from, to } = periodDays(period, timeZone)
  if (from === to) return dayLabel(from, timeZone, true)
  return `${dayLabel(from, timeZone, from.slice(0, 4) !== to.slice(0, 4))} – ${dayLabel(to, timeZone, true)}`
}
