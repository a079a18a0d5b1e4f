import type { Queryable } from '~/server/db/database.ts'
import { unitStart, type Granularity, type WeekStart, type Window } from '../energy/windows.ts'
import { ENERGY } from '../readings/readings-repository.ts'
import { inUnit, offlineAlert, thresholdAlert, type Alert } from './alerts.ts'
import type { ThresholdWindow } from './rules-repository.ts'

/**
 * A condition that holds now. `key` names it (rule, device and, for thresholds, the window):
 * while a notification with that key is open, the condition raises nothing new.
 */
export interface Condition {
  key: string
  ruleId: string
  groupId: string
  deviceId: string
  alert: Alert
}

interface OfflineRow {
  rule_id: string
  group_id: string
  device_id: string
  name: string
  location: string | null
  last_seen: Date
}

export const offlineKey = (ruleId: string, deviceId: string) => `offline:${ruleId}:${deviceId}`

/** A threshold condition is one window of one device: each window over the threshold alerts. */
export const thresholdKey = (ruleId: string, deviceId: string, windowStart: Date) =>
  `threshold:${ruleId}:${deviceId}:${windowStart.toISOString()}`

/**
 * Devices watched by an active DEVICE_OFFLINE rule and unseen for its number of minutes, and for
 * at least their reporting interval and a half, whatever the rule says: a meter that reports
 * every 15 minutes is not offline 5 minutes after its last reading (a device added to the group
 * after the rule was checked against the intervals is covered by this too).
 */
export async function offlineConditions(q: Queryable, now: Date): Promise<Condition[]> {
  const { rows } = await q.query<OfflineRow>(
    `SELECT r.id AS rule_id, r.group_id, d.id AS device_id, d.name, d.location, d.last_seen
     FROM notification_rules r
     JOIN devices d ON d.group_id = r.group_id
       AND (cardinality(r.device_ids) = 0 OR d.id = ANY (r.device_ids))
     LEFT JOIN device_models m ON m.id = d.device_model_id
     WHERE r.is_active AND r.alert_type = 'DEVICE_OFFLINE'
       AND d.last_seen <= $1::timestamptz - make_interval(mins => r.offline_after_minutes)
       AND d.last_seen <= $1::timestamptz - make_interval(secs => coalesce(m.report_interval_seconds * 1.5, 0))`,
    [now.toISOString()],
  )
  return rows.map((r) => ({
    key: offlineKey(r.rule_id, r.device_id),
    ruleId: r.rule_id,
    groupId: r.group_id,
    deviceId: r.device_id,
    alert: offlineAlert({ id: r.device_id, name: r.name, location: r.location }, r.last_seen, now),
  }))
}

export const GRANULARITY: Record<ThresholdWindow, Granularity> = {
  HOURLY: 'hourly',
  DAILY: 'daily',
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
}

interface ThresholdRule extends WindowClock {
  id: string
  group_id: string
  device_ids: string[]
  threshold_value: number
  unit: string
  created_at: Date
  evaluated_until: Date | null
}

/** Where a rule's windows fall: its window kind, in its group's timezone and week start. */
export interface WindowClock {
  window: ThresholdWindow
  timezone: string
  week_start: WeekStart
}

/**
 * The latest window that is closed and settled (`settleMs` after its end, so readings sent a
 * little late are in): the one the evaluator judges at `now`.
 */
export function judgedWindow(clock: WindowClock, now: Date, settleMs: number): Window {
  const granularity = GRANULARITY[clock.window]
  const settled = new Date(now.getTime() - settleMs)
  const end = unitStart(settled, granularity, clock.timezone, clock.week_start)
  const start = unitStart(
    new Date(end.getTime() - 1),
    granularity,
    clock.timezone,
    clock.week_start,
  )
  return { start, end }
}

export interface ThresholdJudgement {
  conditions: Condition[]
  /** Rules whose window was judged in this run, with the end of that window. */
  judged: Array<{ ruleId: string; until: Date }>
}

/**
 * Active CONSUMPTION_THRESHOLD rules whose latest settled window has not been judged yet: each
 * device watched that used more than the threshold in it is a condition. A window that closed
 * before the rule existed is not judged (a new rule does not alert about the past).
 */
export async function thresholdConditions(
  q: Queryable,
  now: Date,
  settleMs: number,
): Promise<ThresholdJudgement> {
  const { rows: rules } = await q.query<ThresholdRule>(
    `SELECT r.id, r.group_id, r.device_ids::text[] AS device_ids, r.threshold_value, r.unit,
            r."window", g.timezone,
            CASE WHEN g.settings->>'week_start' = 'monday' THEN 'monday' ELSE 'sunday' END AS week_start,
            r.created_at, r.evaluated_until
     FROM notification_rules r JOIN groups g ON g.id = r.group_id
     WHERE r.is_active AND r.alert_type = 'CONSUMPTION_THRESHOLD'`,
  )
  const result: ThresholdJudgement = { conditions: [], judged: [] }
  for (const rule of rules) {
    const window = judgedWindow(rule, now, settleMs)
    if (rule.evaluated_until && rule.evaluated_until >= window.end) continue
    result.judged.push({ ruleId: rule.id, until: window.end })
    if (window.end <= rule.created_at) continue
    result.conditions.push(...(await overages(q, rule, window)))
  }
  return result
}

interface UsageRow {
  id: string
  name: string
  location: string | null
  kwh: number
}

const HOUR = 3_600_000

/**
 * Each watched device's rise over (start, end]: whole UTC hours from the hourly rollup, the
 * edges of windows that do not start on a UTC hour (half-hour zones) from the readings.
 */
async function overages(q: Queryable, rule: ThresholdRule, window: Window): Promise<Condition[]> {
  const first = Math.ceil(window.start.getTime() / HOUR) * HOUR
  const last = Math.floor(window.end.getTime() / HOUR) * HOUR
  const [innerStart, innerEnd] = first < last ? [first, last] : [window.end, window.end]
  const { rows } = await q.query<UsageRow>(
    `WITH dev AS (
       SELECT id, name, location FROM devices
       WHERE group_id = $1 AND (cardinality($2::uuid[]) = 0 OR id = ANY ($2::uuid[]))
     ), hourly AS (
       SELECT device_id, sum(kwh) AS kwh FROM readings_hourly
       WHERE device_id IN (SELECT id FROM dev) AND hour >= $3 AND hour < $4
       GROUP BY device_id
     ), edges AS (
       SELECT device_id, sum(delta_kwh) AS kwh FROM readings
       WHERE device_id IN (SELECT id FROM dev) AND reading_type = $7
         AND ((ts > $5 AND ts <= $3) OR (ts > $4 AND ts <= $6))
       GROUP BY device_id
     )
     SELECT dev.id, dev.name, dev.location,
            greatest(coalesce(hourly.kwh, 0) + coalesce(edges.kwh, 0), 0)::float8 AS kwh
     FROM dev LEFT JOIN hourly ON hourly.device_id = dev.id LEFT JOIN edges ON edges.device_id = dev.id`,
    [
      rule.group_id,
      rule.device_ids,
      new Date(innerStart).toISOString(),
      new Date(innerEnd).toISOString(),
      window.start.toISOString(),
      window.end.toISOString(),
      ENERGY,
    ],
  )
  return rows
    .map((row) => ({ row, actual: inUnit(row.kwh, rule.unit) }))
    .filter(({ actual }) => actual > rule.threshold_value)
    .map(({ row, actual }) => ({
      key: thresholdKey(rule.id, row.id, window.start),
      ruleId: rule.id,
      groupId: rule.group_id,
      deviceId: row.id,
      alert: thresholdAlert(row, {
        threshold: rule.threshold_value,
        actual,
        unit: rule.unit,
        window: rule.window,
        end: window.end,
        timezone: rule.timezone,
      }),
    }))
}
