import type { Queryable } from '~/server/db/database.ts'

interface SnoozeRow {
  id: string
  group_id: string
  rule_id: string
  device_id: string
  until: Date
  created_by: string | null
  created_at: Date
}

const toSnooze = (r: SnoozeRow) => ({
  ...r,
  until: r.until.toISOString(),
  created_at: r.created_at.toISOString(),
})

export interface NewSnooze {
  groupId: string
  ruleId: string
  deviceId: string
  until: Date
  createdBy: string
}

/** Snoozes of a rule already known to be in the caller's scope (row-level security holds too). */
export const snoozesRepository = (q: Queryable) => ({
  async running(ruleId: string) {
    const { rows } = await q.query<SnoozeRow>(
      `SELECT id, group_id, rule_id, device_id, until, created_by, created_at FROM alarm_snoozes
       WHERE rule_id = $1 AND until > now() ORDER BY until, device_id`,
      [ruleId],
    )
    return rows.map(toSnooze)
  },

  /** Ends the running snooze of the rule for the device; false when none was running. */
  async end(ruleId: string, deviceId: string) {
    const { rows } = await q.query<{ id: string }>(
      `DELETE FROM alarm_snoozes WHERE rule_id = $1 AND device_id = $2 AND until > now()
       RETURNING id`,
      [ruleId, deviceId],
    )
    return rows.length > 0
  },

  /** A second snooze of the same rule and device replaces the first. */
  async upsert(s: NewSnooze) {
    const { rows } = await q.query<SnoozeRow>(
      `INSERT INTO alarm_snoozes (group_id, rule_id, device_id, until, created_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (rule_id, device_id) DO UPDATE
         SET until = excluded.until, created_by = excluded.created_by, created_at = now()
       RETURNING id, group_id, rule_id, device_id, until, created_by, created_at`,
      [s.groupId, s.ruleId, s.deviceId, s.until.toISOString(), s.createdBy],
    )
    return toSnooze(rows[0]!)
  },
})
