import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../src/server/db/database.ts'
import { Gate } from '../../src/server/plugins/ingest-limit.ts'
import { build, type Session, type TestApp } from './helpers/build.ts'

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
})
