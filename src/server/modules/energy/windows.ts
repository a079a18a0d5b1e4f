import { instantOf, isoWithOffset, utcMs, wallOf } from '~/server/lib/zone-clock.ts'

/**
 * Pure calendar arithmetic in an IANA timezone: bucket boundaries and the named periods both the
 * consumption API and the report API take (one resolver: `namedPeriod`).
 */

export type Granularity = 'hourly' | 'daily' | 'weekly' | 'monthly'
/** The consumption intervals' sizes: a report's, and the hour's quarters (issue 35). */
export type IntervalGranularity = Granularity | 'quarter_hour'
export type WeekStart = 'sunday' | 'monday'
export type Preset = 'today' | 'yesterday' | 'this_week' | 'last_week' | 'this_month' | 'last_month'

export interface Window {
  start: Date
  end: Date
}

export const MAX_BUCKETS = 1000
const HOUR = 3_600_000
/** Zones are offset from UTC by whole quarter hours: a quarter is one on every clock. */
const QUARTER = 900_000

/** A local calendar date (month 0-11; days and months may overflow, utcMs normalises them). */
interface LocalDate {
  year: number
  month: number
  day: number
}

function localDate(instant: number, tz: string): LocalDate & { weekday: number } {
  const wall = new Date(wallOf(instant, tz))
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth(),
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
  }
}

/** The first instant of a local date in `tz` (local midnight, or the change if it has none). */
const midnight = (d: LocalDate, tz: string) =>
  new Date(instantOf(utcMs(d.year, d.month, d.day), tz))

/** The start of the calendar unit containing `instant`, in `tz`. */
export function unitStart(
  instant: Date,
  granularity: IntervalGranularity,
  tz: string,
  weekStart: WeekStart = 'sunday',
): Date {
  const ms = instant.getTime()
  if (granularity === 'quarter_hour') return new Date(Math.floor(ms / QUARTER) * QUARTER)
  // Hours: back to the local hour's start (the zone's offset stays as it is within an hour).
  if (granularity === 'hourly') return new Date(ms - (((wallOf(ms, tz) % HOUR) + HOUR) % HOUR))
  const d = localDate(ms, tz)
  if (granularity === 'daily') return midnight(d, tz)
  if (granularity === 'monthly') return midnight({ ...d, day: 1 }, tz)
  const back = (d.weekday - (weekStart === 'monday' ? 1 : 0) + 7) % 7
  return midnight({ ...d, day: d.day - back }, tz)
}

/** The start of the unit after the one starting at `unit` (a local calendar step, not a fixed span). */
export function nextUnit(unit: Date, granularity: IntervalGranularity, tz: string): Date {
  // Hours are absolute (a fall-back day has 25 of them; local wall-clock hours are ambiguous then);
  // days, weeks and months are calendar steps re-anchored at local midnight (23- and 25-hour days).
  if (granularity === 'hourly') return new Date(unit.getTime() + HOUR)
  if (granularity === 'quarter_hour') return new Date(unit.getTime() + QUARTER)
  const d = localDate(unit.getTime(), tz)
  const next =
    granularity === 'daily'
      ? midnight({ ...d, day: d.day + 1 }, tz)
      : granularity === 'weekly'
        ? midnight({ ...d, day: d.day + 7 }, tz)
        : midnight({ ...d, month: d.month + 1, day: 1 }, tz)
  // Never step backwards or stand still, whatever a zone's rules do.
  return next.getTime() > unit.getTime() ? next : new Date(unit.getTime() + HOUR)
}

/**
 * Calendar buckets covering [start, end): whole units of `granularity` in `tz`, the edge ones
 * clipped to the window. Undefined when there would be more than `limit`.
 */
export function buckets(
  window: Window,
  granularity: IntervalGranularity,
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

/** An instant as ISO 8601 with the timezone's offset, e.g. 2026-03-14T00:00:00+01:00. */
export function isoIn(instant: Date, tz: string): string {
  return isoWithOffset(instant.getTime(), tz)
}

export type BillPreset = 'this_bill' | 'last_bill' | 'bill_year_ago'

/**
 * The bills of a cycle on `startDay` in `tz`, counted in months from `now`'s year: `at(m)` is the
 * start of bill `m` (months past 11 or below 0 roll into other years), `current` the running one.
 */
function billCycle(startDay: number, tz: string, now: Date) {
  const d = localDate(now.getTime(), tz)
  const month = d.day >= startDay ? d.month : d.month - 1
  const at = (m: number) => midnight({ year: d.year, month: m, day: startDay }, tz)
  // Midnight of the start day itself may lie after now when the day's first hour was skipped.
  const current = at(month) <= now ? month : month - 1
  return { at, current, year: d.year }
}

/**
 * The closed bills (ended by `now`) of a cycle on `startDay` in `tz`, oldest first: from the one
 * holding the local date `from` ('YYYY-MM-DD'; none when that is the running one or later), at
 * most the last `limit`; and the running bill's start.
 */
export function closedBills(
  startDay: number,
  tz: string,
  from: string,
  now: Date,
  limit: number,
): { bills: Window[]; running: Date } {
  const { at, current, year } = billCycle(startDay, tz, now)
  const [y, m, day] = from.split('-').map(Number) as [number, number, number]
  const holding = (y - year) * 12 + (m - 1) - (day >= startDay ? 0 : 1)
  const bills: Window[] = []
  for (let k = Math.max(holding, current - limit); k < current; k++)
    bills.push({ start: at(k), end: at(k + 1) })
  return { bills, running: at(current) }
}

/** The named periods of both APIs (the consumption API's preset paths use the same names). */
/**
 * The consecutive bills of a cycle on `startDay` in `tz` that overlap [from, to), oldest first,
 * preceded by the `back` bills before the first of them (a rolling demand charge reads them).
 */
export function billsAround(
  startDay: number,
  tz: string,
  from: Date,
  to: Date,
  back: number,
): Window[] {
  const { at, current } = billCycle(startDay, tz, from)
  const bills: Window[] = []
  // A century of monthly bills bounds the loop whatever the window.
  for (let k = current - back; k < current + 1200 && at(k) < to; k++)
    bills.push({ start: at(k), end: at(k + 1) })
  return bills
}

export const PERIOD_NAMES = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'last_7_days',
  'last_30_days',
  'this_year',
  'this_bill',
  'last_bill',
  'bill_year_ago',
] as const
export type PeriodName = (typeof PERIOD_NAMES)[number]

export const isPeriodName = (name: string): name is PeriodName =>
  (PERIOD_NAMES as readonly string[]).includes(name)

/**
 * Which calendar unit a name counts in, how many of them it spans (ending with the unit holding
 * now, or `back` spans before that), and how many spans back from there it lies.
 */
const STEPS: Record<
  PeriodName,
  { unit: 'day' | 'week' | 'month' | 'year' | 'bill'; back: number; span?: number }
> = {
  today: { unit: 'day', back: 0 },
  yesterday: { unit: 'day', back: 1 },
  this_week: { unit: 'week', back: 0 },
  last_week: { unit: 'week', back: 1 },
  this_month: { unit: 'month', back: 0 },
  last_month: { unit: 'month', back: 1 },
  last_7_days: { unit: 'day', back: 0, span: 7 },
  last_30_days: { unit: 'day', back: 0, span: 30 },
  this_year: { unit: 'year', back: 0 },
  this_bill: { unit: 'bill', back: 0 },
  last_bill: { unit: 'bill', back: 1 },
  bill_year_ago: { unit: 'bill', back: 12 },
}

export const isBillPeriod = (name: PeriodName) => STEPS[name].unit === 'bill'

/** What a named period is counted against: the clock, and for bills the group's cycle. */
export interface PeriodClock {
  /** The timezone of the calendar (for bills, the group's). */
  tz: string
  now: Date
  /** @default 'sunday' */
  weekStart?: WeekStart
  /** The group's billing cycle start day (1-28); needed by the bill names only. */
  billStartDay?: number
}

/**
 * A named period as a whole calendar span [start, end): local midnights in `clock.tz` (the day's
 * first instant where a DST change skips midnight), true calendar weeks and months, and bills of
 * the group's cycle. `extraBack` more units back gives the periods before it (`last_week` with 1
 * is the week before last; `last_7_days` with 1 the seven days before those). A running period (now inside it) still ends at its next start: the
 * consumption API reads it up to now (`periodWindow`), the report compares it to date.
 *
 * A bill runs from local midnight of the cycle's start day to the same day of the next month. The
 * start day is at most 28, so every month has it and no bill needs a clamping rule: a cycle on
 * the 28th runs 28 Jan to 28 Feb to 28 Mar (31, 28 then 28 days). Its length is the wall clock's:
 * a bill across a DST change holds one hour more or less.
 */
export function namedPeriod(name: PeriodName, clock: PeriodClock, extraBack = 0): Window {
  const { tz, now } = clock
  const { unit, back: named, span = 1 } = STEPS[name]
  const back = named + extraBack
  if (unit === 'bill') {
    if (clock.billStartDay === undefined) throw new Error(`${name} needs a billing cycle`)
    const { at, current } = billCycle(clock.billStartDay, tz, now)
    return { start: at(current - back), end: at(current - back + 1) }
  }
  const holding = localDate(now.getTime(), tz)
  const first: LocalDate =
    unit === 'year'
      ? { year: holding.year, month: 0, day: 1 }
      : localDate(
          unitStart(
            now,
            unit === 'day' ? 'daily' : unit === 'week' ? 'weekly' : 'monthly',
            tz,
            clock.weekStart,
          ).getTime(),
          tz,
        )
  // The start of the unit `k` units after the one holding now (k < 0: before it).
  const unitAt = (k: number) =>
    midnight(
      unit === 'year'
        ? { ...first, year: first.year + k }
        : unit === 'month'
          ? { ...first, month: first.month + k }
          : { ...first, day: first.day + k * (unit === 'week' ? 7 : 1) },
      tz,
    )
  const last = 1 - back * span
  return { start: unitAt(last - span), end: unitAt(last) }
}

/** The window the consumption API reads for a name: the period, a running one up to now. */
export function periodWindow(name: PeriodName, clock: PeriodClock): Window {
  const period = namedPeriod(name, clock)
  const running = period.start <= clock.now && clock.now < period.end
  return running ? { start: period.start, end: clock.now } : period
}

/** A calendar preset window in `tz` at `now`: running presets end at now, full ones at the next start. */
export const presetWindow = (
  preset: Preset,
  tz: string,
  now: Date,
  weekStart: WeekStart = 'sunday',
): Window => periodWindow(preset, { tz, now, weekStart })

/** A bill of a group whose cycle starts on `startDay` (1-28) in `tz` (see `namedPeriod`). */
export const billWindow = (preset: BillPreset, startDay: number, tz: string, now: Date): Window =>
  periodWindow(preset, { tz, now, billStartDay: startDay })
