/** The signed-in user's preferences, for stories that show the theme choice (the account menu). */
import { HttpResponse } from 'msw'
import type { Preferences } from '../api'
import { handleGetPreferences, handleUpdatePreferences } from '../api/__generated__/msw.gen'

/** What a user who never saved preferences gets (openapi getPreferences). */
export const neverSavedPreferences: Preferences = {
  theme: 'system',
  timezone: 'UTC',
  week_start: 'sunday',
  month_start_day: 1,
}

/**
 * GET answers `preferences`; PUT answers what it was sent, as the server saves it (the story's
 * cache keeps it). Every story starts from `preferences` again: nothing is kept between stories.
 * `onSave` sees each saved body.
 */
export function preferencesHandlers(
  preferences: Preferences = neverSavedPreferences,
  onSave?: (body: Preferences) => void,
) {
  return [
    handleGetPreferences({ body: preferences }),
    handleUpdatePreferences(async ({ request }) => {
      const body = await request.json()
      onSave?.(body)
      return HttpResponse.json(body)
    }),
  ]
}
