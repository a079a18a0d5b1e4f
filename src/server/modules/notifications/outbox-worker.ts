import type { Logger } from 'pino'
import { SYSTEM, type Database } from '~/server/db/database.ts'
import type { MailSettings } from '~/server/config.ts'
import { sendDelivery } from './channel-senders.ts'
import { deliveriesRepository, type ClaimedDelivery } from './outbox.ts'
import { WebhookPolicy, type WebhookSettings } from './webhook-target.ts'

/** The channel NOTIFY the outbox trigger sends when rows are queued (migration 019). */
export const OUTBOX_CHANNEL = 'channel_outbox'

/** Retries stop this long after the event: a receiver down for longer gets a `failed` row. */
export const RETRY_FOR_MS = 12 * 60 * 60_000

/** 10 s, 20 s, 40 s... doubling up to an hour between attempts: about 20 attempts in 12 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

/** When to try again after a failed attempt, or null when it is final or retries ran out. */
export function nextRetryMs(d: ClaimedDelivery, retry: boolean, now = Date.now()): number | null {
  if (!retry) return null
  const wait = backoffMs(d.attempts)
  return now + wait > d.created_at.getTime() + RETRY_FOR_MS ? null : wait
}

export interface OutboxWorkerOptions {
  mail: MailSettings
  /** WEBHOOK_ALLOW_HOSTS (and a test's resolver): checked again before every webhook. */
  webhooks: WebhookSettings
  /** Also look for due rows this often (retries fall due without a NOTIFY). @default 2_000 */
  pollMs?: number
  /** Deliveries claimed and sent at once. @default 10 */
  batch?: number
}

export interface OutboxWorker {
  /** Look for due deliveries now (after a raise in this process). */
  wake(): void
  /** Waits for the sends in flight; their rows are recorded before it resolves. */
  stop(): Promise<void>
}

/**
 * Sends the outbox: claims due rows (FOR UPDATE SKIP LOCKED: replicas never take the same row),
 * sends them, records each outcome. A claim is a lease: a process killed mid-send leaves its rows
 * due again when the lease ends, and they go out again under the same `webhook-id` (receivers
 * de-duplicate by it, as Standard Webhooks says). Woken by the outbox NOTIFY and by `wake`.
 */
export async function startOutboxWorker(
  db: Database,
  log: Logger,
  options: OutboxWorkerOptions,
): Promise<OutboxWorker> {
  const { mail, pollMs = 2_000, batch = 10 } = options
  const settings = { mail, webhooks: new WebhookPolicy(options.webhooks) }
  const leaseMs = mail.timeoutMs + 5_000
  let stopped = false
  let again = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  const attempt = async (d: ClaimedDelivery) => {
    const outcome = await sendDelivery(d.channel, d.webhook_id, d.payload, settings)
    const retryIn = outcome.ok ? null : nextRetryMs(d, outcome.retry)
    await db.transaction(SYSTEM, (tx) => deliveriesRepository(tx).record(d.id, outcome, retryIn))
    const level = outcome.ok ? 'debug' : 'warn'
    log[level](
      {
        logger: 'outbox',
        delivery: d.id,
        channel: d.channel_id,
        attempt: d.attempts,
        code: outcome.code,
        error: outcome.error,
        detail: outcome.detail,
        retry_in_ms: retryIn,
      },
      outcome.ok ? 'Channel delivery sent' : 'Channel delivery failed',
    )
  }

  const drain = async () => {
    do {
      again = false
      const claimed = await db.transaction(SYSTEM, (tx) =>
        deliveriesRepository(tx).claimDue(batch, leaseMs),
      )
      await Promise.all(claimed.map(attempt))
      if (claimed.length === batch) again = true
    } while (again && !stopped)
  }

  const wake = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = drain()
      .catch((error: Error) =>
        log.error({ logger: 'outbox', err: { message: error.message } }, 'Outbox run failed'),
      )
      .finally(() => {
        running = undefined
        schedule()
      })
  }
  const schedule = () => {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(wake, pollMs)
    timer.unref()
  }

  const subscription = await db.listen(OUTBOX_CHANNEL, () => wake())
  wake()
  return {
    wake,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await subscription.close()
      await running
    },
  }
}
