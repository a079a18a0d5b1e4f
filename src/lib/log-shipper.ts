/**
 * Ships the console's log entries to the server (postFrontendLogs), so the debug log viewer shows the
 * lines of every session, not only this browser's. Shipping must never get in the app's way:
 * - batched: every 10 s, or soon after 50 entries are waiting, at most 200 a request (the contract);
 * - at the logger's own level (spec §9: debug in development and test, warn and up elsewhere);
 * - a batch the server refuses (4xx other than 408 and 429) is dropped, since sending it again
 *   would be refused again; other failures keep the batch and wait longer each time (up to 5 min);
 * - the queue is bounded (oldest dropped first), and entries are trimmed to what the contract
 *   accepts, so one odd entry cannot get a whole batch refused;
 * - when the page is hidden or left, what fits goes out with `keepalive` (browsers cap those
 *   bodies at 64 KiB);
 * - it writes nothing to the log it ships: its own failures cannot feed a loop.
 */
import {
  LOG_BUFFER_LIMIT,
  levelRank,
  type FrontendLogEntry,
  type LogBuffer,
  type LogLevel,
} from './logger'

export const SHIP_INTERVAL_MS = 10_000
/** This many waiting entries ship at once instead of waiting for the interval. */
export const SHIP_EAGER_SIZE = 50
/** The contract's maximum entries per request. */
export const SHIP_MAX_BATCH = 200
export const SHIP_MAX_QUEUE = LOG_BUFFER_LIMIT
export const SHIP_MAX_BACKOFF_MS = 5 * 60_000
/** Browsers refuse keepalive requests whose bodies in flight pass 64 KiB; headroom for headers. */
export const KEEPALIVE_BUDGET_BYTES = 60_000
/** The contract's limits of FrontendLogEntry. */
const MESSAGE_MAX = 4000
const LOGGER_MAX = 100
const CONTEXT_KEYS_MAX = 50

/** Resolves to the HTTP status of the answer; rejects when no answer came (offline, aborted). */
export type SendLogs = (
  entries: FrontendLogEntry[],
  options: { keepalive: boolean },
) => Promise<number>

interface PageEvents {
  /** Where `pagehide` fires. @default window */
  window?: EventTarget
  /** Where `visibilitychange` fires. @default document */
  document?: EventTarget & { visibilityState: DocumentVisibilityState }
}

export interface LogShipperOptions extends PageEvents {
  /** Its entries from before the start are shipped too, so the app can start shipping late. */
  buffer: Pick<LogBuffer, 'subscribe' | 'minLevel' | 'entries'>
  send: SendLogs
  /** @default buffer.minLevel */
  minLevel?: LogLevel
}

/** Errors become their name and message (JSON.stringify turns them into `{}`). */
function jsonValue(_key: string, value: unknown) {
  return value instanceof Error ? { name: value.name, message: value.message } : value
}

/** A context the contract accepts: plain JSON, at most 50 keys; anything else says what it was. */
function shippableContext(context: FrontendLogEntry['context']) {
  if (!context) return undefined
  let plain: unknown
  try {
    plain = JSON.parse(JSON.stringify(context, jsonValue))
  } catch {
    return { context_unserializable: true } // a cycle or a BigInt
  }
  if (!plain || typeof plain !== 'object' || Array.isArray(plain)) return undefined
  const keys = Object.keys(plain)
  if (keys.length <= CONTEXT_KEYS_MAX) return plain as Record<string, unknown>
  const kept = keys.slice(0, CONTEXT_KEYS_MAX - 1).map((k) => [k, (plain as never)[k]])
  return { ...Object.fromEntries(kept), context_truncated: true }
}

/** The entry trimmed to the contract's limits. */
export function shippableEntry(entry: FrontendLogEntry): FrontendLogEntry {
  const context = shippableContext(entry.context)
  return {
    timestamp: entry.timestamp,
    level: entry.level,
    logger: entry.logger.slice(0, LOGGER_MAX) || 'app',
    message: entry.message.slice(0, MESSAGE_MAX),
    ...(context && { context }),
  }
}

const encoder = new TextEncoder()
const byteSize = (entry: FrontendLogEntry) => encoder.encode(JSON.stringify(entry)).length + 1

/** The leading entries whose JSON fits the keepalive budget (at least one, if any). */
function keepaliveCount(queue: readonly FrontendLogEntry[]) {
  let bytes = 32 // '{"entries":[]}' and slack
  let count = 0
  for (const entry of queue.slice(0, SHIP_MAX_BATCH)) {
    bytes += byteSize(entry)
    if (bytes > KEEPALIVE_BUDGET_BYTES && count > 0) break
    count += 1
  }
  return count
}

/** 408 and 429 mean "later", as do server errors; any other 4xx refuses the batch for good. */
const isRetryable = (status: number) => status === 408 || status === 429 || status >= 500

/** Starts shipping the buffer's entries; returns `flush` (tests, sign-out) and `stop`. */
export function startLogShipper({
  buffer,
  send,
  minLevel = buffer.minLevel,
  window: view = globalThis.window,
  document: doc = globalThis.document,
}: LogShipperOptions) {
  let queue: FrontendLogEntry[] = []
  let inFlight = false
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let dueAt = Infinity

  /** Runs `flush` after `delay` ms, unless it is due sooner already. */
  function schedule(delay: number) {
    if (Date.now() + delay >= dueAt) return
    if (timer) clearTimeout(timer)
    dueAt = Date.now() + delay
    timer = setTimeout(() => {
      timer = null
      dueAt = Infinity
      void flush()
    }, delay)
  }

  const backoff = () => Math.min(SHIP_INTERVAL_MS * 2 ** failures, SHIP_MAX_BACKOFF_MS)

  async function ship(batch: FrontendLogEntry[], keepalive: boolean) {
    let retry: boolean
    try {
      retry = isRetryable(await send(batch, { keepalive }))
    } catch {
      retry = true
    }
    if (retry) {
      // Back in front, in order; when more wait than the queue holds, the oldest go.
      queue = [...batch, ...queue].slice(-SHIP_MAX_QUEUE)
      failures += 1
    } else {
      failures = 0
    }
  }

  /** Sends the oldest waiting entries, one request at a time, then plans the next round. */
  async function flush() {
    if (inFlight || queue.length === 0) return
    inFlight = true
    const batch = queue.splice(0, SHIP_MAX_BATCH)
    await ship(batch, false)
    inFlight = false
    planNext()
  }

  /** After a failure only the (growing) pause sends again: no storm against a struggling server. */
  function planNext() {
    if (queue.length === 0) return
    schedule(failures === 0 && queue.length >= SHIP_EAGER_SIZE ? 0 : backoff())
  }

  /** The page may be gone before an ordinary request finishes: keepalive carries what fits. */
  function flushOnLeave() {
    if (queue.length === 0) return
    void ship(queue.splice(0, keepaliveCount(queue)), true).then(planNext)
  }

  function enqueue(entry: FrontendLogEntry) {
    if (levelRank(entry.level) < levelRank(minLevel)) return
    queue.push(shippableEntry(entry))
    if (queue.length > SHIP_MAX_QUEUE) queue.splice(0, queue.length - SHIP_MAX_QUEUE)
  }

  buffer.entries().forEach(enqueue)
  const unsubscribe = buffer.subscribe((entry) => {
    if (!entry) return
    enqueue(entry)
    // A log call may come from a render: the request starts on a later tick, never inside it.
    planNext()
  })
  planNext()
  const onVisibility = () => {
    if (doc?.visibilityState === 'hidden') flushOnLeave()
  }
  view?.addEventListener('pagehide', flushOnLeave)
  doc?.addEventListener('visibilitychange', onVisibility)

  return {
    flush,
    /** Entries waiting to be shipped (for tests and the debug view). */
    pending: () => queue.length,
    stop() {
      unsubscribe()
      view?.removeEventListener('pagehide', flushOnLeave)
      doc?.removeEventListener('visibilitychange', onVisibility)
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}

export type LogShipper = ReturnType<typeof startLogShipper>
