import type { QueryClient } from '@tanstack/react-query'
import { bellFeedOptions } from '../notifications/notification-queries'
import { energyReportOptions } from '../reports/report-query'
import { presetPeriods, type WeekStart } from '../reports/report-periods'
import { loadCalendar } from '../consumption/calendar'
import { fleetQuery } from '../shared/fleet-query'

export interface DashboardContext {
  timeZone: string
  weekStart: WeekStart
  now?: Date
}

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
    fleet: fleetQuery(),
    today: report('today'),
    month: report('this_month'),
    thirtyDays: report('last_30_days'),
    notifications: bellFeedOptions(),
  }
}

/**
 * The dashboard route's loader: every widget's query is in the cache before the page shows, as on
 * the other routes. Settled, so a widget that fails shows its own error state, not the failure
 * screen; reports are asked for in the user's calendar, as the page will ask.
 */
export async function loadDashboard(queryClient: QueryClient, now = new Date()) {
  const calendar = await loadCalendar(queryClient)
  const { fleet, today, month, thirtyDays, notifications } = dashboardQueries({ ...calendar, now })
  await Promise.allSettled([
    queryClient.ensureQueryData(fleet),
    queryClient.ensureQueryData(today),
    queryClient.ensureQueryData(month),
    queryClient.ensureQueryData(thirtyDays),
    queryClient.ensureQueryData(notifications),
  ])
}
