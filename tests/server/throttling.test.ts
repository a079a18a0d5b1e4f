import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from './helpers/build.ts'
import { USERS } from './helpers/fixtures.ts'

let t: TestApp
beforeAll(async () => {
  t = await build({
    loginLimits: {
      perAccount: 3,
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
  it('locks an account after repeated failures, even for the right password, with Retry-After', async () => {
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
      trustProxy: true,
      loginLimits: {
        perAccount: 100,
        perAddressFailures: 2,
        perAddressPerMinute: 50,
        windowMs: 60_000,
      },
    })
  })
  afterAll(async () => proxied?.close())

  it('counts per forwarded client address when TRUST_PROXY is on', async () => {
    const from = (ip: string) =>
      proxied.call(null, {
        method: 'POST',
        url: '/api/v1/auth/cookie/login',
        payload: 'username=someone%40x.test&password=wrong',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      })
    expect((await from('198.51.100.1')).statusCode).toBe(401)
    expect((await from('198.51.100.1')).statusCode).toBe(401)
    expect((await from('198.51.100.1')).statusCode).toBe(429)
    expect((await from('198.51.100.2')).statusCode).toBe(401)
  })
})
