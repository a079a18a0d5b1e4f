import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { IngestLimits } from '../config.ts'
import { HttpError } from '../lib/http-errors.ts'
import type { OperationId } from '../permissions.ts'

/** The operations that share the ingest gate. */
const INGEST: ReadonlySet<OperationId> = new Set(['bulkPushReadings'])

/** A full queue clears in about this long at the default limits. */
const RETRY_AFTER_SECONDS = 5

type Turn = 'entered' | 'full' | 'timed_out'

/** At most `maxConcurrent` holders; up to `maxQueued` waiters, first come first served. */
export class Gate {
  #active = 0
  readonly #waiting: Array<() => void> = []
  constructor(readonly limits: IngestLimits) {}

  get stats() {
    return { active: this.#active, queued: this.#waiting.length }
  }

  enter(): Promise<Turn> {
    if (this.#active < this.limits.maxConcurrent) {
      this.#active++
      return Promise.resolve('entered')
    }
    if (this.#waiting.length >= this.limits.maxQueued) return Promise.resolve('full')
    return new Promise((resolve) => {
      const turn = () => {
        clearTimeout(timer)
        resolve('entered')
      }
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(turn), 1)
        resolve('timed_out')
      }, this.limits.queueTimeoutMs)
      this.#waiting.push(turn)
    })
  }

  /** Hands the slot to the next waiter, if any. */
  leave(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#active--
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    ingestGate: Gate
  }
}

const refusal = (turn: Exclude<Turn, 'entered'>) =>
  turn === 'full'
    ? new HttpError(
        429,
        `Too many bulk pushes in progress, try again in ${RETRY_AFTER_SECONDS} seconds`,
        'rate_limited',
        'Wait before pushing again, or push fewer batches at once.',
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      )
    : new HttpError(
        503,
        'Bulk pushes are queued longer than allowed; the server is busy',
        'service_unavailable',
        'Try again in a few seconds.',
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      )

/**
 * Bulk ingest takes a turn at the gate after sign-in and before its body is read, so a burst of
 * 5 MB pushes neither fills memory nor stretches every push until all time out: the overflow is
 * refused at once (429) or after a bounded wait (503). The turn ends when the answer is sent.
 */
export function ingestLimit(app: FastifyInstance, limits: IngestLimits): void {
  const gate = new Gate(limits)
  const holding = new WeakSet<FastifyRequest>()
  app.decorate('ingestGate', gate)
  const enter = async (request: FastifyRequest) => {
    if (!request.actor) return
    const turn = await gate.enter()
    if (turn !== 'entered') throw refusal(turn)
    holding.add(request)
  }
  const release = async (request: FastifyRequest) => {
    if (holding.delete(request)) gate.leave()
  }
  // Route hooks, so other requests pay nothing; they run after the app's (sign-in first).
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: OperationId } | undefined)?.operationId
    if (!operationId || !INGEST.has(operationId)) return
    route.onRequest = [route.onRequest ?? []].flat().concat(enter)
    // Whichever comes first: onSend also runs when the client has gone away mid-push.
    route.onSend = [route.onSend ?? []].flat().concat(release)
    route.onResponse = [route.onResponse ?? []].flat().concat(release)
  })
}
