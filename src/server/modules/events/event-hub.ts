import type { ServerResponse } from 'node:http'
import type { TenantScope } from '~/server/context.ts'
import type { Database, Subscription } from '~/server/db/database.ts'
import { AUTH_CHANGED } from '~/server/plugins/session-cache.ts'
import type { LiveEvents } from '~/common/live-events.ts'
import { LIVE_CHANNEL, type WireEvent } from './live-events.ts'

export interface EventHubOptions {
  /** Events kept for Last-Event-ID replay, all tenants together. @default 20_000 */
  replayEvents?: number
  /** How long they are kept. @default 120_000 (2 minutes) */
  replayMs?: number
  /** Least time between two flushes: a device's readings reach a stream at most 1000/x per second. @default 200 */
  flushMs?: number
  /** A comment line keeps idle streams open through proxies this often. @default 15_000 */
  heartbeatMs?: number
  /** Every stream's credential is checked again this often (revoked API keys). @default 60_000 */
  verifyMs?: number
  /** A stream with more than this waiting to be sent is a slow client: dropped. @default 1 MiB */
  maxBufferedBytes?: number
  now?: () => number
}

/** One open stream: whose, what it may see, where it writes. */
export interface StreamSubscriber {
  userId: string
  scope: TenantScope
  response: ServerResponse
  /** Whether the credential still holds with the same role and group. */
  verify(): Promise<boolean>
}

interface Entry {
  event: WireEvent
  at: number
}

type WireName = WireEvent['t']
type WireOf<T extends WireName> = Extract<WireEvent, { t: T }>

/** Each announced event's `data` as the contract has it (`LiveEvents`, src/common). */
const DATA: { [T in WireName]: (event: WireOf<T>) => LiveEvents[T] } = {
  // A reading's time comes as toISOString() writes it (migration 027).
  reading: (e) => ({ device_id: e.d, timestamp: e.ts, kwh: e.k, source: e.s }),
  'device.status': (e) => ({
    device_id: e.d,
    status: e.st as LiveEvents['device.status']['status'],
    last_seen: e.ls === null ? null : new Date(e.ls).toISOString(),
  }),
  notification: (e) => ({ notification_id: e.n, unread_count: e.c }),
  'notifications.read': (e) => ({ unread_count: e.c }),
  alarm: (e) => ({
    alarm_id: e.a,
    device_id: e.d,
    state: e.st as LiveEvents['alarm']['state'],
  }),
  'device.changed': (e) => ({ device_id: e.d }),
  'device.deleted': (e) => ({ device_id: e.d }),
}

/** What a stream is sent: the event's name and its `data`, serialised once for every stream. */
function frame(event: WireEvent): string {
  const data = (DATA[event.t] as (e: WireEvent) => unknown)(event)
  return `event: ${event.t}\ndata: ${JSON.stringify(data)}\n\n`
}

/** Whether a subscriber's scope lets it see an event (the tenant rule of every other call). */
function visible(subscriber: StreamSubscriber, event: WireEvent): boolean {
  if (event.t === 'notification' || event.t === 'notifications.read')
    return event.u === subscriber.userId
  const scope = subscriber.scope
  if (scope.all) return true
  return event.g === scope.groupId || (event.t === 'device.changed' && event.og === scope.groupId)
}

const resetFrame = (reason: string) => `event: reset\ndata: ${JSON.stringify({ reason })}\n\n`

/**
 * The live stream's fan-out in one process (issue 23). Every change is announced on LIVE_CHANNEL
 * when it commits (database triggers, see live-events.ts); this process hears it like every other
 * replica does, on PGlite and PostgreSQL alike (one code path), keeps it for replay, and sends
 * each open stream what its scope may see.
 *
 * - Bursts: events are sent in flushes at least `flushMs` apart; within one, a device's readings
 *   collapse to its newest. A bulk push of 10,000 readings is one event per device.
 * - Replay: every replica hears the events in commit order (one listening connection each, not
 *   the pooled ones that hear their own commits early) with ids from one sequence, so an id names
 *   the same place everywhere; a client reconnecting to any replica gets what followed it, or
 *   `reset`.
 * - Slow clients are dropped, idle streams get a heartbeat, streams end on `closeAll` (shutdown),
 *   and when their session or key no longer holds.
 */
export class EventHub {
  readonly #options: Required<EventHubOptions>
  readonly #streams = new Map<ServerResponse, StreamSubscriber>()
  /** The replay buffer: `#log[k]` has position `#dropped + k`; ids map to positions. */
  #log: Entry[] = []
  #dropped = 0
  readonly #positions = new Map<number, number>()
  /** The id of the last event sent out (0: none yet). */
  #flushedId = 0
  #pending: WireEvent[] = []
  #lastFlush = 0
  #flushTimer: NodeJS.Timeout | undefined
  #timers: NodeJS.Timeout[] = []
  #subscriptions: Subscription[] = []
  #closed = false
  /** Figures for the bench and the logs. */
  readonly stats = { received: 0, flushes: 0, dropped: 0, opened: 0 }

  constructor(options: EventHubOptions = {}) {
    this.#options = {
      replayEvents: 20_000,
      replayMs: 120_000,
      flushMs: 200,
      heartbeatMs: 15_000,
      verifyMs: 60_000,
      maxBufferedBytes: 1024 * 1024,
      now: Date.now,
      ...options,
    }
  }

  get size(): number {
    return this.#streams.size
  }

  /** Whether replay works now: while the listener is down, events may be missed. */
  get listening(): boolean {
    return this.#subscriptions.length > 0 && this.#subscriptions.every((s) => s.active)
  }

  async start(db: Database): Promise<void> {
    this.#subscriptions.push(
      await db.listen(LIVE_CHANNEL, (payload) => this.#receive(payload), { inCommitOrder: true }),
      await db.listen(AUTH_CHANGED, (userId) => this.#recheck(userId)),
    )
    const heartbeat = setInterval(() => this.#heartbeat(), this.#options.heartbeatMs)
    const verify = setInterval(() => this.#recheck(undefined), this.#options.verifyMs)
    heartbeat.unref()
    verify.unref()
    this.#timers.push(heartbeat, verify)
  }

  /** Ends every stream (shutdown: clients reconnect to another replica) and stops listening. */
  async close(): Promise<void> {
    this.#closed = true
    this.closeAll()
    for (const timer of this.#timers) clearInterval(timer)
    clearTimeout(this.#flushTimer)
    const subscriptions = this.#subscriptions
    this.#subscriptions = []
    await Promise.all(subscriptions.map((s) => s.close().catch(() => {})))
  }

  /** Ends every open stream cleanly (the client reconnects with its Last-Event-ID). */
  closeAll(): void {
    for (const response of [...this.#streams.keys()]) this.#end(response)
  }

  /**
   * Opens a stream: the replay after `lastEventId` (or `reset`), else the current position,
   * then everything that follows.
   */
  open(subscriber: StreamSubscriber, lastEventId: string | undefined): void {
    const { response } = subscriber
    if (this.#closed) {
      response.end()
      return
    }
    this.stats.opened++
    this.#streams.set(response, subscriber)
    response.on('close', () => this.#streams.delete(response))
    let first = 'retry: 2000\n\n'
    if (lastEventId !== undefined) first += this.#replay(subscriber, lastEventId)
    else if (this.#flushedId > 0) first += `id: ${this.#flushedId}\n\n`
    this.#write(response, first)
  }

  /** What a reconnecting stream missed, as frames ending with the position; or a reset. */
  #replay(subscriber: StreamSubscriber, lastEventId: string): string {
    const id = /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : NaN
    if (id === this.#flushedId) return ''
    const position = this.#positions.get(id)
    // Only what was sent out: pending events follow in the next flush.
    const end = this.#positions.get(this.#flushedId)
    if (position === undefined || end === undefined || position > end)
      return `${resetFrame('Last-Event-ID is not within the replay window')}id: ${this.#flushedId}\n\n`
    const missed = this.#log
      .slice(position - this.#dropped + 1, end - this.#dropped + 1)
      .map((e) => e.event)
    return (
      coalesce(missed)
        .filter((event) => visible(subscriber, event))
        .map(frame)
        .join('') + `id: ${this.#flushedId}\n\n`
    )
  }

  #receive(payload: string | undefined): void {
    if (payload === undefined) {
      // The listener lost its connection: what was announced meanwhile is gone. Every stream
      // is told to refetch, and replay across the gap is impossible.
      this.#forgetHistory()
      for (const response of this.#streams.keys())
        this.#write(response, resetFrame('Events may have been missed'))
      return
    }
    let events: WireEvent[]
    try {
      events = JSON.parse(payload) as WireEvent[]
    } catch {
      return
    }
    if (!Array.isArray(events)) return
    const at = this.#options.now()
    for (const event of events) {
      // An id is kept once, however often it is heard.
      if (this.#positions.has(event.i)) continue
      this.stats.received++
      this.#positions.set(event.i, this.#dropped + this.#log.length)
      this.#log.push({ event, at })
      this.#pending.push(event)
    }
    this.#trim(at)
    this.#schedule()
  }

  #forgetHistory(): void {
    this.#dropped += this.#log.length
    this.#log = []
    this.#positions.clear()
  }

  /** Keeps the last `replayEvents`, at most `replayMs` old (but always the newest). */
  #trim(now: number): void {
    const { replayEvents, replayMs } = this.#options
    let cut = 0
    while (
      cut < this.#log.length - 1 &&
      (this.#log.length - cut > replayEvents || this.#log[cut]!.at < now - replayMs)
    )
      cut++
    // Removing from the front costs a copy: done in batches.
    if (cut < 512 && this.#log.length - cut <= replayEvents * 1.1) return
    for (const { event } of this.#log.slice(0, cut)) this.#positions.delete(event.i)
    this.#log = this.#log.slice(cut)
    this.#dropped += cut
  }

  #schedule(): void {
    if (this.#flushTimer || this.#pending.length === 0) return
    const wait = Math.max(0, this.#lastFlush + this.#options.flushMs - this.#options.now())
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = undefined
      this.#flush()
    }, wait)
  }

  #flush(): void {
    const events = coalesce(this.#pending)
    const lastId = this.#pending[this.#pending.length - 1]?.i
    this.#pending = []
    this.#lastFlush = this.#options.now()
    if (lastId === undefined) return
    this.#flushedId = lastId
    this.stats.flushes++
    const frames = events.map(frame)
    const tail = `id: ${lastId}\n\n`
    for (const [response, subscriber] of this.#streams) {
      let chunk = ''
      for (let k = 0; k < events.length; k++)
        if (visible(subscriber, events[k]!)) chunk += frames[k]!
      if (chunk) this.#write(response, chunk + tail)
    }
  }

  #heartbeat(): void {
    const chunk = this.#flushedId > 0 ? `: ping\nid: ${this.#flushedId}\n\n` : ': ping\n\n'
    for (const response of this.#streams.keys()) this.#write(response, chunk)
  }

  /** Checks the streams of one user (their sessions or account changed), or all. */
  #recheck(userId: string | undefined): void {
    for (const [response, subscriber] of this.#streams) {
      if (userId !== undefined && subscriber.userId !== userId) continue
      subscriber.verify().then(
        (ok) => ok || this.#end(response),
        () => {}, // the database is unreachable: keep the stream, check again later
      )
    }
  }

  /** Writes, or drops a client that does not read what it was sent. */
  #write(response: ServerResponse, chunk: string): void {
    if (response.writableEnded || response.destroyed) return
    if (response.writableLength > this.#options.maxBufferedBytes) {
      this.stats.dropped++
      this.#streams.delete(response)
      response.destroy()
      return
    }
    response.write(chunk)
  }

  #end(response: ServerResponse): void {
    this.#streams.delete(response)
    if (!response.writableEnded) response.end()
  }
}

/**
 * Events in order, a device's readings collapsed to its newest (by timestamp, in the place of
 * the last one heard).
 */
export function coalesce(events: readonly WireEvent[]): WireEvent[] {
  const newest = new Map<string, number>()
  for (let k = 0; k < events.length; k++) {
    const event = events[k]!
    if (event.t !== 'reading') continue
    const seen = newest.get(event.d)
    const kept = seen === undefined ? undefined : (events[seen] as typeof event)
    newest.set(event.d, kept && kept.ts > event.ts ? seen! : k)
  }
  if (newest.size === 0) return [...events]
  const keep = new Set(newest.values())
  return events.filter((event, k) => event.t !== 'reading' || keep.has(k))
}
