import type { QueryClient } from '@tanstack/react-query'
import { latestUnreadOptions } from '../notifications/notification-queries'
import { energyReportOptions } from '../reports/report-query'
import type { WeekStart } from '~/lib/periods/days'
import { loadCalendar } from '../consumption/calendar'
import { fleetQuery } from '../shared/fleet-query'
import { loadBillingCycle, type BillingCycle } from '../billing/billing-cycle'

/** The unread notifications the dashboard lists. */
export const UNREAD_SHOWN = 5

export interface DashboardContext {
  timeZone: string
  weekStart: WeekStart
  /** The group's billing cycle: the month card shows this bill (in the group's timezone). */
  bill?: BillingCycle
}

/**
 * One request per widget (FIELD 3): the fleet from the device list, today and this month from one
 * report each (the month report also ranks the top consumers), 30 days for the chart, and the
 * bell's own feed (same key, so the two share one request and one refresh).
 */
export function dashboardQueries({ timeZone, weekStart, bill }: DashboardContext) {
  const report = (preset: 'today' | 'this_month' | 'this_bill' | 'last_30_days') =>
    energyReportOptions({ preset, timeZone, weekStart, billed: Boolean(bill) })
  return {
    fleet: fleetQuery(),
    today: report('today'),
    month: report(bill ? 'this_bill' : 'this_month'),
    thirtyDays: report('last_30_days'),
    notifications: latestUnreadOptions(UNREAD_SHOWN),
  }
}

/**
 * The dashboard route's loader: every widget's query is in the cache before the page shows, as on
 * the other routes. Settled, so a widget that fails shows its own error state, not the failure
 * screen; reports are asked for in the user's calendar, as the page will ask.
 */
export async function loadDashboard(queryClient: QueryClient) {
  const calendar = await loadCalendar(queryClient)
  const bill = await loadBillingCycle(queryClient)
  const { fleet, today, month, thirtyDays, notifications } = dashboardQueries({
    ...calendar,
    bill,
  })
  await Promise.allSettled([
    queryClient.ensureQueryData(fleet),
    queryClient.ensureQueryData(today),
    queryClient.ensureQueryData(month),
    queryClient.ensureQueryData(thirtyDays),
    queryClient.ensureQueryData(notifications),
  ])
}
