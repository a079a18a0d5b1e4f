import type { Queryable } from '~/server/db/database.ts'
import type { GroupOfBills } from '../energy/energy.ts'

export const billsRepository = (q: Queryable) => ({
  /** A visible group's timezone and devices (row-level security hides other tenants'), or null. */
  async group(groupId: string): Promise<GroupOfBills | null> {
    const { rows } = await q.query<{ timezone: string; devices: string[] }>(
      `SELECT g.timezone,
              coalesce(array_agg(d.id::text ORDER BY d.id) FILTER (WHERE d.id IS NOT NULL), '{}') AS devices
       FROM groups g LEFT JOIN devices d ON d.group_id = g.id
       WHERE g.id = $1 GROUP BY g.id`,
      [groupId],
    )
    const row = rows[0]
    return row ? { id: groupId, timezone: row.timezone, devices: row.devices } : null
  },
})
