/**
 * A group's billing cycle (issue 26): the day of the month its bills start, in the group's
 * timezone, and its currency. A bill belongs to the group's supply contract, not to whoever looks
 * at it, so the cycle is read from the group the figures cover: the user's own group, or the
 * group an elevated user has chosen as scope (with every group in scope there is no one cycle).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { TZDate } from '@date-fns/tz'
import { addDays, addMonths, format } from 'date-fns'
import { getGroupEnergySettingsOptions, getGroupOptions, queryPolicy } from '~/api'
import { currentUserQuery } from '../auth/session'
import { useSessionUser } from '../auth/use-session'
import { useGroupScope } from '../shared/use-app-services'

export interface BillingCycle {
  /** 1-28: every month has it. */
  startDay: number
  /** The group's IANA timezone: a bill starts at local midnight there. */
  timeZone: string
  currency: string | null
}

const settled = queryPolicy('regular')
export const energySettingsQuery = (groupId: string) => ({
  ...getGroupEnergySettingsOptions({ path: { id: groupId } }),
  ...settled,
})
export const groupQuery = (groupId: string) => ({
  ...getGroupOptions({ path: { id: groupId } }),
  ...settled,
})

/**
 * A bill's days, both ends included, in the group's timezone: '8 Nov – 7 Dec 2026' (as reports
 * write periods), '8 Dec 2026 – 7 Jan 2027' across a year.
 */
export function formatBill(start: Date, timeZone: string): string {
  const first = TZDate.tz(timeZone, start)
  const last = addDays(addMonths(first, 1), -1)
  const sameYear = first.getFullYear() === last.getFullYear()
  return `${format(first, sameYear ? 'd MMM' : 'd MMM yyyy')} – ${format(last, 'd MMM yyyy')}`
}

/** The group whose cycle applies: the user's own, or the elevated user's chosen scope. */
export function useCycleGroup(): string | null {
  const user = useSessionUser()
  const scope = useGroupScope()
  return user?.group_id ?? scope ?? null
}

/** The cycle of the group in view; undefined while it loads or without one group in view. */
export function useBillingCycle(): { cycle?: BillingCycle; isPending: boolean } {
  const group = useCycleGroup()
  const settings = useQuery({ ...energySettingsQuery(group ?? ''), enabled: Boolean(group) })
  const details = useQuery({ ...groupQuery(group ?? ''), enabled: Boolean(group) })
  if (!group) return { isPending: false }
  if (!settings.data || !details.data) return { isPending: settings.isPending || details.isPending }
  return {
    cycle: {
      startDay: settings.data.billing_cycle_start_day,
      timeZone: details.data.timezone,
      currency: settings.data.currency,
    },
    isPending: false,
  }
}

/** For route loaders: the signed-in user's own group's cycle (elevated users' scope is the page's). */
export async function loadBillingCycle(
  queryClient: QueryClient,
): Promise<BillingCycle | undefined> {
  try {
    // Read from the cache only: the session guard has loaded the user before any page loader.
    const user = queryClient.getQueryData(currentUserQuery.queryKey) as
      { group_id?: string | null } | null | undefined
    const group = user?.group_id
    if (!group) return undefined
    const [settings, details] = await Promise.all([
      queryClient.ensureQueryData(energySettingsQuery(group)),
      queryClient.ensureQueryData(groupQuery(group)),
    ])
    return {
      startDay: settings.billing_cycle_start_day,
      timeZone: details.timezone,
      currency: settings.currency,
    }
  } catch {
    return undefined
  }
}
