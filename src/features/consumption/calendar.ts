/**
 * The one timezone and week start that cut days, weeks and months for a user, shared by the
 * consumption pages, the device overview, reports and the dashboard so their figures agree.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { Preferences } from '~/api'
import { defaultPreferences, preferencesOptions } from '../settings/use-preferences'
import { browserTimeZone } from '../settings/timezones'
import { browserWeekStart, type WeekStart } from '~/lib/periods/days'

export interface Calendar {
  timeZone: string
  weekStart: WeekStart
}

export const browserCalendar = (): Calendar => ({
  timeZone: browserTimeZone(),
  weekStart: browserWeekStart(),
})

/**
 * Saved preferences win (issue 9: they are used by consumption and reports). The server answers
 * its defaults (UTC, Sunday) for a user who never saved any, and admins and users cannot open
 * /settings at all: for them the browser's zone and week start stand, as spec §7 asks of the
 * consumption calls, instead of UTC.
 */
export function calendarOf(
  preferences: Preferences | undefined,
  browser: Calendar = browserCalendar(),
): Calendar {
  if (!preferences || neverSaved(preferences)) return browser
  return { timeZone: preferences.timezone, weekStart: preferences.week_start }
}

const neverSaved = (p: Preferences) =>
  (Object.keys(defaultPreferences) as (keyof Preferences)[]).every(
    (key) => p[key] === defaultPreferences[key],
  )

/** The user's calendar; the browser's while the preferences load or if they fail. */
export function useCalendar(): Calendar & { isPending: boolean } {
  const preferences = useQuery(preferencesOptions())
  return { ...calendarOf(preferences.data), isPending: preferences.isPending }
}

/** For route loaders: the calendar the page will use, so prefetches hit the page's cache keys. */
export async function loadCalendar(queryClient: QueryClient): Promise<Calendar> {
  const preferences = await queryClient.ensureQueryData(preferencesOptions()).catch(() => undefined)
  return calendarOf(preferences)
}
