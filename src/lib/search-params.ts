import * as z from 'zod/mini'
import { redirectTarget } from './redirect'

/*
 * Spec §2/§5 search-parameter rules, one schema per route that takes any. zod/mini: these run in
 * the first download of every page, and the method-chaining build is several times larger.
 */

/** `schema`, or undefined for a missing or invalid value. */
export const dropInvalid = <T extends z.ZodMiniType>(schema: T) =>
  z.catch(z.optional(schema), undefined)
const lowerCased = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value)
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().check(z.multipleOf(1), z.minimum(min), z.maximum(max))

export const loginSearch = z.object({
  redirect: z.catch(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => redirectTarget(value)),
    ),
    undefined,
  ),
})

export const deviceOverviewSearch = z.object({
  measurement: dropInvalid(z.string().check(z.maxLength(100))),
})

/** Bucket sizes, finest first; daily is the default (spec §2), hourly the drill-down into a day. */
export const consumptionViews = ['hourly', 'daily', 'weekly', 'monthly'] as const
export type ConsumptionView = (typeof consumptionViews)[number]
/** A real calendar day, 'yyyy-MM-dd' ('2026-02-30' is not one). */
const calendarDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  z.refine((day) => {
    const date = new Date(`${day}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day)
  }),
)
export const consumptionSearch = z.object({
  view: z.catch(z._default(z.enum(consumptionViews), 'daily'), 'daily'),
  /** The day the chart's window holds, in the viewer's zone; none is today. */
  date: dropInvalid(calendarDay),
})

export const notificationTabs = ['history', 'rules', 'alarms', 'channels'] as const
export const alarmStates = ['active', 'acknowledged', 'cleared'] as const
export const alarmSeverities = ['critical', 'warning', 'info'] as const
/** Case-insensitive; any other value is dropped. */
export const notificationsSearch = z.object({
  tab: dropInvalid(z.pipe(z.transform(lowerCased), z.enum(notificationTabs))),
  page: dropInvalid(wholeNumber(1)),
  unread: dropInvalid(z.boolean()),
  /** Alarms tab filters; anything else shows every state or severity. */
  state: dropInvalid(z.enum(alarmStates)),
  severity: dropInvalid(z.enum(alarmSeverities)),
  /** One alarm to show first: the link of an alarm e-mail or webhook. */
  alarm: dropInvalid(z.guid()),
})

export const usersPages = ['groups', 'users', 'api-keys'] as const
/** Anything but groups, users or api-keys is ignored. */
export const usersSearch = z.object({
  page: dropInvalid(z.enum(usersPages)),
})

export const debugTabs = ['logs', 'profiling'] as const
export const debugSearch = z.object({
  tab: z.catch(z._default(z.enum(debugTabs), 'logs'), 'logs'),
})

export const deviceSortKeys = [
  'name',
  'serial_number',
  'location',
  'created_at',
  'last_seen',
] as const
export const devicesSearch = z.object({
  search: dropInvalid(z.string().check(z.maxLength(200))),
  status: dropInvalid(z.enum(['online', 'offline'])),
  sort: dropInvalid(z.enum(deviceSortKeys)),
  order: dropInvalid(z.enum(['asc', 'desc'])),
  page: dropInvalid(wholeNumber(1)),
  pageSize: dropInvalid(wholeNumber(10, 500)),
})
