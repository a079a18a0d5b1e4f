import type { FrontendLogEntry } from '~/api/__generated__/types.gen.ts'
import type { FrontendLogLimits } from '~/server/config.ts'
import { FRONTEND_USER_SHARE } from '~/server/logging.ts'
import { HttpError } from '~/server/lib/http-errors.ts'

/** A context larger than this (as JSON) is replaced by a preview: one batch stays under ~2 MB. */
export const MAX_CONTEXT_CHARS = 8 * 1024
const PREVIEW_CHARS = 1024

/** Keys a line sets itself; a context key of the same name would overwrite them. */
const RESERVED = new Set([
  'level',
  'timestamp',
  'logger',
  'message',
  'msg',
  'request_id',
  'user_id',
])

function boundedContext(context: FrontendLogEntry['context']): Record<string, unknown> {
  if (!context) return {}
  const kept = Object.fromEntries(Object.entries(context).filter(([key]) => !RESERVED.has(key)))
  const json = JSON.stringify(kept)
  if (json.length <= MAX_CONTEXT_CHARS) return kept
  return { context_truncated: true, context_preview: json.slice(0, PREVIEW_CHARS) }
}

/**
 * One console entry as a line of frontend.log, in the server's own layout (level and timestamp
 * first, message last) so the log viewer indexes it the same way; the caller's request id and
 * user id are added. The contract has already checked the entry (levels, lengths, 200 a batch).
 */
export function frontendLine(
  entry: FrontendLogEntry,
  requestId: string,
  userId: string | null,
): Record<string, unknown> {
  return {
    level: entry.level,
    timestamp: new Date(entry.timestamp).toISOString(),
    logger: entry.logger,
    request_id: requestId,
    user_id: userId,
    ...boundedContext(entry.context),
    message: entry.message,
  }
}

/** What a session has sent, in minutes' worth of its allowance; each drains by one a minute. */
interface Spent {
  batches: number
  bytes: number
  at: number
}

/** Drained sessions are forgotten every this many batches, so the map holds recent senders only. */
const SWEEP_EVERY = 1000

/**
 * Per-session rate and byte limits of the frontend log (FrontendLogLimits), as leaky buckets:
 * a batch goes through while it fits the session's batches for the minute and the session is
 * under its bytes; its bytes are counted once written, so any batch the contract accepts can
 * pass, and a large one delays the next instead.
 */
export class FrontendLogLimiter {
  readonly #spent = new Map<string, Spent>()
  #sinceSweep = 0
  constructor(
    readonly limits: FrontendLogLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds the session must wait before sending again; 0 when it may send now. */
  waitSeconds(session: string): number {
    const spent = this.#drained(session)
    if (!spent) return 0
    // The next batch must fit the minute; its bytes are known only once it is written.
    const over = Math.max(spent.batches + 1 / this.limits.batchesPerMinute, spent.bytes) - 1
    return over <= 1e-9 ? 0 : Math.max(1, Math.ceil(over * 60))
  }

  /** Counts a batch of `bytes` against the session. */
  spend(session: string, bytes: number): void {
    const spent = this.#drained(session) ?? { batches: 0, bytes: 0, at: this.now() }
    spent.batches += 1 / this.limits.batchesPerMinute
    spent.bytes += bytes / this.limits.bytesPerMinute
    this.#spent.set(session, spent)
    if (++this.#sinceSweep >= SWEEP_EVERY) this.#sweep()
  }

  #drained(session: string): Spent | undefined {
    const spent = this.#spent.get(session)
    if (!spent) return undefined
    const now = this.now()
    const minutes = (now - spent.at) / 60_000
    spent.batches = Math.max(0, spent.batches - minutes)
    spent.bytes = Math.max(0, spent.bytes - minutes)
    spent.at = now
    return spent
  }

  #sweep() {
    this.#sinceSweep = 0
    for (const session of this.#spent.keys()) {
      const spent = this.#drained(session)!
      if (spent.batches === 0 && spent.bytes === 0) this.#spent.delete(session)
    }
  }
}

/** The session sent more than its allowance: wait `seconds`. */
export const sessionLimited = (seconds: number) =>
  new HttpError(
    429,
    `Too many frontend log entries from this session, try again in ${seconds} seconds`,
    'rate_limited',
    'Send fewer or smaller batches; entries logged meanwhile may be dropped.',
    { 'retry-after': String(seconds) },
  )

/** A user's share of frontend.log is refilled when the file rotates, which no one can foretell. */
const SHARE_RETRY_SECONDS = 600

/** The user has filled their share of the current frontend.log. */
export const shareFilled = () =>
  new HttpError(
    429,
    `Your console's log entries fill their share of the frontend log (${Math.round(
      FRONTEND_USER_SHARE * 100,
    )}% of each file); more are refused until the file rotates`,
    'rate_limited',
    'Entries logged meanwhile are dropped; fix what is logging so much.',
    { 'retry-after': String(SHARE_RETRY_SECONDS) },
  )
