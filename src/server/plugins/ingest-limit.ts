import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { IngestLimits } from '../config.ts'
import type { TenantScope } from '../context.ts'
import { HttpError } from '../lib/http-errors.ts'
import type { OperationId } from '../permissions.ts'
import { scopeOf } from './session-auth.ts'
import fp from 'fastify-plugin'

/** The operations that share the ingest gate. */
const INGEST: ReadonlySet<OperationId> = new Set(['bulkPushReadings', 'ingestDeviceReadings'])

/** A full queue clears in about this long at the default limits. */
const RETRY_AFTER_SECONDS = 5

/** `full`: no room in the queue, or the push gave its place to a tenant with fewer waiting. */
type Turn = 'entered' | 'full' | 'timed_out'

interface Waiter {
  /** Arrival order: among lanes holding as many turns, the longest-waiting head goes first. */
  seq: number
  resolve: (turn: Turn) => void
  timer: ReturnType<typeof setTimeout>
}

/** One tenant's turns at the gate: those running and those waiting (first come first served). */
interface Lane {
  active: number
  waiting: Waiter[]
  /** When the lane last got a turn (a count of turns given), -1 never: ties go round robin. */
  served: number
}

/**
 * The tenant a push is counted against: the group it writes to. Every account of a tenant shares
 * one lane (ten admins get no more than one), a developer or superuser pushing with X-Group-ID
 * uses that group's lane, and their unscoped pushes (any group) share one lane of their own.
 * Device tokens and MQTT will push as a device's group, so they fall in the same lanes.
 */
export const tenantOf = (scope: TenantScope): string =>
  scope.all ? '*' : (scope.groupId ?? 'no-group')

/**
 * At most `maxConcurrent` turns at once and `maxQueued` waiting, shared fairly between tenants:
 * one tenant runs at most all turns but one (`perTenant`), a freed turn goes to the waiting
 * tenant running the fewest (round robin among equals),
 * and a push arriving at a full queue takes the place of the newest waiter of the tenant holding
 * the most turns (that push is refused instead), unless its own tenant holds as many. One tenant
 * can fill the queue while it is alone, yet another tenant's push starts at once, or, with a
 * single turn, after the running push.
 */
export class Gate {
  #active = 0
  #queued = 0
  #seq = 0
  #turns = 0
  /** Only tenants with a turn running or waiting: at most maxConcurrent + maxQueued lanes. */
  readonly #lanes = new Map<string, Lane>()
  constructor(readonly limits: IngestLimits) {}

  get stats() {
    return { active: this.#active, queued: this.#queued }
  }

  /** One tenant's share: running and waiting. */
  statsOf(tenant: string) {
    const lane = this.#lanes.get(tenant)
    return { active: lane?.active ?? 0, queued: lane?.waiting.length ?? 0 }
  }

  /**
   * Turns one tenant may run at once: all but one, so another tenant's push starts at once
   * rather than behind the database's queue of the flood (PGlite runs one push at a time).
   */
  get perTenant() {
    return Math.max(1, this.limits.maxConcurrent - 1)
  }

  enter(tenant = ''): Promise<Turn> {
    const lane = this.#lane(tenant)
    if (this.#active < this.limits.maxConcurrent && lane.active < this.perTenant) {
      this.#active++
      this.#take(lane)
      return Promise.resolve('entered')
    }
    if (this.#queued >= this.limits.maxQueued && !this.#makeRoomFor(lane)) {
      this.#dropIfIdle(tenant, lane)
      return Promise.resolve('full')
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        seq: this.#seq++,
        resolve,
        timer: setTimeout(() => {
          lane.waiting.splice(lane.waiting.indexOf(waiter), 1)
          this.#queued--
          this.#dropIfIdle(tenant, lane)
          resolve('timed_out')
        }, this.limits.queueTimeoutMs),
      }
      lane.waiting.push(waiter)
      this.#queued++
    })
  }

  /** Hands the tenant's turn to the next waiter of the fairest lane, if any. */
  leave(tenant = ''): void {
    const lane = this.#lanes.get(tenant)
    if (!lane) return
    lane.active--
    this.#active--
    this.#dropIfIdle(tenant, lane)
    // A tenant at its own limit may have left a turn free that its leaving one now may take.
    for (let next = this.#nextLane(); next; next = this.#nextLane()) {
      const waiter = next.waiting.shift()!
      this.#queued--
      this.#active++
      this.#take(next)
      clearTimeout(waiter.timer)
      waiter.resolve('entered')
    }
  }

  #lane(tenant: string): Lane {
    let lane = this.#lanes.get(tenant)
    if (!lane) this.#lanes.set(tenant, (lane = { active: 0, waiting: [], served: -1 }))
    return lane
  }

  #take(lane: Lane) {
    lane.active++
    lane.served = this.#turns++
  }

  #dropIfIdle(tenant: string, lane: Lane) {
    if (lane.active === 0 && lane.waiting.length === 0) this.#lanes.delete(tenant)
  }

  /**
   * When a turn is free, the waiting lane under its limit running the fewest turns; among equals,
   * the one served longest ago.
   */
  #nextLane(): Lane | undefined {
    if (this.#active >= this.limits.maxConcurrent) return undefined
    let best: Lane | undefined
    for (const lane of this.#lanes.values()) {
      if (lane.waiting.length === 0 || lane.active >= this.perTenant) continue
      if (!best || Gate.#before(lane, best)) best = lane
    }
    return best
  }

  static #before(a: Lane, b: Lane): boolean {
    if (a.active !== b.active) return a.active < b.active
    if (a.served !== b.served) return a.served < b.served
    return a.waiting[0]!.seq < b.waiting[0]!.seq
  }

  /**
   * Refuses the newest waiter of the tenant holding the most turns (running and waiting) when it
   * holds at least two more than `lane` would, so that the arrival can wait in its place.
   */
  #makeRoomFor(lane: Lane): boolean {
    const load = (l: Lane) => l.active + l.waiting.length
    let victim: [string, Lane] | undefined
    for (const entry of this.#lanes) {
      if (entry[1].waiting.length > 0 && (!victim || load(entry[1]) > load(victim[1])))
        victim = entry
    }
    if (!victim || load(victim[1]) <= load(lane) + 1) return false
    const [tenant, other] = victim
    const waiter = other.waiting.pop()!
    this.#queued--
    clearTimeout(waiter.timer)
    waiter.resolve('full')
    this.#dropIfIdle(tenant, other)
    return true
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
 * Turns are shared per tenant (Gate), so one tenant's flood cannot lock the others out.
 */
export const ingestLimit = fp<IngestLimits>(
  async function ingestLimit(app: FastifyInstance, limits: IngestLimits) {
    const gate = new Gate(limits)
    const holding = new WeakMap<FastifyRequest, string>()
    app.decorate('ingestGate', gate)
    const enter = async (request: FastifyRequest) => {
      if (!request.actor) return
      const tenant = tenantOf(scopeOf(request, request.actor))
      const turn = await gate.enter(tenant)
      if (turn === 'full') app.load?.refused()
      if (turn !== 'entered') throw refusal(turn)
      holding.set(request, tenant)
    }
    const release = async (request: FastifyRequest) => {
      const tenant = holding.get(request)
      if (tenant === undefined) return
      holding.delete(request)
      gate.leave(tenant)
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
  },
  { name: 'ingest-limit', dependencies: ['session-auth'] },
)
