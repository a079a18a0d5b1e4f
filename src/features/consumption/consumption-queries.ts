/**
 * The consumption page's queries, built once here so the route's prefetch and the page's hooks
 * share one cache entry per window (same key from the same builder).
 */
import type { QueryClient } from '@tanstack/react-query'
import {
  getConsumptionIntervalsOptions,
  getCumulativeConsumptionBillYearAgoOptions,
  getCumulativeConsumptionLastBillOptions,
  getCumulativeConsumptionLastMonthOptions,
  getCumulativeConsumptionThisBillOptions,
  getCumulativeConsumptionLastWeekOptions,
  getCumulativeConsumptionThisMonthOptions,
  getCumulativeConsumptionThisWeekOptions,
  getCumulativeConsumptionTodayOptions,
  getCumulativeConsumptionYesterdayOptions,
  queryPolicy,
} from '~/api'
import { consumptionViews, type ConsumptionView } from '~/lib/search-params'
import type { Day, WeekStart } from '~/lib/periods/days'
import { intervalWindow, isCurrent, type ViewWindow } from '~/lib/periods/view-window'

export interface ConsumptionContext {
  deviceId: string
  timeZone: string
  weekStart: WeekStart
}

export const presetKeys = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisBill',
  'lastBill',
  'billYearAgo',
] as const
export type PresetKey = (typeof presetKeys)[number]

export const presetLabels: Record<PresetKey, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisBill: 'This bill',
  lastBill: 'Last bill',
  billYearAgo: 'Same bill last year',
}

/** Running windows (today, this week, this month) change every reading: real-time staleness. */
const live = queryPolicy('realTime')
const settled = queryPolicy('regular')

export function presetQuery(key: PresetKey, { deviceId, timeZone, weekStart }: ConsumptionContext) {
  const path = { id: deviceId }
  const tz = { timezone: timeZone }
  const week = { timezone: timeZone, week_start: weekStart }
  switch (key) {
    case 'today':
      return { ...getCumulativeConsumptionTodayOptions({ path, query: tz }), ...live }
    case 'yesterday':
      return { ...getCumulativeConsumptionYesterdayOptions({ path, query: tz }), ...settled }
    case 'thisWeek':
      return { ...getCumulativeConsumptionThisWeekOptions({ path, query: week }), ...live }
    case 'lastWeek':
      return { ...getCumulativeConsumptionLastWeekOptions({ path, query: week }), ...settled }
    case 'thisMonth':
      return { ...getCumulativeConsumptionThisMonthOptions({ path, query: tz }), ...live }
    case 'lastMonth':
      return { ...getCumulativeConsumptionLastMonthOptions({ path, query: tz }), ...settled }
    // Bills are the device's group's billing cycle, in the group's timezone (the server's).
    case 'thisBill':
      return { ...getCumulativeConsumptionThisBillOptions({ path }), ...live }
    case 'lastBill':
      return { ...getCumulativeConsumptionLastBillOptions({ path }), ...settled }
    case 'billYearAgo':
      return { ...getCumulativeConsumptionBillYearAgoOptions({ path }), ...settled }
  }
}

/**
 * The intervals of the window of `view` around `day` (today's when none), per the view's calendar
 * buckets or, for the power chart, per quarter hour (each with its average power `kw`).
 */
export function intervalsQuery(
  view: ConsumptionView,
  now: Date,
  { deviceId, timeZone, weekStart }: ConsumptionContext,
  day?: Day,
  measure: 'energy' | 'power' = 'energy',
) {
  const window = intervalWindow(view, now, timeZone, weekStart, day)
  return {
    ...getConsumptionIntervalsOptions({
      path: { id: deviceId },
      query: {
        start_datetime: window.start,
        end_datetime: window.end,
        granularity: measure === 'power' ? 'quarter_hour' : window.granularity,
        timezone: timeZone,
        week_start: weekStart,
        include_metadata: true,
      },
    }),
    // A past window no longer grows with each reading.
    ...(isCurrent(window, now) ? live : settled),
  }
}

/** The most buckets one intervals call answers (openapi.yaml: a wider request answers 422). */
export const MAX_INTERVAL_BUCKETS = 1000
const QUARTER_HOUR_MS = 15 * 60_000

/** How many quarter hours a window holds (a part one at an edge counts: the server clips it). */
export const quarterHoursIn = ({ start, end }: ViewWindow) =>
  Math.ceil((Date.parse(end) - Date.parse(start)) / QUARTER_HOUR_MS)

/** Whether the power chart can show the window: its quarter hours fit one intervals call. */
export const powerFits = (window: ViewWindow) => quarterHoursIn(window) <= MAX_INTERVAL_BUCKETS

/** Spec §5: an invalid view falls back to daily in prefetch. */
export const viewOrDaily = (view: unknown): ConsumptionView =>
  (consumptionViews as readonly unknown[]).includes(view) ? (view as ConsumptionView) : 'daily'

/** Marks a query so the global error toast stays quiet: prefetch failures are ignored (spec §7). */
const quietly = <T extends object>(options: T) => ({ ...options, meta: { silent: true } })

/**
 * Spec §7: when the consumption route opens, prefetch the six presets and the current month's daily
 * intervals, plus the 12 monthly intervals in monthly view; and the window the URL asks for, when it
 * is another. Never throws; failures are ignored (the page's own queries retry and show their error
 * states).
 */
export function prefetchConsumption(
  queryClient: QueryClient,
  view: unknown,
  now: Date,
  context: ConsumptionContext,
  day?: Day,
) {
  const queries: { queryKey: unknown }[] = presetKeys.map((key) => presetQuery(key, context))
  queries.push(intervalsQuery('daily', now, context))
  if (viewOrDaily(view) === 'monthly') queries.push(intervalsQuery('monthly', now, context))
  const shown = intervalsQuery(viewOrDaily(view), now, context, day)
  const key = JSON.stringify(shown.queryKey)
  if (!queries.some((q) => JSON.stringify(q.queryKey) === key)) queries.push(shown)
  return Promise.all(
    queries.map((options) =>
      queryClient.prefetchQuery(
        quietly(options) as unknown as Parameters<QueryClient['prefetchQuery']>[0],
      ),
    ),
  ).then(() => undefined)
}
