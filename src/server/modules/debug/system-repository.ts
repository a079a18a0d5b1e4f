import type { Queryable } from '~/server/db/database.ts'

/** Above this many rows (by the planner's statistics) readings are not counted one by one. */
const EXACT_COUNT_LIMIT = 200_000

interface Figures {
  version: string
  size_bytes: number | null
  users: number
  groups: number
  devices: number
  notifications: number
  readings_estimate: number
}

/** Database version, size and row counts, across all tenants (the caller is elevated). */
export const systemRepository = (q: Queryable) => ({
  async figures() {
    const { rows } = await q.query<Figures>(
      `SELECT current_setting('server_version') AS version,
              pg_database_size(current_database())::float8 AS size_bytes,
              (SELECT count(*) FROM users)::int AS users,
              (SELECT count(*) FROM groups)::int AS groups,
              (SELECT count(*) FROM devices)::int AS devices,
              (SELECT count(*) FROM notifications)::int AS notifications,
              (SELECT reltuples FROM pg_class WHERE oid = 'readings'::regclass)::float8
                AS readings_estimate`,
    )
    const row = rows[0]!
    return { ...row, readings: await this.readings(row.readings_estimate) }
  },

  /** Exact on small tables; the planner's estimate on big ones, where count(*) reads them all. */
  async readings(estimate: number): Promise<number> {
    if (estimate > EXACT_COUNT_LIMIT) return Math.round(estimate)
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM readings')
    return rows[0]!.n
  },
})
