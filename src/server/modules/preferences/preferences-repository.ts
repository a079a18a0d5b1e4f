import type { Queryable } from '~/server/db/database.ts'

export interface Preferences {
  theme: 'light' | 'dark' | 'system'
  timezone: string
  week_start: 'sunday' | 'monday'
  /** Deprecated and ignored (issue 26): bills follow the group's billing cycle. */
  month_start_day: number
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  timezone: 'UTC',
  week_start: 'sunday',
  month_start_day: 1,
}

export const preferencesRepository = (q: Queryable) => ({
  /**
   * A user who never saved preferences counts days in their group's timezone: a tenant in Hamburg
   * sees Hamburg's days without anyone changing a setting (ADMIN and USER cannot reach Settings).
   * Someone without a group (elevated users) gets UTC.
   */
  async get(userId: string): Promise<Preferences> {
    const d = DEFAULT_PREFERENCES
    const { rows } = await q.query<Preferences>(
      `SELECT coalesce(p.theme, $2) AS theme, coalesce(p.timezone, g.timezone, $3) AS timezone,
              coalesce(p.week_start, $4) AS week_start, coalesce(p.month_start_day, $5) AS month_start_day
       FROM users u
       LEFT JOIN groups g ON g.id = u.group_id
       LEFT JOIN user_preferences p ON p.user_id = u.id
       WHERE u.id = $1`,
      [userId, d.theme, d.timezone, d.week_start, d.month_start_day],
    )
    return rows[0] ?? DEFAULT_PREFERENCES
  },

  async put(
    userId: string,
    p: Omit<Preferences, 'month_start_day'> & { month_start_day?: number },
  ): Promise<Preferences> {
    const { rows } = await q.query<Preferences>(
      `INSERT INTO user_preferences (user_id, theme, timezone, week_start, month_start_day) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET theme = excluded.theme, timezone = excluded.timezone,
         week_start = excluded.week_start, month_start_day = excluded.month_start_day, updated_at = now()
       RETURNING theme, timezone, week_start, month_start_day`,
      [userId, p.theme, p.timezone, p.week_start, p.month_start_day ?? 1],
    )
    return rows[0]!
  },
})
