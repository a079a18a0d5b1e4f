import type { Queryable } from '~/server/db/database.ts'
import { join, sql } from '~/server/db/sql.ts'
import type { DeviceStatus } from '../devices/devices-repository.ts'

export type SummaryWindow = '1h' | '24h' | '7d' | '30d'

export const WINDOW_MS: Record<SummaryWindow, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
}

export interface StatusChange {
  status: DeviceStatus
  at: number
}

export interface Availability {
  onlineMs: number
  offlineMs: number
  transitions: number
}

/**
 * Time online and offline within [from, to): the status in force at `from` (undefined before the
 * device's first entry: neither up nor down), then each change in time order. Unknown time
 * counts as neither.
 */
export function availability(
  before: DeviceStatus | undefined,
  changes: readonly StatusChange[],
  from: number,
  to: number,
): Availability {
  const result: Availability = { onlineMs: 0, offlineMs: 0, transitions: 0 }
  let status = before
  let since = from
  const close = (until: number) => {
    const span = Math.max(0, Math.min(until, to) - since)
    if (status === 'online') result.onlineMs += span
    if (status === 'offline') result.offlineMs += span
  }
  for (const change of changes) {
    if (change.at < from || change.at >= to) continue
    close(change.at)
    result.transitions += 1
    status = change.status
    since = change.at
  }
  close(to)
  return result
}

interface EntryRow {
  id: number
  device_id: string
  status: DeviceStatus
  changed_at: Date
  reason: string | null
}

/** A device's connectivity history (device_status_history), read for the API. */
export const statusHistoryRepository = (q: Queryable) => ({
  /** One page, newest first, with the total of the window. */
  async list(
    deviceId: string,
    query: { start?: Date; end?: Date; page: number; pageSize: number },
  ) {
    const where = [sql`h.device_id = ${deviceId}`]
    if (query.start) where.push(sql`h.changed_at >= ${query.start.toISOString()}`)
    if (query.end) where.push(sql`h.changed_at < ${query.end.toISOString()}`)
    const filter = join(where, ' AND ')
    const page = sql`SELECT h.id, h.device_id, h.status, h.changed_at, h.reason
       FROM device_status_history h WHERE ${filter} ORDER BY h.changed_at DESC, h.id DESC
       LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`
    const { rows } = await q.query<EntryRow>(page.text, page.values)
    const counted = sql`SELECT count(*)::int AS total FROM device_status_history h WHERE ${filter}`
    const { rows: count } = await q.query<{ total: number }>(counted.text, counted.values)
    return {
      items: rows.map((r) => ({
        id: r.id,
        device_id: r.device_id,
        status: r.status,
        timestamp: r.changed_at.toISOString(),
        reason: r.reason,
      })),
      total: count[0]!.total,
      page: query.page,
      page_size: query.pageSize,
    }
  },

  /** The status in force at `from`, the changes after it up to `to`, and the device's state now. */
  async window(deviceId: string, from: Date, to: Date) {
    const { rows } = await q.query<{
      before: DeviceStatus | null
      changes: Array<{ status: DeviceStatus; at: string }> | null
      status: DeviceStatus
      last_seen: Date | null
    }>(
      `SELECT
         (SELECT h.status FROM device_status_history h WHERE h.device_id = d.id AND h.changed_at <= $2
          ORDER BY h.changed_at DESC, h.id DESC LIMIT 1) AS before,
         (SELECT json_agg(json_build_object('status', h.status, 'at', h.changed_at) ORDER BY h.changed_at, h.id)
          FROM device_status_history h WHERE h.device_id = d.id AND h.changed_at > $2 AND h.changed_at < $3) AS changes,
         d.status, d.last_seen
       FROM devices d WHERE d.id = $1`,
      [deviceId, from.toISOString(), to.toISOString()],
    )
    const row = rows[0]!
    return {
      before: row.before ?? undefined,
      changes: (row.changes ?? []).map((c) => ({ status: c.status, at: Date.parse(c.at) })),
      status: row.status,
      lastSeen: row.last_seen,
    }
  },
})
