import type { Logger } from 'pino'
import { SYSTEM, type Database, type Queryable } from '~/server/db/database.ts'
import { statusRepository } from '../devices/status-repository.ts'
import { alarmsCommitted, type AlarmChange } from './alarm-events.ts'
import { deliver } from './feed-deliveries.ts'
import { clearEndedAlarms, raiseAlarms, snoozedPairs } from './alarms.ts'
import { offlineConditions, thresholdConditions, type Condition } from './conditions.ts'

/** Any number, the same in every replica: one evaluator runs at a time across all of them. */
export const EVALUATOR_LOCK = 7_340_022

/** Readings of a closed window may arrive this much later (meters push every few minutes). */
export const SETTLE_MS = 10 * 60_000

export interface EvaluationReport {
  /** Another runner held the lock: this run did nothing. */
  skipped: boolean
  raised: number
  cleared: number
  deliveries: number
  /** Ids of the alarms this run raised and cleared (committed when the report is returned). */
  alarms: AlarmChange
}

export interface EvaluateOptions {
  now: Date
  /** @default SETTLE_MS */
  settleMs?: number
}

/**
 * One evaluation, in one transaction holding the advisory lock (a second runner finds it taken
 * and skips; the lock ends with the transaction). Conditions that hold and have no open
 * notification raise one, delivered to every user who sees the group; open notifications whose
 * condition no longer holds are cleared, so the condition can raise again later.
 */
export async function evaluateRules(
  db: Database,
  options: EvaluateOptions,
): Promise<EvaluationReport> {
  const { now, settleMs = SETTLE_MS } = options
  return db.transaction(SYSTEM, async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1) AS locked',
      [EVALUATOR_LOCK],
    )
    if (!rows[0]!.locked) return { ...NOTHING, alarms: { raised: [], cleared: [] }, skipped: true }
    const offline = await offlineConditions(tx, now)
    const silent = new Set(offline.map((c) => c.deviceId))
    await statusRepository(tx).apply([...silent].map((id) => silentDevice(id, now)))
    const threshold = await thresholdConditions(tx, now, settleMs)
    const conditions = [...offline, ...threshold.conditions]
    const judged = threshold.judged.map((j) => j.ruleId)
    const cleared = await clearResolved(tx, now, conditions, judged)
    const alarmsCleared = await clearEndedAlarms(tx, now, conditions, judged)
    // A snoozed condition still holds (its open alarm stays) but raises nothing new.
    const snoozed = await snoozedPairs(tx, now)
    const raisable = conditions.filter((c) => !snoozed.has(`${c.ruleId}:${c.deviceId}`))
    const raised = await raise(tx, now, raisable)
    const deliveries = await deliver(
      tx,
      raised.map((r) => r.id),
    )
    const raisedKeys = new Set(raised.map((r) => r.condition_key))
    const alarmsRaised = await raiseAlarms(
      tx,
      now,
      raisable.filter((c) => raisedKeys.has(c.key)),
    )
    await markJudged(tx, threshold.judged)
    const alarms = { raised: alarmsRaised, cleared: alarmsCleared }
    return { skipped: false, raised: raised.length, cleared, deliveries, alarms }
  })
}

/** An offline alert and the device's page say the same: the silent device is offline. */
const silentDevice = (deviceId: string, now: Date) => ({
  deviceId,
  status: 'offline' as const,
  at: now,
  reason: 'No reading for longer than an offline rule allows',
})

/**
 * Clears open notifications whose condition was judged in this run and no longer holds: every
 * offline rule is judged on every run, a threshold rule when a window of it was. Notifications of
 * deleted or inactive rules clear too.
 */
async function clearResolved(
  q: Queryable,
  now: Date,
  holding: readonly Condition[],
  judgedThresholdRules: readonly string[],
): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE notifications n SET cleared_at = $1
     WHERE n.cleared_at IS NULL AND n.condition_key IS NOT NULL
       AND NOT (n.condition_key = ANY ($2::text[]))
       AND (n.rule_id IS NULL
         OR n.rule_id = ANY ($3::uuid[])
         OR EXISTS (SELECT 1 FROM notification_rules r WHERE r.id = n.rule_id
                    AND (NOT r.is_active OR r.alert_type = 'DEVICE_OFFLINE')))`,
    [now.toISOString(), holding.map((c) => c.key), judgedThresholdRules],
  )
  return rowCount
}

const NOTHING = { raised: 0, cleared: 0, deliveries: 0 }

/** Notifications for the conditions without an open one; returns the new notifications. */
async function raise(q: Queryable, now: Date, conditions: readonly Condition[]) {
  if (conditions.length === 0) return []
  const { rows } = await q.query<{ id: string; rule_id: string; condition_key: string }>(
    `INSERT INTO notifications (group_id, rule_id, device_id, event_type, template_id,
       template_version, format_version, title, message, params, condition_key, triggered_at)
     SELECT c.group_id, c.rule_id, c.device_id, c.event_type, c.event_type, c.version, 1, c.title,
            c.message, c.params::jsonb, c.key, $10
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[],
                 $8::text[], $9::text[])
          AS c(group_id, rule_id, device_id, event_type, version, title, message, params, key)
     ON CONFLICT (condition_key) WHERE cleared_at IS NULL DO NOTHING
     RETURNING id, rule_id, condition_key`,
    [
      conditions.map((c) => c.groupId),
      conditions.map((c) => c.ruleId),
      conditions.map((c) => c.deviceId),
      conditions.map((c) => c.alert.eventType),
      conditions.map((c) => c.alert.templateVersion),
      conditions.map((c) => c.alert.title),
      conditions.map((c) => c.alert.message),
      conditions.map((c) => JSON.stringify(c.alert.params)),
      conditions.map((c) => c.key),
      now.toISOString(),
    ],
  )
  if (rows.length > 0) {
    await q.query(
      'UPDATE notification_rules SET last_triggered_at = $2 WHERE id = ANY ($1::uuid[])',
      [[...new Set(rows.map((r) => r.rule_id))], now.toISOString()],
    )
  }
  return rows
}

async function markJudged(q: Queryable, judged: ReadonlyArray<{ ruleId: string; until: Date }>) {
  if (judged.length === 0) return
  await q.query(
    `UPDATE notification_rules r SET evaluated_until = j.until
     FROM unnest($1::uuid[], $2::timestamptz[]) AS j(id, until) WHERE r.id = j.id`,
    [judged.map((j) => j.ruleId), judged.map((j) => j.until.toISOString())],
  )
}

export interface EvaluatorOptions {
  /** @default 60_000 */
  intervalMs?: number
  /** Delay of the first run after start. @default 5_000 */
  firstRunMs?: number
  /** The time the evaluator judges at (tests inject a fake clock). @default () => new Date() */
  clock?: () => Date
  settleMs?: number
}

/**
 * Runs `evaluateRules` about every minute inside the server. A tick that finds the previous run
 * still going is skipped; across replicas the advisory lock lets one of them work. The returned
 * stop waits for the run in flight, so the database can close after it.
 */
export function startRulesEvaluator(
  db: Database,
  log: Logger,
  options: EvaluatorOptions = {},
): () => Promise<void> {
  const { intervalMs = 60_000, firstRunMs = 5_000, clock = () => new Date() } = options
  let inFlight: Promise<void> | undefined
  let stopped = false
  const run = async () => {
    const started = performance.now()
    try {
      const { alarms, ...report } = await evaluateRules(db, {
        now: clock(),
        settleMs: options.settleMs,
      })
      const ms = Math.round(performance.now() - started)
      const level = report.raised + report.cleared > 0 ? 'info' : 'debug'
      log[level]({ logger: 'rules-evaluator', ...report, ms }, 'Notification rules evaluated')
      alarmsCommitted(log, alarms)
    } catch (error) {
      log.error(
        { logger: 'rules-evaluator', err: { message: (error as Error).message } },
        'Notification rules evaluation failed',
      )
    }
  }
  const tick = () => {
    if (stopped || inFlight) return
    inFlight = run().finally(() => (inFlight = undefined))
  }
  const first = setTimeout(tick, firstRunMs)
  const timer = setInterval(tick, intervalMs)
  first.unref()
  timer.unref()
  return async () => {
    stopped = true
    clearTimeout(first)
    clearInterval(timer)
    await inFlight
  }
}
