import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashRefreshToken } from '../../src/server/modules/auth/tokens.ts'
import { build, cookiesOf, type TestApp } from './helpers/build.ts'
import {
  contractOperations,
  toInject,
  validRequest,
  type ContractOperation,
} from './helpers/contract-inputs.ts'
import { PASSWORD, USERS } from './helpers/fixtures.ts'
import { responseValidator } from './helpers/spec.ts'
import { createTenantObjects, type TenantObjects } from './helpers/tenant-objects.ts'
import { sessionCalls } from './helpers/requests.ts'

/**
 * Attacks on sessions, CSRF and sign-in. sessions.test.ts already proves the basics and is not
 * repeated here: a replayed refresh token revokes its family, logout then reuse, an expired access
 * token, tampered and forged cookies, a deleted user's and a changed password's sessions.
 * throttling.test.ts proves the per-account lock and the per-address limit.
 */

const validate = responseValidator()
const ops = contractOperations()

/** The answer is the operation's, as the contract words it. */
function expectContract(operationId: string, response: LightMyRequestResponse) {
  const body = response.body ? response.json() : ''
  const type = String(response.headers['content-type'] ?? '')
  expect(validate(operationId, response.statusCode, type, body), operationId).toEqual([])
}

describe('session attacks', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await build()
  })
  afterAll(async () => t?.close())

  const me = (cookie: string) => sessionCalls(t).me(cookie)
  const refresh = (token: string) => sessionCalls(t).refresh(token)

  it('two refreshes racing with one token leave at most one live session', async () => {
    const s = await t.login(USERS.user.email)
    const answers = await Promise.all([refresh(s.refresh), refresh(s.refresh), refresh(s.refresh)])
    for (const answer of answers) expectContract('refreshSession', answer)
    const successors = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => cookiesOf(a).console_refresh!)
    let live = 0
    for (const token of successors) if ((await refresh(token)).statusCode === 200) live++
    expect(live, `${successors.length} successors issued`).toBeLessThanOrEqual(1)
  })

  it('refuses a refresh token past its expiry in the database, and clears the cookies', async () => {
    const s = await t.login(USERS.user.email)
    await t.db.query(
      "UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [hashRefreshToken(s.refresh)],
    )
    const response = await refresh(s.refresh)
    expect(response.statusCode).toBe(401)
    expectContract('refreshSession', response)
    expect(response.cookies.map((c) => [c.name, c.maxAge])).toEqual(
      expect.arrayContaining([
        ['console_access', 0],
        ['console_refresh', 0],
      ]),
    )
  })

  it('refuses an access token whose session has expired in the database', async () => {
    const s = await t.login(USERS.user.email)
    expect((await me(s.cookie)).statusCode).toBe(200)
    const [payload] = s.access.split('.')
    const { sid } = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [
      sid,
    ])
    const response = await me(s.cookie)
    expect(response.statusCode).toBe(401)
    expectContract('getCurrentUser', response)
  })

  it('refuses tokens swapped between the two cookies', async () => {
    const s = await t.login(USERS.user.email)
    expect((await me(`console_access=${s.refresh}`)).statusCode).toBe(401)
    expect((await refresh(s.access)).statusCode).toBe(401)
    // Neither attempt hurt the real session.
    expect((await me(s.cookie)).statusCode).toBe(200)
  })

  it('logout with only the access cookie also revokes the refresh token', async () => {
    const s = await t.login(USERS.user.email)
    const out = await t.call(null, {
      method: 'POST',
      url: '/api/v1/auth/cookie/logout',
      headers: { cookie: `console_access=${s.access}` },
    })
    expect(out.statusCode).toBe(204)
    const again = await refresh(s.refresh)
    expect(again.statusCode).toBe(401)
    expectContract('refreshSession', again)
  })

  it('a demotion or a move to another group applies to open sessions at once', async () => {
    const developer = await t.as('developer')
    const created = await t.call(developer, {
      method: 'POST',
      url: '/api/v1/users/',
      payload: {
        email: 'soon-demoted@demo.local',
        full_name: 'Soon Demoted',
        password: 'long-enough-password',
        role: 'admin',
        group_id: t.fx.groups.A,
      },
    })
    expect(created.statusCode).toBe(201)
    const s = await t.login('soon-demoted@demo.local', 'long-enough-password')
    const listUsers = () => t.call(s, { method: 'GET', url: '/api/v1/users/' })
    expect((await listUsers()).statusCode).toBe(200)
    const patch = (payload: object) =>
      t.call(developer, { method: 'PATCH', url: `/api/v1/users/${created.json().id}`, payload })
    expect((await patch({ role: 'user' })).statusCode).toBe(200)
    const after = await listUsers()
    // Either the session ended with the change or it carries the new role: never the old one.
    expect([401, 403]).toContain(after.statusCode)
    if (after.statusCode === 403) {
      expect((await patch({ group_id: t.fx.groups.B })).statusCode).toBe(200)
      const devices = await t.call(s, { method: 'GET', url: '/api/v1/devices/' })
      if (devices.statusCode === 200)
        for (const d of devices.json().items) expect(d.group_id).toBe(t.fx.groups.B)
      else expect(devices.statusCode).toBe(401)
    }
  })
})

describe('CSRF, for every state-changing operation of the contract', () => {
  let t: TestApp
  let objects: TenantObjects
  beforeAll(async () => {
    t = await build()
    objects = await createTenantObjects(t)
  })
  afterAll(async () => t?.close())

  const stateChanging = ops.filter((op) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method))

  /** A request that would succeed for a signed-in developer: valid body, own objects. */
  function wellFormed(op: ContractOperation): InjectOptions {
    const parts = validRequest(op, (kind) =>
      kind === 'delivery' ? objects.deliveryOf.developer : objects.ids.A[kind],
    )
    if (op.operationId === 'login') parts.body = { username: USERS.admin.email, password: PASSWORD }
    return toInject(op, parts)
  }

  /** Every row of every table, to show that no refused request changed anything. */
  async function fingerprint() {
    const { rows: tables } = await t.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
    const out: Record<string, string> = {}
    for (const { table_name } of tables) {
      const { rows } = await t.db.query<{ digest: string | null }>(
        `SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS digest FROM ${table_name} x`,
      )
      out[table_name] = rows[0]!.digest ?? ''
    }
    return out
  }

  it('covers the state-changing operations (a broken filter would find none)', () => {
    expect(stateChanging.length).toBeGreaterThanOrEqual(25)
  })

  it('refuses each without X-Request-ID (403 csrf_rejected) and changes nothing', async () => {
    const session = await t.as('developer')
    const before = await fingerprint()
    for (const op of stateChanging) {
      const request = wellFormed(op)
      for (const requestId of [undefined, '']) {
        const headers: Record<string, string> = {
          ...(request.headers as Record<string, string>),
          cookie: session.cookie,
        }
        if (requestId !== undefined) headers['x-request-id'] = requestId
        const response = await t.app.inject({ ...request, headers })
        expect(response.statusCode, `${op.operationId}: ${response.body}`).toBe(403)
        expect(response.json().code, op.operationId).toBe('csrf_rejected')
        expectContract(op.operationId, response)
      }
    }
    expect(await fingerprint()).toEqual(before)
  })

  it('refuses each from a cross-site Origin or fetch, and changes nothing', async () => {
    const session = await t.as('developer')
    const host = 'console.example.com'
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: `https://${host}.evil.example` },
      { origin: `https://${host}:8443` },
      { origin: 'null' },
      { origin: 'not a url' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    const before = await fingerprint()
    for (const op of stateChanging) {
      const request = wellFormed(op)
      for (const extra of crossSite) {
        const response = await t.call(session, {
          ...request,
          headers: { ...(request.headers as Record<string, string>), host, ...extra },
        })
        const label = `${op.operationId} ${JSON.stringify(extra)}: ${response.body}`
        expect(response.statusCode, label).toBe(403)
        expect(response.json().code, label).toBe('csrf_rejected')
      }
    }
    expect(await fingerprint()).toEqual(before)
  })

  it('lets the same requests past the CSRF check with the header and a same-site Origin', async () => {
    const host = 'console.example.com'
    for (const op of stateChanging) {
      const request = wellFormed(op)
      // No session: what stops them now must be authentication, not CSRF.
      const response = await t.call(null, {
        ...request,
        headers: {
          ...(request.headers as Record<string, string>),
          host,
          origin: `https://${host}`,
          'sec-fetch-site': 'same-origin',
        },
      })
      const body = response.body ? response.json() : {}
      expect(body.code, `${op.operationId}: ${response.body}`).not.toBe('csrf_rejected')
    }
  })
})

describe('login throttling that rotating client addresses does not dodge', () => {
  const attempt = (
    t: TestApp,
    username: string,
    password: string,
    headers: Record<string, string>,
  ) =>
    t.call(null, {
      method: 'POST',
      url: '/api/v1/auth/cookie/login',
      payload: new URLSearchParams({ username, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    })
  const spoofed = (i: number) => ({
    'x-forwarded-for': `203.0.113.${i}, 10.0.0.${i}`,
    'x-real-ip': `198.51.100.${i}`,
    forwarded: `for=192.0.2.${i}`,
  })

  it('without a trusted proxy, forwarded addresses are ignored: spraying many accounts hits the address limit', async () => {
    const t = await build({
      loginLimits: {
        perAccount: 100,
        accountUnderAttack: 100,
        perAddressFailures: 5,
        perAddressPerMinute: 100,
        windowMs: 60_000,
      },
    })
    try {
      for (let i = 0; i < 5; i++) {
        const response = await attempt(t, `sprayed-${i}@demo.local`, 'Winter2026!', spoofed(i))
        expect(response.statusCode).toBe(401)
      }
      const next = await attempt(t, USERS.admin2.email, PASSWORD, spoofed(99))
      expect(next.statusCode).toBe(429)
      expect(Number(next.headers['retry-after'])).toBeGreaterThan(0)
      expectContract('login', next)
      expect(next.cookies).toHaveLength(0)
    } finally {
      await t.close()
    }
  })

  // throttling.test.ts shows a client's own X-Forwarded-For entries are not its address behind
  // a trusted proxy; here every guess really comes from another address (a botnet).
  it('behind a trusted proxy, a new address per guess puts the account under attack: the addresses that failed are refused', async () => {
    const t = await build({
      trustProxy: 'loopback',
      loginLimits: {
        perAccount: 3,
        accountUnderAttack: 3,
        perAddressFailures: 100,
        perAddressPerMinute: 100,
        windowMs: 60_000,
      },
    })
    try {
      for (let i = 0; i < 3; i++) {
        const response = await attempt(t, USERS.user.email, `guess-${i}`, spoofed(i))
        expect(response.statusCode).toBe(401)
      }
      // A guessing address is refused on this account, even with the right password.
      const locked = await attempt(t, USERS.user.email, PASSWORD, spoofed(1))
      expect(locked.statusCode).toBe(429)
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
      expectContract('login', locked)
      expect(locked.cookies).toHaveLength(0)
      // The owner, from an address that has not failed, is not locked out.
      expect((await attempt(t, USERS.user.email, PASSWORD, spoofed(50))).statusCode).toBe(200)
      // Another account from a fresh address is not affected.
      expect((await attempt(t, USERS.admin.email, PASSWORD, spoofed(51))).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
