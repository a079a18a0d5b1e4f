import type { Queryable } from '~/server/db/database.ts'

// The in-app feed's deliveries, written by the evaluator's raises and by alarms.ts' clears: a
// module of their own below both (in evaluator.ts, alarms.ts and evaluator.ts imported each other).

/**
 * One delivery per active user of the notification's group, and per developer and superuser:
 * they oversee every group and filter their feed with the group scope.
 */
export async function deliver(q: Queryable, notificationIds: readonly string[]): Promise<number> {
  if (notificationIds.length === 0) return 0
  const { rowCount } = await q.query(
    `INSERT INTO notification_deliveries (group_id, notification_id, user_id, delivered_at)
     SELECT n.group_id, n.id, u.id, n.triggered_at
     FROM notifications n
     JOIN users u ON u.is_active AND (u.group_id = n.group_id OR u.role IN ('developer', 'superuser'))
     WHERE n.id = ANY ($1::uuid[])
     ON CONFLICT (notification_id, user_id) DO NOTHING`,
    [notificationIds],
  )
  return rowCount
}
