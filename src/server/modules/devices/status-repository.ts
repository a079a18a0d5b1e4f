import type { Queryable } from '~/server/db/database.ts'
import type { DeviceStatus } from './devices-repository.ts'

export interface ReportedStatus {
  deviceId: string
  status: DeviceStatus
  at: Date
  reason: string
}

/**
 * Records connectivity reports: a device whose status changes gets its new status and a history
 * entry; a report older than the device's last_seen does not override a newer state.
 */
export const statusRepository = (q: Queryable) => ({
  async apply(reports: readonly ReportedStatus[]): Promise<number> {
    if (reports.length === 0) return 0
    const { rowCount } = await q.query(
      `WITH reported AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[]) AS r(device_id, status, at, reason)
       ),
       changed AS (
         UPDATE devices d SET status = r.status, updated_at = now()
         FROM reported r, devices old
         WHERE d.id = r.device_id AND old.id = d.id AND d.status <> r.status
           AND (d.last_seen IS NULL OR r.at >= d.last_seen - interval '1 second')
         RETURNING d.id, d.group_id, r.status, old.status AS previous_status, r.at, r.reason
       )
       INSERT INTO device_status_history (group_id, device_id, status, previous_status, reason, changed_at)
       SELECT group_id, id, status, previous_status, reason, at FROM changed`,
      [
        reports.map((r) => r.deviceId),
        reports.map((r) => r.status),
        reports.map((r) => r.at.toISOString()),
        reports.map((r) => r.reason),
      ],
    )
    return rowCount
  },
})
