import type { QueryClient } from '@tanstack/react-query'
import { streamEvents } from '~/api'
import { applyLiveEvent, createInvalidator } from './live-cache'

/** `connecting` until the stream answers; `live` while it is open; `offline` between attempts. */
export type LiveState =
  { status: 'connecting' } | { status: 'live' } | { status: 'offline'; retryAt: number }

export interface LiveConnectionOptions {
  queryClient: QueryClient
  onState?: (state: LiveState) => void
  /** First wait after a failure; doubles up to `maxDelayMs`, with jitter. @default 1_000 */
  baseDelayMs?: number
  /** @default 30_000 */
  maxDelayMs?: number
  /** The server sends a heartbeat every 15 s: silence this long means the stream is dead. @default 45_000 */
  idleMs?: number
  /** @default streamEvents of the generated SDK */
  connect?: typeof streamEvents
  now?: () => number
}

/** A stream open this long was working: its end is not a failure. */
const STEADY_MS = 5_000

export interface LiveConnection {
  /** Skips the wait and reconnects now (the indicator's button). */
  retryNow(): void
  close(): void
}

/**
 * One live event stream (GET /api/v1/events) for this tab, through the generated SSE client (so
 * cookies, the group header and the 401 refresh of src/api/client.ts apply). The generated client
 * stops when the server ends a stream and backs off without limit; this loop reconnects at once
 * after a clean end (a server shutting down), with growing backoff after failures, and sends the
 * last event id so the server replays what was missed (or says `reset`).
 */
export function openLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const {
    queryClient,
    onState = () => {},
    baseDelayMs = 1_000,
    maxDelayMs = 30_000,
    idleMs = 45_000,
    connect = streamEvents,
    now = Date.now,
  } = options
  const invalidator = createInvalidator()
  let closed = false
  let lastEventId: string | undefined
  let attempt: AbortController | undefined
  let wake: (() => void) | undefined
  let hadStream = false

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      wake = done
    })

  async function once(): Promise<boolean> {
    const abort = new AbortController()
    attempt = abort
    let opened = false
    let idle: ReturnType<typeof setTimeout> | undefined
    const alive = () => {
      clearTimeout(idle)
      idle = setTimeout(() => abort.abort(), idleMs)
    }
    try {
      const { stream } = await connect({
        signal: abort.signal,
        headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {},
        sseMaxRetryAttempts: 1,
        onSseEvent: (event) => {
          if (!opened) {
            opened = true
            // A stream reopened without a position cannot be replayed: refetch what is shown.
            if (hadStream && !lastEventId) applyLiveEvent(queryClient, invalidator, 'reset', {})
            hadStream = true
            onState({ status: 'live' })
          }
          alive()
          if (event.id) lastEventId = event.id
          if (event.event && event.data !== undefined)
            applyLiveEvent(queryClient, invalidator, event.event, event.data)
        },
        onSseError: () => {},
      })
      alive()
      // Events arrive through onSseEvent; the loop only waits for the stream to end.
      for await (const _ of stream) void _
    } catch {
      // A failed connection: back off below.
    } finally {
      clearTimeout(idle)
    }
    return opened
  }

  void (async () => {
    let failures = 0
    while (!closed) {
      onState({ status: 'connecting' })
      const started = now()
      const opened = await once()
      if (closed) break
      // After a stream that lasted, the first retry is immediate (a replica shutting down ended
      // it; another answers); streams that end at once back off like failures.
      failures = opened && now() - started > STEADY_MS ? 0 : failures + 1
      const delay =
        failures === 0
          ? 0
          : Math.min(maxDelayMs, baseDelayMs * 2 ** (failures - 1)) * (0.75 + Math.random() / 2)
      if (delay > 0) {
        onState({ status: 'offline', retryAt: now() + delay })
        await sleep(delay)
      }
    }
  })()

  return {
    retryNow: () => wake?.(),
    close() {
      closed = true
      attempt?.abort()
      wake?.()
      invalidator.dispose()
    },
  }
}
