import { randomUUID } from 'node:crypto'
import type { AlarmWebhookEvent } from '~/api/__generated__/types.gen.ts'
import type { Queryable } from '~/server/db/database.ts'
import type { ChannelType } from './channels-repository.ts'

/**
 * The outbox of channel deliveries: rows written in the transaction that raised or cleared the
 * alarm, sent by the worker (outbox-worker.ts). The payload is fixed when the event happens, so
 * every attempt sends the same body under the same `webhook-id`.
 */

export type DeliveryEvent = 'raise' | 'clear' | 'test'
export type DeliveryStatus = 'pending' | 'sent' | 'failed'

export interface DeliveryRow {
  id: string
  group_id: string
  channel_id: string
  alarm_id: string | null
  event: DeliveryEvent
  payload: AlarmWebhookEvent
  status: DeliveryStatus
  attempts: number
  next_attempt_at: Date
  last_attempt_at: Date | null
  response_code: number | null
  error: string | null
  webhook_id: string
  created_at: Date
  sent_at: Date | null
}

/** Which alarm a delivery was about, in the words of its payload (none for tests). */
export const toDelivery = (r: DeliveryRow) => ({
  id: r.id,
  channel_id: r.channel_id,
  alarm_id: r.alarm_id,
  device_name: r.payload.data.device?.name ?? null,
  rule_name: r.payload.data.alarm?.rule_name ?? null,
  event: r.event,
  status: r.status,
  attempts: r.attempts,
  next_attempt_at: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
  last_attempt_at: r.last_attempt_at?.toISOString() ?? null,
  response_code: r.response_code,
  error: r.error,
  webhook_id: r.webhook_id,
  created_at: r.created_at.toISOString(),
  sent_at: r.sent_at?.toISOString() ?? null,
})

/** Standard Webhooks ids are opaque strings; `msg_` and 32 hex digits, like its examples. */
export const newWebhookId = () => `msg_${randomUUID().replaceAll('-', '')}`

interface AlarmEventRow {
  alarm_id: string
  group_id: string
  channel_id: string
  rule_id: string | null
  rule_name: string
  alert_type: 'DEVICE_OFFLINE' | 'CONSUMPTION_THRESHOLD'
  severity: 'info' | 'warning' | 'critical'
  state: 'active' | 'acknowledged' | 'cleared'
  title: string
  message: string
  values: Record<string, unknown>
  raised_at: Date
  cleared_at: Date | null
  cleared_by: string | null
  cleared_by_name: string | null
  device_id: string
  device_name: string
}

/** The clear's one line: what ended, and how or by whom. */
export const clearedMessage = (
  device: string,
  title: string,
  clearedBy: string | null,
  clearedByName: string | null,
) =>
  `${device}: ${title} is over (${clearedBy === 'auto' ? 'the condition ended' : `cleared by ${clearedByName ?? 'a user'}`}).`

/**
 * The facts of the event. The worker writes the text, the group's name and the links when it
 * sends (channel-senders.ts renderEvent); `message` here is only a fallback.
 */
function alarmEvent(r: AlarmEventRow, event: 'raise' | 'clear'): AlarmWebhookEvent {
  return {
    type: event === 'raise' ? 'alarm.raised' : 'alarm.cleared',
    timestamp: (event === 'raise' ? r.raised_at : r.cleared_at!).toISOString(),
    data: {
      group_id: r.group_id,
      channel_id: r.channel_id,
      message:
        event === 'raise'
          ? r.message
          : clearedMessage(r.device_name, r.title, r.cleared_by, r.cleared_by_name),
      alarm: {
        id: r.alarm_id,
        rule_id: r.rule_id,
        rule_name: r.rule_name,
        alert_type: r.alert_type,
        severity: r.severity,
        state: r.state,
        title: r.title,
        values: r.values,
        raised_at: r.raised_at.toISOString(),
        cleared_at: r.cleared_at?.toISOString() ?? null,
        cleared_by: r.cleared_by,
        cleared_by_name: r.cleared_by_name,
        url: null,
      },
      device: { id: r.device_id, name: r.device_name, url: null },
    },
  }
}

/**
 * Queues one delivery per channel of each alarm's rule, in the caller's transaction (the one
 * that raised or cleared the alarms). Returns how many were queued.
 */
export async function enqueueAlarmEvents(
  q: Queryable,
  alarmIds: readonly string[],
  event: 'raise' | 'clear',
): Promise<number> {
  if (alarmIds.length === 0) return 0
  const { rows } = await q.query<AlarmEventRow>(
    `SELECT a.id AS alarm_id, a.group_id, ch.id AS channel_id, a.rule_id, a.rule_name, a.alert_type,
            a.severity, a.state, a.title, a.message, a."values", a.raised_at, a.cleared_at,
            a.cleared_by, clr.full_name AS cleared_by_name, d.id AS device_id, d.name AS device_name
     FROM alarms a
     JOIN notification_rules r ON r.id = a.rule_id
     LEFT JOIN users clr ON a.cleared_by <> 'auto' AND clr.id::text = a.cleared_by
     JOIN notification_channels ch ON ch.id = ANY (r.channel_ids) AND ch.group_id = a.group_id
     JOIN devices d ON d.id = a.device_id
     WHERE a.id = ANY ($1::uuid[])`,
    [alarmIds],
  )
  if (rows.length === 0) return 0
  await q.query(
    `INSERT INTO channel_deliveries (group_id, channel_id, alarm_id, event, payload, webhook_id)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::jsonb[], $6::text[])`,
    [
      rows.map((r) => r.group_id),
      rows.map((r) => r.channel_id),
      rows.map((r) => r.alarm_id),
      rows.map(() => event),
      rows.map((r) => JSON.stringify(alarmEvent(r, event))),
      rows.map(() => newWebhookId()),
    ],
  )
  return rows.length
}

/** The channel as the sender needs it (with its secret: never leaves the server). */
export interface ChannelTarget {
  type: ChannelType
  name: string
  addresses: string[]
  url: string | null
  secret: string | null
  /** The channel's group, named in the message, whose timezone its times are given in. */
  group_name: string
  group_timezone: string
}

export type ClaimedDelivery = DeliveryRow & { channel: ChannelTarget }

const DELIVERY_COLUMNS = `d.id, d.group_id, d.channel_id, d.alarm_id, d.event, d.payload, d.status,
  d.attempts, d.next_attempt_at, d.last_attempt_at, d.response_code, d.error, d.webhook_id,
  d.created_at, d.sent_at`

/** What one attempt came to. `retry`: worth trying again later (5xx, 408, 429, network). */
export interface AttemptOutcome {
  ok: boolean
  retry: boolean
  code: number | null
  /** What the channel's log shows (webhooks: "Could not deliver...", no port states). */
  error: string | null
  /** The network error's code, for the server log only (never stored or answered). */
  detail?: string
}

export const deliveriesRepository = (q: Queryable) => ({
  /** A channel's latest deliveries; the channel is already known to be in the caller's scope. */
  async recent(channelId: string, limit: number) {
    const { rows } = await q.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM channel_deliveries d WHERE d.channel_id = $1
       ORDER BY d.created_at DESC, d.id DESC LIMIT $2`,
      [channelId, limit],
    )
    return rows.map(toDelivery)
  },

  /** A test delivery, claimed at once by the request that sends it (the worker skips tests). */
  async createTest(groupId: string, channelId: string, payload: AlarmWebhookEvent) {
    const { rows } = await q.query<DeliveryRow>(
      `INSERT INTO channel_deliveries AS d (group_id, channel_id, event, payload, webhook_id,
         attempts, last_attempt_at)
       VALUES ($1, $2, 'test', $3::jsonb, $4, 1, now()) RETURNING ${DELIVERY_COLUMNS}`,
      [groupId, channelId, JSON.stringify(payload), newWebhookId()],
    )
    return rows[0]!
  },

  /**
   * Takes up to `limit` due deliveries for this worker: one attempt more, and the next attempt
   * pushed `leaseMs` ahead, so a worker that dies mid-send leaves them due again then. SKIP
   * LOCKED lets replicas claim side by side without taking the same row.
   */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const { rows } = await q.query<DeliveryRow & ChannelTarget>(
      `UPDATE channel_deliveries d SET attempts = d.attempts + 1, last_attempt_at = now(),
         next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
       FROM notification_channels c JOIN groups g ON g.id = c.group_id
       WHERE c.id = d.channel_id AND d.id IN (
         SELECT id FROM channel_deliveries
         WHERE status = 'pending' AND event <> 'test' AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${DELIVERY_COLUMNS}, c.type, c.name, c.addresses, c.url, c.secret,
         g.name AS group_name, g.timezone AS group_timezone`,
      [limit, leaseMs],
    )
    return rows.map(({ type, name, addresses, url, secret, group_name, group_timezone, ...d }) => ({
      ...d,
      channel: { type, name, addresses, url, secret, group_name, group_timezone },
    }))
  },

  /**
   * Writes an attempt's outcome: sent; failed (not worth retrying, or `giveUpAt` passed before
   * the next attempt); or pending again `retryInMs` from now.
   */
  async record(id: string, outcome: AttemptOutcome, retryInMs: number | null) {
    const status: DeliveryStatus = outcome.ok ? 'sent' : retryInMs === null ? 'failed' : 'pending'
    const { rows } = await q.query<DeliveryRow>(
      `UPDATE channel_deliveries d SET status = $2, response_code = $3, error = $4,
         sent_at = CASE WHEN $2 = 'sent' THEN now() END,
         next_attempt_at = now() + make_interval(secs => coalesce($5::float8, 0) / 1000)
       WHERE d.id = $1 RETURNING ${DELIVERY_COLUMNS}`,
      [id, status, outcome.code, outcome.error, retryInMs],
    )
    return rows[0]
  },
})
