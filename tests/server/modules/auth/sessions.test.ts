import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashRefreshToken, signAccessToken } from '~/server/modules/auth/tokens.ts'
import { build, cookieHeader, cookiesOf, type Session, type TestApp } from '../../helpers/build.ts'
import { USERS } from '../../helpers/fixtures.ts'
import { replica } from '../../helpers/replica.ts'
import { sessionCalls } from '../../helpers/requests.ts'
import { expectContract } from '../../helpers/spec.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

const me = (cookie: string) => sessionCalls(t).me(cookie)
const refresh = (token: string) => sessionCalls(t).refresh(token)
const logout = (cookie: string) =>
  t.call(null, { method: 'POST', url: '/api/v1/auth/cookie/logout', headers: { cookie } })

/** An account that `by` creates, signed in: its id and session. */
async function newSignedInUser(
  by: Session,
  fields: { email: string; role: 'admin' | 'user'; group_id?: string },
) {
  const password = 'long-enough-password'
  const created = await t.call(by, {
    method: 'POST',
    url: '/api/v1/users/',
    payload: { full_name: 'Temp', password, ...fields },
  })
  expect(created.statusCode, created.body).toBe(201)
  return { id: created.json().id as string, session: await t.login(fields.email, password) }
}

describe('login', () => {
  it('sets httpOnly, SameSite=Lax cookies with the refresh token scoped to /api/v1/auth', async () => {
    const response = await t.call(null, {
      method: 'POST',
      url: '/api/v1/auth/cookie/login',
      payload: `username=${encodeURIComponent(USERS.admin.email.toUpperCase())}&password=demo-password`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().user).toMatchObject({
      email: USERS.admin.email,
      role: 'admin',
      group_id: t.fx.groups.A,
    })
    const access = response.cookies.find((c) => c.name === 'console_access')!
    const refreshCookie = response.cookies.find((c) => c.name === 'console_refresh')!
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 1800 })
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' })
    // APP_ENV=test is not development: cookies are Secure.
    expect(access.secure).toBe(true)
    expect(refreshCookie.secure).toBe(true)
  })

  it('answers wrong password and unknown account the same way, in about the same time', async () => {
    // At a cost where scrypt dominates (2^14), both paths must verify one hash of that cost.
    t.app.config.scryptLogN = 14
    try {
      const created = await t.call(await t.as('admin'), {
        method: 'POST',
        url: '/api/v1/users/',
        payload: {
          email: 'timing@demo.local',
          full_name: 'Timing',
          password: 'long-enough-password',
          role: 'user',
        },
      })
      expect(created.statusCode).toBe(201)
      const attempt = async (username: string) => {
        const started = performance.now()
        const response = await t.call(null, {
          method: 'POST',
          url: '/api/v1/auth/cookie/login',
          payload: new URLSearchParams({ username, password: 'not-the-password' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
        return { response, ms: performance.now() - started }
      }
      // Interleaved, medians of seven: a skipped hash would be ~20x faster, noise is not.
      const runs: Record<'known' | 'unknown', Awaited<ReturnType<typeof attempt>>[]> = {
        known: [],
        unknown: [],
      }
      await attempt('nobody@demo.local') // makes the dummy hash of this cost
      for (let i = 0; i < 7; i++) {
        runs.known.push(await attempt('timing@demo.local'))
        runs.unknown.push(await attempt('nobody@demo.local'))
      }
      const median = (list: typeof runs.known) => [...list].sort((a, b) => a.ms - b.ms)[3]!
      const known = median(runs.known)
      const unknown = median(runs.unknown)
      expect(known.response.statusCode).toBe(401)
      expect(unknown.response.statusCode).toBe(401)
      expect(unknown.response.json()).toEqual(known.response.json())
      expect(known.response.json().detail).toBe('Invalid email or password')
      expect(known.response.cookies).toHaveLength(0)
      const ratio = unknown.ms / known.ms
      expect(
        ratio,
        `known ${known.ms.toFixed(1)} ms, unknown ${unknown.ms.toFixed(1)} ms`,
      ).toBeGreaterThan(0.25)
      expect(
        ratio,
        `known ${known.ms.toFixed(1)} ms, unknown ${unknown.ms.toFixed(1)} ms`,
      ).toBeLessThan(4)
    } finally {
      t.app.config.scryptLogN = 10
    }
  })

  it('returns the signed-in user from /users/me with a lower-case role', async () => {
    const s = await t.as('developer')
    const response = await me(s.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      email: USERS.developer.email,
      role: 'developer',
      group_id: null,
    })
    expect(response.json()).toHaveProperty('full_name')
  })
})

describe('session attacks', () => {
  let session: Session
  beforeAll(async () => {
    session = await t.login(USERS.user.email)
  })

  it('rotates the refresh token; replaying a used one revokes the whole family', async () => {
    const first = await refresh(session.refresh)
    expect(first.statusCode).toBe(200)
    const rotated = cookiesOf(first)
    expect(rotated.console_refresh).toBeDefined()
    expect(rotated.console_refresh).not.toBe(session.refresh)
    expect((await me(cookieHeader({ console_access: rotated.console_access }))).statusCode).toBe(
      200,
    )

    const replay = await refresh(session.refresh)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('invalid_refresh_token')
    // The thief's replay also ended the legitimate session: new token and access token are dead.
    expect((await refresh(rotated.console_refresh!)).statusCode).toBe(401)
    expect((await me(cookieHeader({ console_access: rotated.console_access }))).statusCode).toBe(
      401,
    )
    expect((await me(session.cookie)).statusCode).toBe(401)
  })

  it('logout revokes server-side: the old access and refresh tokens stop working', async () => {
    const s = await t.login(USERS.user.email)
    expect((await me(s.cookie)).statusCode).toBe(200)
    const out = await logout(s.cookie)
    expect(out.statusCode).toBe(204)
    expect(out.cookies.map((c) => [c.name, c.maxAge])).toEqual(
      expect.arrayContaining([
        ['console_access', 0],
        ['console_refresh', 0],
      ]),
    )
    expect((await me(s.cookie)).statusCode).toBe(401)
    expect((await refresh(s.refresh)).statusCode).toBe(401)
    expect((await logout(s.cookie)).statusCode).toBe(401)
  })

  it('logout works with only the refresh cookie (access token expired)', async () => {
    const s = await t.login(USERS.user.email)
    expect((await logout(`console_refresh=${s.refresh}`)).statusCode).toBe(204)
    expect((await me(s.cookie)).statusCode).toBe(401)
  })

  it('refuses an expired access token', async () => {
    const s = await t.login(USERS.user.email)
    const [payload] = s.access.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const expired = signAccessToken(
      { ...claims, exp: Math.floor(Date.now() / 1000) - 1 },
      t.app.sessionSecret,
    )
    const response = await me(`console_access=${expired}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      code: 'not_authenticated',
      detail: 'Session expired or invalid',
    })
    // ...which the client answers with a refresh:
    expect((await refresh(s.refresh)).statusCode).toBe(200)
  })

  it('refuses tampered and forged cookies', async () => {
    const s = await t.login(USERS.user.email)
    const [payload, signature] = s.access.split('.') as [string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: t.fx.users.developer })).toString(
      'base64url',
    )
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA')
    for (const token of [
      `${forged}.${signature}`,
      `${payload}.${flipped}`,
      `${payload}`,
      'garbage',
      `${payload}.${signature}.x`,
      '',
    ]) {
      expect((await me(`console_access=${token}`)).statusCode, token).toBe(401)
    }
    const otherSecret = signAccessToken(
      { ...claims, sub: t.fx.users.developer },
      Buffer.alloc(32, 7),
    )
    expect((await me(`console_access=${otherSecret}`)).statusCode).toBe(401)
    expect((await refresh('not-a-token')).statusCode).toBe(401)
    expect((await refresh('')).statusCode).toBe(401)
  })

  it('ends the sessions of a deleted user at once', async () => {
    const admin = await t.as('admin')
    const { id, session: s } = await newSignedInUser(admin, {
      email: 'temp@demo.local',
      role: 'user',
    })
    expect((await me(s.cookie)).statusCode).toBe(200)
    expect((await t.call(admin, { method: 'DELETE', url: `/api/v1/users/${id}` })).statusCode).toBe(
      204,
    )
    expect((await me(s.cookie)).statusCode).toBe(401)
    expect((await refresh(s.refresh)).statusCode).toBe(401)
  })

  it('a password change keeps this session and ends the others', async () => {
    const mine = await t.login(USERS.user2.email)
    const other = await t.login(USERS.user2.email)
    const change = await t.call(mine, {
      method: 'POST',
      url: '/api/v1/users/me/password',
      payload: { current_password: 'demo-password', new_password: 'a-brand-new-password' },
    })
    expect(change.statusCode).toBe(204)
    expect((await me(mine.cookie)).statusCode).toBe(200)
    expect((await me(other.cookie)).statusCode).toBe(401)
    await expect(t.login(USERS.user2.email)).rejects.toThrow(/401/)
    await t.login(USERS.user2.email, 'a-brand-new-password')
  })

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

  it('a move to another group applies to open sessions at once', async () => {
    const developer = await t.as('developer')
    const { id, session: s } = await newSignedInUser(developer, {
      email: 'soon-moved@demo.local',
      role: 'admin',
      group_id: t.fx.groups.A,
    })
    const groupsSeen = async () => {
      const devices = await t.call(s, { method: 'GET', url: '/api/v1/devices/' })
      expect(devices.statusCode).toBe(200)
      return new Set(devices.json().items.map((d: { group_id: string }) => d.group_id))
    }
    expect(await groupsSeen()).toEqual(new Set([t.fx.groups.A]))
    const move = await t.call(developer, {
      method: 'PATCH',
      url: `/api/v1/users/${id}`,
      payload: { group_id: t.fx.groups.B },
    })
    expect(move.statusCode).toBe(200)
    expect(await groupsSeen()).toEqual(new Set([t.fx.groups.B]))
  })
})

describe('the session cache', () => {
  const sessionLookups = () => {
    let count = 0
    const db = t.db as { query: typeof t.db.query }
    const query = db.query
    db.query = ((sql: string, params?: readonly unknown[]) => {
      if (sql.includes('JOIN sessions s')) count++
      return query.call(t.db, sql, params)
    }) as typeof query
    return { count: () => count, restore: () => void (db.query = query) }
  }

  it('asks the database once for a session used again and again', async () => {
    const s = await t.login(USERS.user.email)
    const lookups = sessionLookups()
    try {
      for (let i = 0; i < 5; i++) expect((await me(s.cookie)).statusCode).toBe(200)
      expect(lookups.count()).toBe(1)
    } finally {
      lookups.restore()
    }
  })

  it('shows a changed name, and a password change ends the other signed-in sessions at once', async () => {
    const mine = await t.login(USERS.admin2.email)
    const other = await t.login(USERS.admin2.email)
    expect((await me(other.cookie)).statusCode).toBe(200)
    const renamed = await t.call(mine, {
      method: 'PATCH',
      url: `/api/v1/users/${t.fx.users.admin2}`,
      payload: { full_name: 'Ada Admin' },
    })
    expect(renamed.statusCode).toBe(200)
    expect((await me(other.cookie)).json().full_name).toBe('Ada Admin')
    const change = await t.call(mine, {
      method: 'POST',
      url: '/api/v1/users/me/password',
      payload: { current_password: 'demo-password', new_password: 'demo-password' },
    })
    expect(change.statusCode).toBe(204)
    expect((await me(other.cookie)).statusCode).toBe(401)
    expect((await me(mine.cookie)).statusCode).toBe(200)
  })

  it('a role change reaches the permission check at once', async () => {
    const admin = await t.as('admin')
    const { id, session: promoted } = await newSignedInUser(admin, {
      email: 'promoted@demo.local',
      role: 'admin',
    })
    const listUsers = () => t.call(promoted, { method: 'GET', url: '/api/v1/users/' })
    expect((await listUsers()).statusCode).toBe(200)
    // Demoted by another admin: this session ends with the old powers.
    const demote = await t.call(admin, {
      method: 'PATCH',
      url: `/api/v1/users/${id}`,
      payload: { role: 'user' },
    })
    expect(demote.statusCode).toBe(200)
    expect((await listUsers()).statusCode).toBe(401)
  })

  it('a logout through one replica ends the session on the others', async () => {
    const other = await replica(t)
    try {
      const s = await t.login(USERS.user.email)
      const meOn = (cookie: string) =>
        other.call(null, { method: 'GET', url: '/api/v1/users/me', headers: { cookie } })
      expect((await meOn(s.cookie)).statusCode).toBe(200)
      expect((await meOn(s.cookie)).statusCode).toBe(200)
      expect((await logout(s.cookie)).statusCode).toBe(204)
      // The other replica hears of it when the database tells it (at once on one PGlite).
      await vi.waitFor(async () => expect((await meOn(s.cookie)).statusCode).toBe(401), {
        timeout: 5000,
        interval: 20,
      })
    } finally {
      await other.close()
    }
  })
})
