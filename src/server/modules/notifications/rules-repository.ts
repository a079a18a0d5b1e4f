import type { TenantScope } from '~/server/context.ts'
import type { Queryable } from '~/server/db/database.ts'
import { join, raw, sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'

export type AlertType = 'DEVICE_OFFLINE' | 'CONSUMPTION_THRESHOLD'
export type ThresholdWindow = 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY'
export type Severity = 'info' | 'warning' | 'critical'

export interface NewRule {
  groupId: string
  name: string
  alertType: AlertType
  deviceIds?: readonly string[]
  offlineAfterMinutes?: number | null
  thresholdValue?: number | null
  unit?: string | null
  window?: ThresholdWindow | null
  severity?: Severity
  channelIds?: readonly string[]
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
  deactivated_reason: string | null
  severity: Severity
  channel_ids: string[]
}

export const RULE_COLUMNS = `r.id, r.group_id, r.name, r.alert_type, r.is_active, r.device_ids::text[] AS device_ids,
  r.offline_after_minutes, r.threshold_value, r.unit, r."window", r.created_by, r.created_at, r.updated_at,
  r.last_triggered_at, r.deactivated_reason, r.severity, r.channel_ids::text[] AS channel_ids`

export const toRule = (row: RuleRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  last_triggered_at: row.last_triggered_at?.toISOString() ?? null,
})

export type RuleDto = ReturnType<typeof toRule>

/** The fields a PATCH may change (the alert type and group never change). */
export interface RuleChanges {
  name?: string
  deviceIds?: readonly string[]
  isActive?: boolean
  offlineAfterMinutes?: number
  thresholdValue?: number
  unit?: string
  window?: ThresholdWindow
  severity?: Severity
  channelIds?: readonly string[]
}

const CHANGE_COLUMNS: Record<keyof RuleChanges, string> = {
  name: 'name',
  deviceIds: 'device_ids',
  isActive: 'is_active',
  offlineAfterMinutes: 'offline_after_minutes',
  thresholdValue: 'threshold_value',
  unit: 'unit',
  window: '"window"',
  severity: 'severity',
  channelIds: 'channel_ids',
}

/** Notification rules, always read and written through the caller's tenant scope. */
export const rulesRepository = (q: Queryable) => ({
  /** Rules of one group by name; the group must already be known to be inside the scope. */
  async list(scope: TenantScope, groupId: string, includeInactive: boolean): Promise<RuleDto[]> {
    const listed = sql`SELECT ${raw(RULE_COLUMNS)} FROM notification_rules r
       WHERE r.group_id = ${groupId} AND (${includeInactive} OR r.is_active)
         AND ${scopeCondition(scope, 'r.group_id')}
       ORDER BY lower(r.name), r.id`
    const { rows } = await q.query<RuleRow>(listed.text, listed.values)
    return rows.map(toRule)
  },

  async find(scope: TenantScope, id: string): Promise<RuleDto | undefined> {
    const found = sql`SELECT ${raw(RULE_COLUMNS)} FROM notification_rules r
      WHERE r.id = ${id} AND ${scopeCondition(scope, 'r.group_id')}`
    const { rows } = await q.query<RuleRow>(found.text, found.values)
    return rows[0] && toRule(rows[0])
  },

  /**
   * Applies the given changes; the evaluator judges the rule's latest window again (its
   * bookkeeping is reset), so a raised threshold or another window takes effect at once.
   */
  async update(scope: TenantScope, id: string, changes: RuleChanges): Promise<RuleDto | undefined> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined) as Array<
      [keyof RuleChanges, unknown]
    >
    const sets = entries.map(([key, value]) => {
      const column = raw(CHANGE_COLUMNS[key])
      if (key === 'name') return sql`${column} = btrim(${value})`
      if (key === 'deviceIds' || key === 'channelIds') return sql`${column} = ${value}::uuid[]`
      return sql`${column} = ${value}`
    })
    // A rule active again has no reason to be inactive.
    if (changes.isActive) sets.push(sql`deactivated_reason = NULL`)
    sets.push(sql`updated_at = now()`, sql`evaluated_until = NULL`)
    const update = sql`UPDATE notification_rules r SET ${join(sets, ', ')}
       WHERE r.id = ${id} AND ${scopeCondition(scope, 'r.group_id')} RETURNING ${raw(RULE_COLUMNS)}`
    const { rows } = await q.query<RuleRow>(update.text, update.values)
    return rows[0] && toRule(rows[0])
  },

  /** Idempotent: an inactive rule is returned unchanged. */
  async deactivate(scope: TenantScope, id: string): Promise<RuleDto | undefined> {
    const update = sql`UPDATE notification_rules r SET is_active = false,
         updated_at = CASE WHEN r.is_active THEN now() ELSE r.updated_at END
       WHERE r.id = ${id} AND ${scopeCondition(scope, 'r.group_id')} RETURNING ${raw(RULE_COLUMNS)}`
    const { rows } = await q.query<RuleRow>(update.text, update.values)
    return rows[0] && toRule(rows[0])
  },

  /** Notifications the rule produced stay (their rule_id becomes NULL). */
  async remove(scope: TenantScope, id: string): Promise<RuleDto | undefined> {
    const removed = sql`DELETE FROM notification_rules r
      WHERE r.id = ${id} AND ${scopeCondition(scope, 'r.group_id')} RETURNING ${raw(RULE_COLUMNS)}`
    const { rows } = await q.query<RuleRow>(removed.text, removed.values)
    return rows[0] && toRule(rows[0])
  },

  /**
   * The ids among `deviceIds` that are not devices of the group. The group's devices stay locked
   * until the transaction ends: one deleted or moved meanwhile would otherwise land in the rule
   * after migration 014's trigger has pruned the rules, and never leave it.
   */
  async foreignDevices(groupId: string, deviceIds: readonly string[]): Promise<string[]> {
    if (deviceIds.length === 0) return []
    const { rows } = await q.query<{ id: string }>(
      `WITH mine AS (SELECT d.id FROM devices d WHERE d.id = ANY ($2::uuid[]) AND d.group_id = $1 FOR SHARE)
       SELECT x.id::text AS id FROM unnest($2::uuid[]) AS x(id) WHERE x.id NOT IN (SELECT id FROM mine)`,
      [groupId, deviceIds],
    )
    return rows.map((r) => r.id)
  },

  /**
   * The longest reporting interval, in seconds, of the devices a rule would watch (all of the
   * group's when it names none), with a device that has it; null when no model says.
   */
  async slowestReport(
    groupId: string,
    deviceIds: readonly string[],
  ): Promise<{ seconds: number; device: string } | null> {
    const { rows } = await q.query<{ seconds: number; device: string }>(
      `SELECT m.report_interval_seconds AS seconds, d.name AS device
       FROM devices d JOIN device_models m ON m.id = d.device_model_id
       WHERE d.group_id = $1 AND (cardinality($2::uuid[]) = 0 OR d.id = ANY ($2::uuid[]))
         AND m.report_interval_seconds IS NOT NULL
       ORDER BY m.report_interval_seconds DESC, d.name LIMIT 1`,
      [groupId, deviceIds],
    )
    return rows[0] ?? null
  },

  async create(rule: NewRule): Promise<RuleDto> {
    const offline = rule.alertType === 'DEVICE_OFFLINE'
    const { rows } = await q.query<RuleRow>(
      `INSERT INTO notification_rules AS r (group_id, name, alert_type, device_ids, offline_after_minutes,
         threshold_value, unit, "window", created_by, severity, channel_ids)
       VALUES ($1, btrim($2), $3, $4::uuid[], $5, $6, $7, $8, $9, $10, $11::uuid[]) RETURNING ${RULE_COLUMNS}`,
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
        rule.severity ?? 'warning',
        rule.channelIds ?? [],
      ],
    )
    return toRule(rows[0]!)
  },
})
