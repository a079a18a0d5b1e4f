import { useQuery } from '@tanstack/react-query'
import { getPreferencesOptions, queryPolicy, type Preferences } from '~/api'

/** What a user who never saved preferences gets (openapi getPreferences). */
export const defaultPreferences: Preferences = {
  theme: 'system',
  timezone: 'UTC',
  week_start: 'sunday',
  month_start_day: 1,
}

/** Preferences change only when the user saves them: the config staleness profile (spec §9). */
export const preferencesOptions = () => ({ ...getPreferencesOptions(), ...queryPolicy('config') })

/**
 * The signed-in user's timezone and week start, used by reports and the dashboard to cut days,
 * weeks and months. While loading (or if the call fails) the defaults stand in.
 */
export function usePreferences(): Preferences & { isPending: boolean } {
  const query = useQuery(preferencesOptions())
  return { ...(query.data ?? defaultPreferences), isPending: query.isPending }
}
