import type { TenantScope } from '~/server/context.ts'
import type { Queryable } from '~/server/db/database.ts'
import { raw, sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'

interface DeliveryRow {
  id: string
  notification_id: string
  user_id: string
  read_at: Date | null
  delivered_at: Date
  group_id: string
  device_id: string | null
  title: string
  message: string
  triggered_at: Date
  format_version: number
  template_id: string | null
  template_version: number | null
  event_type: string
  params: Record<string, unknown>
}

const DELIVERY_COLUMNS = `d.id, d.notification_id, d.user_id, d.read_at, d.delivered_at, n.group_id,
  n.device_id, n.title, n.message, n.triggered_at, n.format_version, n.template_id,
  n.template_version, n.event_type, n.params`

/** The stored template id travels as `template` (the console reads `template.id` first). */
const toDelivery = (r: DeliveryRow) => ({
  id: r.id,
  notification_id: r.notification_id,
  user_id: r.user_id,
  read_at: r.read_at?.toISOString() ?? null,
  delivered_at: r.delivered_at.toISOString(),
  notification: {
    id: r.notification_id,
    group_id: r.group_id,
    device_id: r.device_id,
    title: r.title,
    message: r.message,
    triggered_at: r.triggered_at.toISOString(),
    format_version: r.format_version,
    template: r.template_id
      ? { id: r.template_id, ...(r.template_version ? { version: r.template_version } : {}) }
      : null,
    template_id: null,
    event_type: r.event_type,
    params: r.params,
  },
})

export type DeliveryDto = ReturnType<typeof toDelivery>

export interface FeedQuery {
  limit: number
  skip: number
  unreadOnly: boolean
}

/**
 * The signed-in user's deliveries. Row-level security already limits deliveries to their
 * recipient and tenant; the same filters are written here so the repository is right on its own.
 */
export const notificationsRepository = (q: Queryable) => ({
  async feed(scope: TenantScope, userId: string, query: FeedQuery) {
    const page = sql`SELECT ${raw(DELIVERY_COLUMNS)}
       FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
       WHERE d.user_id = ${userId} AND (NOT ${query.unreadOnly} OR d.read_at IS NULL)
         AND ${scopeCondition(scope, 'd.group_id')}
       ORDER BY n.triggered_at DESC, d.id DESC LIMIT ${query.limit} OFFSET ${query.skip}`
    const { rows } = await q.query<DeliveryRow>(page.text, page.values)
    const counts = await this.counts(scope, userId)
    return {
      deliveries: rows.map(toDelivery),
      total: query.unreadOnly ? counts.unread : counts.total,
      unread_count: counts.unread,
    }
  },

  async counts(scope: TenantScope, userId: string): Promise<{ total: number; unread: number }> {
    const counted = sql`SELECT count(*)::int AS total,
         count(*) FILTER (WHERE d.read_at IS NULL)::int AS unread
       FROM notification_deliveries d
       WHERE d.user_id = ${userId} AND ${scopeCondition(scope, 'd.group_id')}`
    const { rows } = await q.query<{ total: number; unread: number }>(counted.text, counted.values)
    return rows[0]!
  },

  async unreadCount(scope: TenantScope, userId: string): Promise<number> {
    const counted = sql`SELECT count(*)::int AS n FROM notification_deliveries d
       WHERE d.user_id = ${userId} AND d.read_at IS NULL AND ${scopeCondition(scope, 'd.group_id')}`
    const { rows } = await q.query<{ n: number }>(counted.text, counted.values)
    return rows[0]!.n
  },

  /** Idempotent: a delivery read before keeps its first read_at. */
  async markRead(scope: TenantScope, userId: string, id: string): Promise<DeliveryDto | undefined> {
    const read = sql`WITH d AS (
         UPDATE notification_deliveries d SET read_at = coalesce(d.read_at, now())
         WHERE d.id = ${id} AND d.user_id = ${userId} AND ${scopeCondition(scope, 'd.group_id')}
         RETURNING d.*
       )
       SELECT ${raw(DELIVERY_COLUMNS)} FROM d JOIN notifications n ON n.id = d.notification_id`
    const { rows } = await q.query<DeliveryRow>(read.text, read.values)
    return rows[0] && toDelivery(rows[0])
  },

  async markAllRead(scope: TenantScope, userId: string): Promise<number> {
    const update = sql`UPDATE notification_deliveries d SET read_at = now()
       WHERE d.user_id = ${userId} AND d.read_at IS NULL AND ${scopeCondition(scope, 'd.group_id')}`
    const { rowCount } = await q.query(update.text, update.values)
    return rowCount
  },
})
