import type { QueryClient } from '@tanstack/react-query'
import { listDevicesOptions, queryPolicy } from '../../api'
import { bellFeedOptions } from '../notifications/notification-queries'
import { energyReportOptions } from '../reports/report-query'
import { presetPeriods, type WeekStart } from '../reports/report-periods'
import { preferencesOptions } from '../settings/use-preferences'

export interface DashboardContext {
  timeZone: string
  weekStart: WeekStart
  now?: Date
}

/** Enough for every device of a tenant in one request; the fleet card counts them all. */
export const FLEET_LIMIT = 500

/**
 * One request per widget (FIELD 3): the fleet from the device list, today and this month from one
 * report each (the month report also ranks the top consumers), 30 days for the chart, and the
 * bell's own feed (same key, so the two share one request and one refresh).
 */
export function dashboardQueries({ timeZone, weekStart, now = new Date() }: DashboardContext) {
  const report = (preset: 'today' | 'this_month' | 'last_30_days') =>
    energyReportOptions({
      periods: presetPeriods(preset, { timeZone, weekStart, now }),
      timeZone,
      weekStart,
    })
  return {
    fleet: { ...listDevicesOptions({ query: { limit: FLEET_LIMIT } }), ...queryPolicy('realTime') },
    today: report('today'),
    month: report('this_month'),
    thirtyDays: report('last_30_days'),
    notifications: bellFeedOptions(),
  }
}

/** Warms the cache for the dashboard; failures are left for the widgets to show. */
export async function prefetchDashboard(queryClient: QueryClient) {
  const preferences = await queryClient.ensureQueryData(preferencesOptions()).catch(() => null)
  const queries = dashboardQueries({
    timeZone: preferences?.timezone ?? 'UTC',
    weekStart: preferences?.week_start ?? 'sunday',
  })
  await Promise.allSettled(
    Object.values(queries).map((options) => queryClient.prefetchQuery(options as never)),
  )
}
