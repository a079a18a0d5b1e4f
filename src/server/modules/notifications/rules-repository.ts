import type { Queryable } from '../../db/database.ts'

export type AlertType = 'DEVICE_OFFLINE' | 'CONSUMPTION_THRESHOLD'
export type ThresholdWindow = 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY'

export interface NewRule {
  groupId: string
  name: string
  alertType: AlertType
  deviceIds?: readonly string[]
  offlineAfterMinutes?: number | null
  thresholdValue?: number | null
  unit?: string | null
  window?: ThresholdWindow | null
  createdBy: string | null
}

interface RuleRow {
  id: string
  group_id: string
  name: string
  alert_type: AlertType
  is_active: boolean
  device_ids: string[]
  offline_after_minutes: number | null
  threshold_value: number | null
  unit: string | null
  window: ThresholdWindow | null
  created_by: string | null
  created_at: Date
  updated_at: Date
  last_triggered_at: Date | null
}

export const RULE_COLUMNS = `r.id, r.group_id, r.name, r.alert_type, r.is_active, r.device_ids::text[] AS device_ids,
  r.offline_after_minutes, r.threshold_value, r.unit, r."window", r.created_by, r.created_at, r.updated_at,
  r.last_triggered_at`

export const toRule = (row: RuleRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  last_triggered_at: row.last_triggered_at?.toISOString() ?? null,
})

export type RuleDto = ReturnType<typeof toRule>

/** Notification rules. Issue 6 adds list, patch, deactivate, delete and the evaluator's queries. */
export const rulesRepository = (q: Queryable) => ({
  async create(rule: NewRule): Promise<RuleDto> {
    const offline = rule.alertType === 'DEVICE_OFFLINE'
    const { rows } = await q.query<RuleRow>(
      `INSERT INTO notification_rules AS r (group_id, name, alert_type, device_ids, offline_after_minutes,
         threshold_value, unit, "window", created_by)
       VALUES ($1, btrim($2), $3, $4::uuid[], $5, $6, $7, $8, $9) RETURNING ${RULE_COLUMNS}`,
      [
        rule.groupId,
        rule.name,
        rule.alertType,
        rule.deviceIds ?? [],
        offline ? rule.offlineAfterMinutes : null,
        offline ? null : rule.thresholdValue,
        offline ? null : rule.unit,
        offline ? null : rule.window,
        rule.createdBy,
      ],
    )
    return toRule(rows[0]!)
  },
})
