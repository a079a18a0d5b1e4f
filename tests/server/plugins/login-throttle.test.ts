import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '~/server/config.ts'
import { build, type TestApp } from '../helpers/build.ts'
import { PASSWORD, USERS } from '../helpers/fixtures.ts'
import { replica, type Replica } from '../helpers/replica.ts'
import { expectContract } from '../helpers/spec.ts'

let t: TestApp
beforeAll(async () => {
  t = await build({
    loginLimits: {
      perAccount: 3,
      accountUnderAttack: 100,
      perAddressFailures: 6,
      perAddressPerMinute: 20,
      windowMs: 60_000,
    },
  })
})
afterAll(async () => t?.close())

const attempt = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.call(null, {
    method: 'POST',
    url: '/api/v1/auth/cookie/login',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  })

describe('login throttling', () => {
  it('locks an account at an address after repeated failures there, even for the right password, with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt(USERS.user.email, 'wrong-password')).statusCode).toBe(401)
    const locked = await attempt(USERS.user.email, 'demo-password')
    expect(locked.statusCode).toBe(429)
    expect(locked.json().code).toBe('rate_limited')
    const retryAfter = Number(locked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // Upper case does not make a new account.
    expect((await attempt(USERS.user.email.toUpperCase(), 'demo-password')).statusCode).toBe(429)
  })

  it('limits failures per client address across accounts, and X-Forwarded-For does not dodge it', async () => {
    const accounts = ['a1@x.test', 'a2@x.test', 'a3@x.test']
    let refused = 0
    for (let i = 0; i < 6; i++) {
      const response = await attempt(accounts[i % 3]!, 'wrong', {
        'x-forwarded-for': `10.0.0.${i}`,
      })
      if (response.statusCode === 429) refused++
    }
    // 3 failures from the earlier test + these: the address limit (6) is reached.
    expect(refused).toBeGreaterThan(0)
    const next = await attempt(USERS.admin2.email, 'demo-password', {
      'x-forwarded-for': '192.0.2.77',
    })
    expect(next.statusCode).toBe(429)
    expect(next.headers['retry-after']).toBeDefined()
  })
})

describe('login throttling behind a trusted proxy', () => {
  let proxied: TestApp
  beforeAll(async () => {
    proxied = await build({
      trustProxy: 'loopback',
      loginLimits: {
        perAccount: 100,
        accountUnderAttack: 100,
        perAddressFailures: 2,
        perAddressPerMinute: 50,
        windowMs: 60_000,
      },
    })
  })
  afterAll(async () => proxied?.close())

  const from = (forwardedFor: string) =>
    proxied.call(null, {
      method: 'POST',
      url: '/api/v1/auth/cookie/login',
      payload: 'username=someone%40x.test&password=wrong',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': forwardedFor,
      },
    })

  it('counts per client address as the trusted proxy saw it', async () => {
    expect((await from('198.51.100.1')).statusCode).toBe(401)
    expect((await from('198.51.100.1')).statusCode).toBe(401)
    expect((await from('198.51.100.1')).statusCode).toBe(429)
    expect((await from('198.51.100.2')).statusCode).toBe(401)
  })

  it('is not dodged by a client rotating its own X-Forwarded-For entries', async () => {
    // The proxy appends the address it saw; whatever the client wrote stays to the left.
    expect((await from('203.0.113.1, 198.51.100.3')).statusCode).toBe(401)
    expect((await from('203.0.113.2, 198.51.100.3')).statusCode).toBe(401)
    const third = await from('203.0.113.3, 10.9.9.9, 198.51.100.3')
    expect(third.statusCode).toBe(429)
    expect(third.headers['retry-after']).toBeDefined()
  })

  it('refuses TRUST_PROXY settings that would let a client choose its address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/)
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY=1/)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 10.1.0.2' }).trustProxy).toBe(
      '10.0.0.0/8, 10.1.0.2',
    )
    expect(loadConfig({}).trustProxy).toBe(false)
  })
})

describe('a stranger cannot lock the owner out', () => {
  let proxied: TestApp
  beforeAll(async () => {
    proxied = await build({
      trustProxy: 'loopback',
      loginLimits: {
        perAccount: 3,
        accountUnderAttack: 6,
        perAddressFailures: 100,
        perAddressPerMinute: 100,
        windowMs: 60_000,
      },
    })
  })
  afterAll(async () => proxied?.close())

  const from = (address: string, username: string, password: string) =>
    proxied.call(null, {
      method: 'POST',
      url: '/api/v1/auth/cookie/login',
      payload: new URLSearchParams({ username, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    })

  it("counts an account's failures per address: the attacker is stopped, the owner signs in", async () => {
    const attacker = '203.0.113.66'
    for (let i = 0; i < 3; i++)
      expect((await from(attacker, USERS.user.email, `guess-${i}`)).statusCode).toBe(401)
    const stopped = await from(attacker, USERS.user.email, 'demo-password')
    expect(stopped.statusCode).toBe(429)
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0)
    // The owner, elsewhere: a typo, then the right password.
    expect((await from('198.51.100.20', USERS.user.email, 'demo-pasword')).statusCode).toBe(401)
    expect((await from('198.51.100.20', USERS.user.email, 'demo-password')).statusCode).toBe(200)
    // The owner's success does not forgive the attacker's failures.
    expect((await from(attacker, USERS.user.email, 'guess-4')).statusCode).toBe(429)
  })

  it('gives many addresses one guess each once the account is under attack, and the owner still signs in', async () => {
    const bot = (i: number) => `192.0.2.${i}`
    // Six addresses fail once each: the account is under attack (accountUnderAttack 6).
    for (let i = 1; i <= 6; i++)
      expect((await from(bot(i), USERS.admin2.email, `guess-${i}`)).statusCode).toBe(401)
    // An address that failed is refused now, even with the right password...
    expect((await from(bot(1), USERS.admin2.email, 'demo-password')).statusCode).toBe(429)
    // ...a new one gets one guess...
    expect((await from(bot(7), USERS.admin2.email, 'guess-7')).statusCode).toBe(401)
    expect((await from(bot(7), USERS.admin2.email, 'guess-8')).statusCode).toBe(429)
    // ...and the owner, from an address that has not failed, signs in.
    expect((await from('198.51.100.30', USERS.admin2.email, 'demo-password')).statusCode).toBe(200)
    // Other accounts are not under attack.
    expect((await from(bot(1), USERS.admin.email, 'demo-password')).statusCode).toBe(200)
  })
})

describe('login throttling shared by replicas on one database', () => {
  let a: TestApp
  let b: Replica
  beforeAll(async () => {
    a = await build({
      loginLimits: {
        perAccount: 3,
        accountUnderAttack: 100,
        perAddressFailures: 100,
        perAddressPerMinute: 100,
        windowMs: 60_000,
      },
    })
    b = await replica(a)
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  const login = (via: 'a' | 'b', username: string, password: string) =>
    (via === 'a' ? a.call.bind(a) : b.call)(null, {
      method: 'POST',
      url: '/api/v1/auth/cookie/login',
      payload: new URLSearchParams({ username, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })

  it('counts failures made through either app against one limit', async () => {
    expect((await login('a', USERS.user.email, 'wrong-1')).statusCode).toBe(401)
    expect((await login('b', USERS.user.email, 'wrong-2')).statusCode).toBe(401)
    expect((await login('a', USERS.user.email, 'wrong-3')).statusCode).toBe(401)
    expect((await login('b', USERS.user.email, 'demo-password')).statusCode).toBe(429)
    expect((await login('a', USERS.user.email, 'demo-password')).statusCode).toBe(429)
  })

  it('counts guesses sent in parallel to both apps before any of them is answered', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        login(i % 2 ? 'a' : 'b', USERS.admin2.email, `guess-${i}`),
      ),
    )
    const codes = answers.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 401)).toHaveLength(3)
    expect(codes.filter((c) => c === 429)).toHaveLength(7)
  })

  it('forgets an account’s failures after the right password, on every app', async () => {
    expect((await login('a', USERS.user2.email, 'wrong')).statusCode).toBe(401)
    expect((await login('b', USERS.user2.email, 'wrong')).statusCode).toBe(401)
    expect((await login('a', USERS.user2.email, 'demo-password')).statusCode).toBe(200)
    expect((await login('b', USERS.user2.email, 'wrong')).statusCode).toBe(401)
    expect((await login('a', USERS.user2.email, 'wrong')).statusCode).toBe(401)
    expect((await login('b', USERS.user2.email, 'demo-password')).statusCode).toBe(200)
  })
})

describe('login throttling that rotating client addresses does not dodge', () => {
  const attemptOn = (
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
        const response = await attemptOn(t, `sprayed-${i}@demo.local`, 'Winter2026!', spoofed(i))
        expect(response.statusCode).toBe(401)
      }
      const next = await attemptOn(t, USERS.admin2.email, PASSWORD, spoofed(99))
      expect(next.statusCode).toBe(429)
      expect(Number(next.headers['retry-after'])).toBeGreaterThan(0)
      expectContract('login', next)
      expect(next.cookies).toHaveLength(0)
    } finally {
      await t.close()
    }
  })

  // 'login throttling behind a trusted proxy' shows a client's own X-Forwarded-For entries are
  // not its address; here every guess really comes from another address (a botnet).
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
        const response = await attemptOn(t, USERS.user.email, `guess-${i}`, spoofed(i))
        expect(response.statusCode).toBe(401)
      }
      // A guessing address is refused on this account, even with the right password.
      const locked = await attemptOn(t, USERS.user.email, PASSWORD, spoofed(1))
      expect(locked.statusCode).toBe(429)
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
      expectContract('login', locked)
      expect(locked.cookies).toHaveLength(0)
      // The owner, from an address that has not failed, is not locked out.
      expect((await attemptOn(t, USERS.user.email, PASSWORD, spoofed(50))).statusCode).toBe(200)
      // Another account from a fresh address is not affected.
      expect((await attemptOn(t, USERS.admin.email, PASSWORD, spoofed(51))).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
