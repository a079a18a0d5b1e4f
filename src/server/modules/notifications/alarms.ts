import type { TenantScope } from '~/server/context.ts'
import type { Queryable } from '~/server/db/database.ts'
import { join, raw, sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'
import type { Condition } from './conditions.ts'
import { alarmMessage } from './alarm-text.ts'
import { deliver } from './feed-deliveries.ts'
import { clearedMessage, enqueueAlarmEvents } from './outbox.ts'
import type { Severity } from './rules-repository.ts'

export type AlarmState = 'active' | 'acknowledged' | 'cleared'

interface AlarmRow {
  id: string
  group_id: string
  rule_id: string | null
  rule_name: string
  device_id: string
  alert_type: 'DEVICE_OFFLINE' | 'CONSUMPTION_THRESHOLD'
  severity: Severity
  state: AlarmState
  title: string
  message: string
  values: Record<string, unknown>
  raised_at: Date
  acknowledged_at: Date | null
  acknowledged_by: string | null
  acknowledged_by_name: string | null
  acknowledgement_note: string | null
  cleared_at: Date | null
  cleared_by: string | null
  cleared_by_name: string | null
  group_timezone: string
}

const COLUMNS = `a.id, a.group_id, a.rule_id, a.rule_name, a.device_id, a.alert_type, a.severity,
  a.state, a.title, a.message, a."values", a.raised_at, a.acknowledged_at, a.acknowledged_by,
  ack.full_name AS acknowledged_by_name, a.acknowledgement_note, a.cleared_at, a.cleared_by,
  clr.full_name AS cleared_by_name, g.timezone AS group_timezone`

/** The people's names, where the caller may see them, and the group's timezone. */
const NAMES = `JOIN groups g ON g.id = a.group_id
  LEFT JOIN users ack ON ack.id = a.acknowledged_by
  LEFT JOIN users clr ON a.cleared_by <> 'auto' AND clr.id::text = a.cleared_by`

/** The message is written now, from the stored facts (alarm-text.ts), never the raise's text. */
const toAlarm = ({ group_timezone, ...r }: AlarmRow, now = new Date()) => ({
  ...r,
  message: alarmMessage(r, group_timezone, now),
  raised_at: r.raised_at.toISOString(),
  acknowledged_at: r.acknowledged_at?.toISOString() ?? null,
  cleared_at: r.cleared_at?.toISOString() ?? null,
})

export type AlarmDto = ReturnType<typeof toAlarm>

export interface AlarmFilters {
  states: readonly AlarmState[]
  severities: readonly Severity[]
  deviceId: string | undefined
  skip: number
  limit: number
}

/** Active first, then acknowledged, then cleared; critical first; newest first. */
const ORDER = `CASE a.state WHEN 'active' THEN 0 WHEN 'acknowledged' THEN 1 ELSE 2 END,
  CASE a.severity WHEN 'critical' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, a.raised_at DESC, a.id`

export const alarmsRepository = (q: Queryable) => ({
  async list(scope: TenantScope, f: AlarmFilters) {
    const conditions = [scopeCondition(scope, 'a.group_id')]
    if (f.states.length > 0) conditions.push(sql`a.state = ANY (${f.states}::text[])`)
    if (f.severities.length > 0) conditions.push(sql`a.severity = ANY (${f.severities}::text[])`)
    if (f.deviceId) conditions.push(sql`a.device_id = ${f.deviceId}::uuid`)
    const filter = join(conditions, ' AND ')
    const page = sql`SELECT ${raw(COLUMNS)} FROM alarms a ${raw(NAMES)} WHERE ${filter}
      ORDER BY ${raw(ORDER)} LIMIT ${f.limit} OFFSET ${f.skip}`
    const { rows } = await q.query<AlarmRow>(page.text, page.values)
    const counted = sql`SELECT count(*)::int AS n FROM alarms a WHERE ${filter}`
    const total = await q.query<{ n: number }>(counted.text, counted.values)
    const now = new Date()
    return { items: rows.map((r) => toAlarm(r, now)), total: total.rows[0]!.n }
  },

  async find(scope: TenantScope, id: string): Promise<AlarmDto | undefined> {
    const found = sql`SELECT ${raw(COLUMNS)} FROM alarms a ${raw(NAMES)}
      WHERE a.id = ${id} AND ${scopeCondition(scope, 'a.group_id')}`
    const { rows } = await q.query<AlarmRow>(found.text, found.values)
    return rows[0] && toAlarm(rows[0])
  },

  /** Only an active alarm changes; returns whether this call acknowledged it. */
  async acknowledge(scope: TenantScope, id: string, userId: string, note: string | null) {
    const update = sql`UPDATE alarms a SET state = 'acknowledged', acknowledged_at = now(),
         acknowledged_by = ${userId}, acknowledgement_note = ${note}
       WHERE a.id = ${id} AND a.state = 'active' AND ${scopeCondition(scope, 'a.group_id')}`
    const { rowCount } = await q.query(update.text, update.values)
    return rowCount > 0
  },

  /**
   * Clears an open alarm by hand and tells the group and the rule's channels, in the caller's
   * transaction. Returns whether this call cleared it.
   */
  async clearByHand(scope: TenantScope, id: string, userId: string): Promise<boolean> {
    const update = sql`UPDATE alarms a SET state = 'cleared', cleared_at = now(), cleared_by = ${userId}
       WHERE a.id = ${id} AND a.state <> 'cleared' AND ${scopeCondition(scope, 'a.group_id')}
       RETURNING a.id`
    const { rows } = await q.query<{ id: string }>(update.text, update.values)
    await announceCleared(
      q,
      rows.map((r) => r.id),
    )
    return rows.length > 0
  },
})

/** `offline:<rule>:<device>`: the notification's own key. A threshold alarm spans windows. */
export const alarmKey = (c: Condition) =>
  c.alert.eventType === 'device.offline.v1' ? c.key : `threshold:${c.ruleId}:${c.deviceId}`

/** Conditions of snoozed rule and device pairs: they hold, but raise nothing until the snooze ends. */
export async function snoozedPairs(q: Queryable, now: Date): Promise<Set<string>> {
  const { rows } = await q.query<{ pair: string }>(
    `SELECT rule_id || ':' || device_id AS pair FROM alarm_snoozes WHERE until > $1`,
    [now.toISOString()],
  )
  return new Set(rows.map((r) => r.pair))
}

/**
 * An alarm for each condition that just raised a notification, unless one is still open for its
 * key (a threshold over in the next window too, or an offline alarm cleared by hand while the
 * device stays silent). Returns the new alarms' ids; their channels' deliveries are queued.
 */
export async function raiseAlarms(q: Queryable, now: Date, raised: readonly Condition[]) {
  if (raised.length === 0) return []
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO alarms (group_id, rule_id, device_id, condition_key, alert_type, severity,
       rule_name, title, message, "values", raised_at)
     SELECT c.group_id, r.id, c.device_id, c.key, r.alert_type, r.severity, r.name, c.title,
            c.message, c.params::jsonb, $8
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[])
          AS c(group_id, rule_id, device_id, key, title, message, params)
     JOIN notification_rules r ON r.id = c.rule_id
     ON CONFLICT (condition_key) WHERE state <> 'cleared' DO NOTHING
     RETURNING id`,
    [
      raised.map((c) => c.groupId),
      raised.map((c) => c.ruleId),
      raised.map((c) => c.deviceId),
      raised.map(alarmKey),
      raised.map((c) => c.alert.title),
      raised.map((c) => c.alert.message),
      raised.map((c) => JSON.stringify(c.alert.params)),
      now.toISOString(),
    ],
  )
  const ids = rows.map((r) => r.id)
  await enqueueAlarmEvents(q, ids, 'raise')
  return ids
}

/**
 * Clears, with `cleared_by` 'auto', the open alarms whose condition was judged in this run and no
 * longer holds (as clearResolved does for notifications: offline rules on every run, a threshold
 * rule when a window of it was judged; alarms of deleted or inactive rules too). The group and
 * the channels are told. Returns the cleared alarms' ids.
 */
export async function clearEndedAlarms(
  q: Queryable,
  now: Date,
  holding: readonly Condition[],
  judgedThresholdRules: readonly string[],
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE alarms a SET state = 'cleared', cleared_at = $1, cleared_by = 'auto'
     WHERE a.state <> 'cleared' AND NOT (a.condition_key = ANY ($2::text[]))
       AND (a.rule_id IS NULL
         OR a.rule_id = ANY ($3::uuid[])
         OR EXISTS (SELECT 1 FROM notification_rules r WHERE r.id = a.rule_id
                    AND (NOT r.is_active OR r.alert_type = 'DEVICE_OFFLINE')))
     RETURNING a.id`,
    [now.toISOString(), holding.map(alarmKey), judgedThresholdRules],
  )
  const ids = rows.map((r) => r.id)
  await announceCleared(q, ids)
  return ids
}

/**
 * Tells the group that alarms cleared: a notification each, delivered like a raise, and a
 * `clear` delivery to each channel of the rule. Spec §2-§5 has no template for a clear, so the
 * notification carries only its plain title and message (event type alarm.cleared.v1, no
 * template): the bell and the history show those, as spec §4 says for any unknown template.
 */
async function announceCleared(q: Queryable, alarmIds: readonly string[]) {
  if (alarmIds.length === 0) return
  const { rows } = await q.query<AlarmClearedRow>(
    `SELECT a.id, a.group_id, a.rule_id, a.device_id, a.title, a.cleared_at, a.cleared_by,
            d.name AS device_name, clr.full_name AS cleared_by_name
     FROM alarms a JOIN devices d ON d.id = a.device_id
     LEFT JOIN users clr ON a.cleared_by <> 'auto' AND clr.id::text = a.cleared_by
     WHERE a.id = ANY ($1::uuid[])`,
    [alarmIds],
  )
  const { rows: notes } = await q.query<{ id: string }>(
    `INSERT INTO notifications (group_id, rule_id, device_id, event_type, format_version, title,
       message, params, triggered_at)
     SELECT c.group_id, c.rule_id, c.device_id, 'alarm.cleared.v1', 1, 'Alarm cleared', c.message,
            jsonb_build_object('alarm_id', c.id, 'device_id', c.device_id, 'cleared_by', c.cleared_by),
            c.cleared_at
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::timestamptz[])
          AS c(id, group_id, rule_id, device_id, message, cleared_by, cleared_at)
     RETURNING id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.group_id),
      rows.map((r) => r.rule_id),
      rows.map((r) => r.device_id),
      rows.map((r) => clearedMessage(r.device_name, r.title, r.cleared_by, r.cleared_by_name)),
      rows.map((r) => r.cleared_by),
      rows.map((r) => r.cleared_at.toISOString()),
    ],
  )
  await deliver(
    q,
    notes.map((n) => n.id),
  )
  await enqueueAlarmEvents(q, alarmIds, 'clear')
}

interface AlarmClearedRow {
  id: string
  group_id: string
  rule_id: string | null
  device_id: string
  title: string
  cleared_at: Date
  cleared_by: string
  device_name: string
  /** Who cleared it by hand; null when it cleared by itself. */
  cleared_by_name: string | null
}
