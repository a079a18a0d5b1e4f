import { SYSTEM, type Database, type Tx } from '../db/database.ts'
import { buckets, unitStart, type Window } from '../modules/energy/windows.ts'
import { inUnit, thresholdAlert } from '../modules/notifications/alerts.ts'
import {
  GRANULARITY,
  judgedWindow,
  thresholdKey,
  type WindowClock,
} from '../modules/notifications/conditions.ts'
import { evaluateRules, SETTLE_MS } from '../modules/notifications/evaluator.ts'
import { deliver } from '../modules/notifications/feed-deliveries.ts'
import {
  rulesRepository,
  type AlertType,
  type RuleDto,
  type ThresholdWindow,
} from '../modules/notifications/rules-repository.ts'
import { DEMO_GROUPS } from './demo.ts'

const HOUR = 3_600_000
/** How far back the demo's rules exist and have alerted. */
const HISTORY_DAYS = 7

interface DemoRule {
  name: string
  alertType: AlertType
  /** Index of the watched device in the group (serial order); left out: every device. */
  device?: number
  offlineAfterMinutes?: number
  window?: ThresholdWindow
  /** Share of the device's windows the threshold sits above (so some windows exceed it). */
  percentile?: number
  unit?: string
  /** A fixed threshold instead of one taken from the device's data. */
  threshold?: number
  active?: boolean
}

const RULES: DemoRule[][] = [
  [
    { name: 'Meter offline for 30 minutes', alertType: 'DEVICE_OFFLINE', offlineAfterMinutes: 30 },
    {
      name: 'Main meter daily budget',
      alertType: 'CONSUMPTION_THRESHOLD',
      device: 0,
      window: 'DAILY',
      percentile: 0.7,
    },
    {
      name: 'Server room hourly peak',
      alertType: 'CONSUMPTION_THRESHOLD',
      device: 5,
      window: 'HOURLY',
      percentile: 0.99,
    },
    {
      name: 'Site weekly budget',
      alertType: 'CONSUMPTION_THRESHOLD',
      window: 'WEEKLY',
      threshold: 50,
      unit: 'MWh',
      active: false,
    },
  ],
  [
    { name: 'Meter offline for 60 minutes', alertType: 'DEVICE_OFFLINE', offlineAfterMinutes: 60 },
    {
      name: 'Pump station daily budget',
      alertType: 'CONSUMPTION_THRESHOLD',
      device: 0,
      window: 'DAILY',
      percentile: 0.75,
    },
    {
      name: 'Cold store hourly peak',
      alertType: 'CONSUMPTION_THRESHOLD',
      device: 7,
      window: 'HOURLY',
      percentile: 0.99,
    },
  ],
]

interface GroupRow {
  id: string
  name: string
  timezone: string
  admin_id: string | null
  device_ids: string[]
}

/** The p-th share of the device's hourly or daily rises up to `until`, rounded to 2 digits. */
async function thresholdFrom(tx: Tx, deviceId: string, rule: DemoRule, tz: string, until: Date) {
  const { rows } = await tx.query<{ p: number | null }>(
    `SELECT percentile_cont($4::float8) WITHIN GROUP (ORDER BY kwh) AS p FROM (
       SELECT sum(kwh) AS kwh FROM readings_hourly
       WHERE device_id = $1 AND hour < $3 AND hour >= $3::timestamptz - interval '28 days'
       GROUP BY date_trunc($5, hour AT TIME ZONE $2)) s`,
    [
      deviceId,
      tz,
      until.toISOString(),
      rule.percentile ?? 0.9,
      rule.window === 'HOURLY' ? 'hour' : 'day',
    ],
  )
  return Number(Math.max(rows[0]?.p ?? 100, 0.1).toPrecision(2))
}

async function createRule(tx: Tx, group: GroupRow, rule: DemoRule, since: Date, now: Date) {
  const deviceId =
    rule.device === undefined
      ? undefined
      : (group.device_ids[rule.device] ?? group.device_ids.at(-1))
  if (rule.device !== undefined && !deviceId) return undefined
  const offline = rule.alertType === 'DEVICE_OFFLINE'
  const threshold = offline
    ? null
    : (rule.threshold ?? (await thresholdFrom(tx, deviceId!, rule, group.timezone, now)))
  const created = await rulesRepository(tx).create({
    groupId: group.id,
    name: rule.name,
    alertType: rule.alertType,
    deviceIds: deviceId ? [deviceId] : [],
    offlineAfterMinutes: rule.offlineAfterMinutes,
    thresholdValue: threshold,
    unit: rule.unit ?? 'kWh',
    window: rule.window,
    createdBy: group.admin_id,
  })
  await tx.query(
    'UPDATE notification_rules SET created_at = $2, updated_at = $2, is_active = $3 WHERE id = $1',
    [created.id, since.toISOString(), rule.active ?? true],
  )
  return created
}

interface Usage {
  i: number
  id: string
  name: string
  location: string | null
  kwh: number
}

/**
 * The alerts a threshold rule raised over the windows that closed since `since` (up to the one
 * the evaluator judges now, which it raises itself), each cleared when the next one was judged.
 * Demo groups sit in whole-hour zones, so windows are made of whole rows of the hourly rollup.
 */
async function thresholdHistory(tx: Tx, rule: RuleDto, clock: WindowClock, since: Date, now: Date) {
  const latest = judgedWindow(clock, now, SETTLE_MS)
  const granularity = GRANULARITY[clock.window]
  const first = unitStart(since, granularity, clock.timezone, clock.week_start)
  const windows = buckets(
    { start: first, end: latest.start },
    granularity,
    clock.timezone,
    clock.week_start,
  )
  if (!windows || windows.length === 0) return []
  const { rows } = await tx.query<Usage>(
    `SELECT width_bucket(h.hour, $2::timestamptz[]) AS i, d.id, d.name, d.location, sum(h.kwh)::float8 AS kwh
     FROM readings_hourly h JOIN devices d ON d.id = h.device_id
     WHERE d.group_id = $1 AND (cardinality($3::uuid[]) = 0 OR d.id = ANY ($3::uuid[]))
       AND h.hour >= $4 AND h.hour < $5
     GROUP BY 1, d.id`,
    [
      rule.group_id,
      windows.map((w) => w.start.toISOString()),
      rule.device_ids,
      windows[0]!.start.toISOString(),
      latest.start.toISOString(),
    ],
  )
  const next = (i: number): Window => windows[i + 1] ?? latest
  return rows
    .map((u) => ({ u, w: windows[u.i - 1]!, actual: inUnit(u.kwh, rule.unit!) }))
    .filter(({ actual }) => actual > rule.threshold_value!)
    .map(({ u, w, actual }) => ({
      rule,
      deviceId: u.id,
      key: thresholdKey(rule.id, u.id, w.start),
      triggeredAt: new Date(w.end.getTime() + SETTLE_MS),
      clearedAt: new Date(next(u.i - 1).end.getTime() + SETTLE_MS),
      alert: thresholdAlert(u, {
        ...clock,
        threshold: rule.threshold_value!,
        actual,
        unit: rule.unit!,
        end: w.end,
      }),
    }))
}

type PastAlert = Awaited<ReturnType<typeof thresholdHistory>>[number]

async function insertPast(tx: Tx, alerts: PastAlert[]) {
  if (alerts.length === 0) return
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO notifications (group_id, rule_id, device_id, event_type, template_id, template_version,
       title, message, params, condition_key, triggered_at, cleared_at)
     SELECT a.group_id, a.rule_id, a.device_id, a.event_type, a.event_type, 1, a.title, a.message,
            a.params::jsonb, a.key, a.triggered_at, a.cleared_at
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[],
                 $8::text[], $9::timestamptz[], $10::timestamptz[])
          AS a(group_id, rule_id, device_id, event_type, title, message, params, key, triggered_at, cleared_at)
     RETURNING id`,
    [
      alerts.map((a) => a.rule.group_id),
      alerts.map((a) => a.rule.id),
      alerts.map((a) => a.deviceId),
      alerts.map((a) => a.alert.eventType),
      alerts.map((a) => a.alert.title),
      alerts.map((a) => a.alert.message),
      alerts.map((a) => JSON.stringify(a.alert.params)),
      alerts.map((a) => a.key),
      alerts.map((a) => a.triggeredAt.toISOString()),
      alerts.map((a) => a.clearedAt.toISOString()),
    ],
  )
  await deliver(
    tx,
    rows.map((r) => r.id),
  )
}

/** The moments the demo's silent meters crossed an offline rule's limit, oldest first. */
async function offlineMoments(db: Database, since: Date, now: Date): Promise<Date[]> {
  const { rows } = await db.query<{ at: Date }>(
    `SELECT DISTINCT d.last_seen + make_interval(mins => r.offline_after_minutes + 1) AS at
     FROM notification_rules r JOIN devices d ON d.group_id = r.group_id
     WHERE r.is_active AND r.alert_type = 'DEVICE_OFFLINE'
       AND d.last_seen + make_interval(mins => r.offline_after_minutes + 1) BETWEEN $1 AND $2
     ORDER BY 1`,
    [since.toISOString(), now.toISOString()],
  )
  return rows.map((r) => r.at)
}

/**
 * The demo's rules in each group and the notifications they raised over the last week: offline
 * alerts by running the evaluator at the moments meters went silent, threshold alerts from the
 * windows that went over, then one evaluator run at `now` for the windows it judges today.
 * Alerts that have since cleared are read; those still open (the offline device's among them)
 * stay unread, so the bell has something to show on a fresh start.
 */
export async function seedDemoNotifications(db: Database, options: { days: number; now?: Date }) {
  const now = options.now ?? new Date()
  const since = new Date(now.getTime() - Math.min(HISTORY_DAYS, options.days) * 24 * HOUR)
  const { rows: groups } = await db.query<GroupRow>(
    `SELECT g.id, g.name, g.timezone,
       (SELECT u.id FROM users u WHERE u.group_id = g.id AND u.role = 'admin' ORDER BY u.email LIMIT 1) AS admin_id,
       ARRAY(SELECT d.id::text FROM devices d WHERE d.group_id = g.id ORDER BY d.serial_number) AS device_ids
     FROM groups g WHERE g.name = ANY ($1::text[])`,
    [DEMO_GROUPS.map((g) => g.name)],
  )
  const plan = DEMO_GROUPS.flatMap((demo, i) => {
    const group = groups.find((g) => g.name === demo.name)
    return group ? (RULES[i] ?? []).map((rule) => ({ group, rule })) : []
  })
  const offline = plan.filter((p) => p.rule.alertType === 'DEVICE_OFFLINE')
  await db.transaction(SYSTEM, async (tx) => {
    for (const { group, rule } of offline) await createRule(tx, group, rule, since, now)
  })
  for (const at of await offlineMoments(db, since, now)) await evaluateRules(db, { now: at })
  await db.transaction(SYSTEM, async (tx) => {
    for (const { group, rule } of plan.filter((p) => p.rule.alertType !== 'DEVICE_OFFLINE')) {
      const created = await createRule(tx, group, rule, since, now)
      if (!created?.window || rule.active === false) continue
      const clock = {
        window: created.window,
        timezone: group.timezone,
        week_start: 'sunday' as const,
      }
      await insertPast(tx, await thresholdHistory(tx, created, clock, since, now))
    }
  })
  await evaluateRules(db, { now })
  await db.transaction(SYSTEM, async (tx) => {
    await tx.query(
      `UPDATE notification_deliveries d SET read_at = n.cleared_at
       FROM notifications n WHERE n.id = d.notification_id AND n.cleared_at IS NOT NULL`,
    )
    await tx.query(
      `UPDATE notification_rules r SET last_triggered_at =
         (SELECT max(n.triggered_at) FROM notifications n WHERE n.rule_id = r.id)`,
    )
  })
}
