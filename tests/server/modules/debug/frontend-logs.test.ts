import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LogResponse } from '~/api/__generated__/types.gen.ts'
import { FrontendLogLimiter } from '~/server/modules/debug/frontend-logs.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { USERS } from '../../helpers/fixtures.ts'
import { responseValidator } from '../../helpers/spec.ts'

const validate = responseValidator()

/** A batch of `count` ERROR entries tagged `marker`, each message about `size` characters long. */
const batch = (marker: string, count = 1, size = 100) => ({
  entries: Array.from({ length: count }, (_, i) => ({
    timestamp: new Date().toISOString(),
    level: 'ERROR',
    logger: 'console',
    message: `${marker} #${i} ${'x'.repeat(size)}`,
  })),
})

const post = (t: TestApp, session: Session, body: ReturnType<typeof batch>) =>
  t.call(session, {
    method: 'POST',
    url: '/api/v1/debug/frontend-logs',
    payload: body,
    headers: { 'content-type': 'application/json' },
  })

/** A 429 as the contract says, with a wait in Retry-After; its detail. */
function refusal(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(429)
  const body = response.json()
  expect(validate('postFrontendLogs', 429, String(response.headers['content-type']), body)).toEqual(
    [],
  )
  expect(body.code).toBe('rate_limited')
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
  return body.detail
}

/** Frontend log entries the log viewer finds for `search` (all rotated files included). */
async function found(t: TestApp, search: string): Promise<string[]> {
  const response = await t.call(await t.as('developer'), {
    method: 'GET',
    url: `/api/v1/debug/logs?source=frontend&limit=500&search=${encodeURIComponent(search)}`,
  })
  expect(response.statusCode).toBe(200)
  return (response.json() as LogResponse).entries.map((e) => e.message.split(' ')[0]!)
}

describe('frontend log: per-session rate and byte limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await build({ frontendLogLimits: { batchesPerMinute: 3, bytesPerMinute: 10_000 } })
  })
  afterAll(async () => t?.close())

  it('refuses batches past the rate with 429 and Retry-After, and writes none of them', async () => {
    const session = await t.as('user')
    for (const n of [1, 2, 3])
      expect((await post(t, session, batch(`RATE-${n}`))).statusCode).toBe(202)
    expect(refusal(await post(t, session, batch('RATE-4')))).toMatch(/from this session/)
    expect(await found(t, 'RATE-')).toEqual(['RATE-3', 'RATE-2', 'RATE-1'])
    // The limit is the session's: another sign-in of the same user, or another user, may send.
    const again = await t.login(USERS.user.email)
    expect((await post(t, again, batch('RATE-5'))).statusCode).toBe(202)
    expect((await post(t, await t.as('user2'), batch('RATE-6'))).statusCode).toBe(202)
  })

  it('refuses a session that sent its bytes for the minute, even in few batches', async () => {
    const session = await t.as('admin')
    // One batch may pass the allowance (any batch the contract accepts can go); the next waits.
    expect((await post(t, session, batch('BYTES-1', 20, 600))).statusCode).toBe(202)
    expect(refusal(await post(t, session, batch('BYTES-2')))).toMatch(/try again in \d+ seconds/)
    expect(await found(t, 'BYTES-2')).toEqual([])
  })
})

describe("frontend log: one user's volume cannot evict other users' entries", () => {
  let t: TestApp
  beforeAll(async () => {
    // Small files, one rotated predecessor: ~32 KB of frontend entries reach the viewer.
    t = await build({ logRotation: { maxBytes: 16 * 1024, maxFiles: 1 } })
  })
  afterAll(async () => t?.close())

  it('keeps a real error report through a flood from many sessions of one user', async () => {
    expect((await post(t, await t.as('user2'), batch('REAL-REPORT'))).statusCode).toBe(202)
    // 3 sessions of one user, 10 batches each of ~7 KB: ~210 KB, within every session's limits.
    const sessions = [
      await t.as('user'),
      await t.login(USERS.user.email),
      await t.login(USERS.user.email),
    ]
    const answers = []
    for (let round = 0; round < 10; round++) {
      for (const session of sessions) answers.push(await post(t, session, batch('FLOOD', 10, 500)))
    }
    expect(await found(t, 'REAL-REPORT')).toEqual(['REAL-REPORT'])
    // A user may fill a tenth of the file (1.6 KB): the first batch crossed it, the rest waits.
    expect(answers.map((a) => a.statusCode)).toEqual([202, ...Array(29).fill(429)])
    expect(refusal(answers.at(-1)!)).toMatch(/share of the frontend log/)
    // The viewer still shows what the flooding user was allowed to write.
    expect(await found(t, 'FLOOD')).toHaveLength(10)
    // Other users keep their own share.
    expect((await post(t, await t.as('admin'), batch('OTHER'))).statusCode).toBe(202)
  })

  it("gives a user's share back when the file rotates", async () => {
    const flooder = await t.as('user')
    expect(refusal(await post(t, flooder, batch('LATER')))).toMatch(/until the file rotates/)
    // Other users' entries fill the file until it rotates (each ~7 KB is over a tenth).
    for (const user of ['admin', 'admin2', 'developer', 'superuser'] as const) {
      expect((await post(t, await t.as(user), batch('FILL', 10, 500))).statusCode).toBe(202)
    }
    await t.app.logs.flushed()
    expect((await post(t, flooder, batch('LATER'))).statusCode).toBe(202)
  })
})

describe('FrontendLogLimiter', () => {
  it('refills continuously and says how long to wait', () => {
    let now = 0
    const limiter = new FrontendLogLimiter({ batchesPerMinute: 3, bytesPerMinute: 1000 }, () => now)
    for (let n = 0; n < 3; n++) {
      expect(limiter.waitSeconds('s')).toBe(0)
      limiter.spend('s', 100)
    }
    expect(limiter.waitSeconds('s')).toBe(20)
    expect(limiter.waitSeconds('other')).toBe(0)
    now += 20_000
    expect(limiter.waitSeconds('s')).toBe(0)
    now += 60_000
    // One batch of 1,500 bytes passes (any batch may) and costs half a minute over the allowance.
    limiter.spend('s', 1500)
    now += 1_500
    expect(limiter.waitSeconds('s')).toBe(29)
  })
})
