import type { Queryable } from '../../db/database.ts'

export interface Preferences {
  theme: 'light' | 'dark' | 'system'
  timezone: string
  week_start: 'sunday' | 'monday'
  month_start_day: number
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  timezone: 'UTC',
  week_start: 'sunday',
  month_start_day: 1,
}

export const preferencesRepository = (q: Queryable) => ({
  async get(userId: string): Promise<Preferences> {
    const { rows } = await q.query<Preferences>(
      'SELECT theme, timezone, week_start, month_start_day FROM user_preferences WHERE user_id = $1',
      [userId],
    )
    return rows[0] ?? DEFAULT_PREFERENCES
  },

  async put(userId: string, p: Preferences): Promise<Preferences> {
    const { rows } = await q.query<Preferences>(
      `INSERT INTO user_preferences (user_id, theme, timezone, week_start, month_start_day) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET theme = excluded.theme, timezone = excluded.timezone,
         week_start = excluded.week_start, month_start_day = excluded.month_start_day, updated_at = now()
       RETURNING theme, timezone, week_start, month_start_day`,
      [userId, p.theme, p.timezone, p.week_start, p.month_start_day],
    )
    return rows[0]!
  },
})
