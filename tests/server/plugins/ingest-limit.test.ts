import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '~/server/db/database.ts'
import { Gate } from '~/server/plugins/ingest-limit.ts'
import { build, type Session, type TestApp } from '../helpers/build.ts'

let t: TestApp
let admin: Session
/** While set, every tenant transaction waits for it: a database too busy to answer. */
let stall: Promise<void> | undefined
beforeAll(async () => {
  t = await build({ ingestLimits: { maxConcurrent: 1, maxQueued: 1, queueTimeoutMs: 60_000 } })
  admin = await t.as('admin')
  const db = t.db as { transaction: Database['transaction'] }
  const transaction = db.transaction.bind(t.db)
  db.transaction = async (scope, fn) => {
    if (scope.kind === 'tenant') await stall
    return transaction(scope, fn)
  }
})
afterAll(async () => t?.close())

let minute = 0
const push = (session: Session | null = admin) =>
  t.call(session, {
    method: 'POST',
    url: '/api/v1/devices/bulk_push',
    payload: {
      items: [
        {
          device_id: t.fx.devicesOf.A[1],
          timestamp: new Date(Date.UTC(2026, 0, 1, 0, minute++)).toISOString(),
          kwh: minute,
        },
      ],
    },
    headers: { 'content-type': 'application/json' },
  })

describe('bulk push overload protection', () => {
  it('runs the allowed pushes, queues the next, and refuses the rest with 429 and Retry-After', async () => {
    let go!: () => void
    stall = new Promise((resolve) => (go = resolve))
    const running = push()
    const queued = push()
    await vi.waitFor(() => expect(t.app.ingestGate.stats).toEqual({ active: 1, queued: 1 }))
    const refused = await push()
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Other operations are not held back by the ingest queue.
    const list = await t.call(admin, { method: 'GET', url: '/api/v1/users/me' })
    expect(list.statusCode).toBe(200)
    stall = undefined
    go()
    expect((await running).statusCode).toBe(200)
    expect((await queued).statusCode).toBe(200)
    expect(t.app.ingestGate.stats).toEqual({ active: 0, queued: 0 })
    expect((await push()).statusCode).toBe(200)
  })

  it('gives the turn back when a push fails, and ignores anonymous callers', async () => {
    const bad = await t.call(admin, {
      method: 'POST',
      url: '/api/v1/devices/bulk_push',
      payload: { items: [] },
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.statusCode).toBe(422)
    expect((await push(null)).statusCode).toBe(401)
    expect(t.app.ingestGate.stats).toEqual({ active: 0, queued: 0 })
  })
})

describe('bulk push queue timeout', () => {
  let slow: TestApp
  beforeAll(async () => {
    slow = await build({ ingestLimits: { maxConcurrent: 1, maxQueued: 5, queueTimeoutMs: 200 } })
  })
  afterAll(async () => slow?.close())

  it('answers 503 with Retry-After to a push that waited too long for its turn', async () => {
    const session = await slow.as('admin')
    const db = slow.db as { transaction: Database['transaction'] }
    const transaction = db.transaction.bind(slow.db)
    let go!: () => void
    const held = new Promise<void>((resolve) => (go = resolve))
    db.transaction = async (scope, fn) => {
      if (scope.kind === 'tenant') await held
      return transaction(scope, fn)
    }
    const body = (minute: number) => ({
      method: 'POST' as const,
      url: '/api/v1/devices/bulk_push',
      payload: {
        items: [
          {
            device_id: slow.fx.devicesOf.A[1],
            timestamp: `2026-02-01T00:0${minute}:00Z`,
            kwh: minute,
          },
        ],
      },
      headers: { 'content-type': 'application/json' },
    })
    const running = slow.call(session, body(1))
    await vi.waitFor(() => expect(slow.app.ingestGate.stats.active).toBe(1))
    const waited = await slow.call(session, body(2))
    expect(waited.statusCode).toBe(503)
    expect(waited.json().code).toBe('service_unavailable')
    expect(Number(waited.headers['retry-after'])).toBeGreaterThan(0)
    go()
    expect((await running).statusCode).toBe(200)
    expect(slow.app.ingestGate.stats).toEqual({ active: 0, queued: 0 })
  })
})

describe('bulk push fairness between tenants', () => {
  let fair: TestApp
  /** The tenant (fixture group key) of each push as it reaches the database, in order. */
  const reached: string[] = []
  /** While set, group A's pushes wait for it at the database: a noisy tenant's long pushes. */
  let holdA: Promise<void> | undefined
  beforeAll(async () => {
    fair = await build({ ingestLimits: { maxConcurrent: 1, maxQueued: 2, queueTimeoutMs: 60_000 } })
    const db = fair.db as { transaction: Database['transaction'] }
    const transaction = db.transaction.bind(fair.db)
    db.transaction = async (scope, fn) => {
      if (scope.kind === 'tenant') {
        const a = scope.groupId === fair.fx.groups.A
        reached.push(a ? 'A' : 'B')
        if (a) await holdA
      }
      return transaction(scope, fn)
    }
  })
  afterAll(async () => fair?.close())

  const pushTo = (session: Session, device: string, n: number) =>
    fair.call(session, {
      method: 'POST',
      url: '/api/v1/devices/bulk_push',
      payload: { items: [{ device_id: device, timestamp: `2026-03-01T00:0${n}:00Z`, kwh: n }] },
      headers: { 'content-type': 'application/json' },
    })

  it("takes a quiet tenant's push while a noisy one fills the gate, and runs it next", async () => {
    const noisy = await fair.as('admin')
    const quiet = await fair.as('admin2')
    let go!: () => void
    holdA = new Promise((resolve) => (go = resolve))
    const a = fair.fx.devicesOf.A[1]!
    const running = pushTo(noisy, a, 1)
    await vi.waitFor(() => expect(reached).toEqual(['A']))
    const second = pushTo(noisy, a, 2)
    const third = pushTo(noisy, a, 3)
    await vi.waitFor(() => expect(fair.app.ingestGate.stats).toEqual({ active: 1, queued: 2 }))
    const single = pushTo(quiet, fair.fx.devicesOf.B[0]!, 1)
    try {
      // The noisy tenant's newest waiter gives its place up, not the quiet tenant's only push.
      const first = await Promise.race([
        third.then((r) => ['noisy', r.statusCode, r.headers['retry-after']]),
        single.then((r) => ['quiet', r.statusCode, r.headers['retry-after']]),
      ])
      expect(first).toEqual(['noisy', 429, expect.stringMatching(/^[1-9]\d*$/)])
      expect(fair.app.ingestGate.statsOf(fair.fx.groups.B)).toEqual({ active: 0, queued: 1 })
    } finally {
      holdA = undefined
      go()
    }
    expect((await running).statusCode).toBe(200)
    expect((await single).statusCode).toBe(200)
    expect((await second).statusCode).toBe(200)
    // The quiet push waited for one running push only, ahead of the noisy tenant's queue.
    expect(reached).toEqual(['A', 'B', 'A'])
    expect(fair.app.ingestGate.stats).toEqual({ active: 0, queued: 0 })
  })
})

describe('Gate', () => {
  it('hands turns over first come first served and times out a waiter that waits too long', async () => {
    vi.useFakeTimers()
    try {
      const gate = new Gate({ maxConcurrent: 1, maxQueued: 2, queueTimeoutMs: 1000 })
      expect(await gate.enter()).toBe('entered')
      const second = gate.enter()
      const third = gate.enter()
      expect(await gate.enter()).toBe('full')
      gate.leave()
      expect(await second).toBe('entered')
      vi.advanceTimersByTime(1000)
      expect(await third).toBe('timed_out')
      expect(gate.stats).toEqual({ active: 1, queued: 0 })
      gate.leave()
      expect(gate.stats).toEqual({ active: 0, queued: 0 })
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps a turn free for other tenants, and gives a freed turn to the one running the fewest', async () => {
    const gate = new Gate({ maxConcurrent: 3, maxQueued: 4, queueTimeoutMs: 60_000 })
    const order: string[] = []
    const wait = (tenant: string) =>
      gate.enter(tenant).then((turn) => turn === 'entered' && order.push(tenant))
    expect(await gate.enter('a')).toBe('entered')
    expect(await gate.enter('a')).toBe('entered')
    // a may run all turns but one: its third waits, and b takes the last turn at once.
    const waiting = [wait('a')]
    expect(await gate.enter('b')).toBe('entered')
    waiting.push(wait('b'), wait('c'))
    expect(gate.stats).toEqual({ active: 3, queued: 3 })
    gate.leave('a') // a and b run one each, c none
    gate.leave('b') // a runs one, b none: b's turn before a's
    gate.leave('c') // only a waits
    await Promise.all(waiting)
    expect(order).toEqual(['c', 'b', 'a'])
    expect(gate.statsOf('a')).toEqual({ active: 2, queued: 0 })
  })

  it("refuses the busiest tenant's newest waiter to make room, but not to swap places", async () => {
    const gate = new Gate({ maxConcurrent: 1, maxQueued: 2, queueTimeoutMs: 60_000 })
    expect(await gate.enter('a')).toBe('entered')
    const a2 = gate.enter('a')
    const a3 = gate.enter('a')
    const b1 = gate.enter('b')
    expect(await Promise.race([a3, b1.then((turn) => `b ${turn}`)])).toBe('full')
    // b holds one turn, a two: making room again would only swap them, so b is refused.
    expect(await gate.enter('b')).toBe('full')
    expect(gate.stats).toEqual({ active: 1, queued: 2 })
    gate.leave('a')
    expect(await b1).toBe('entered')
    gate.leave('b')
    expect(await a2).toBe('entered')
    gate.leave('a')
    expect(gate.stats).toEqual({ active: 0, queued: 0 })
  })
})
