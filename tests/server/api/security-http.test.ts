import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { build, cookiesOf, type Session, type TestApp } from '../helpers/build.ts'
import { PASSWORD, USERS } from '../helpers/fixtures.ts'

/**
 * Security headers on everything the server answers (the console's pages and assets, and the API
 * whatever the outcome), and session secrets never written to a log or a JSON body. Every fuzzed
 * answer is checked for the headers too (security-fuzz.test.ts).
 */

let t: TestApp
let spaDir: string

beforeAll(async () => {
  // A stand-in for the built console: the headers come from the server, not from the build.
  spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-spa-'))
  fs.mkdirSync(path.join(spaDir, 'assets'))
  fs.writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Console</title>')
  fs.writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js'), 'console.log(1)')
  // Trace level: whatever the server logs at its most talkative must still hold no secret.
  t = await build({ logLevel: 'trace' }, { spa: true, spaDir })
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(spaDir, { recursive: true, force: true })
})

/** CSP directives, whatever their separator (helmet writes `a;b`, the hand-written headers `a; b`). */
const directives = (csp: unknown) => String(csp ?? '').split(/;\s*/)

const CONSOLE_CSP = directives(
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
)
const API_CSP = directives("default-src 'none'; frame-ancestors 'none'; sandbox")

/** The headers the server sent before @fastify/helmet, value for value: helmet may add, not loosen. */
const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  // APP_ENV=test is not development: HSTS is on.
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string, api: boolean) {
  const h = response.headers
  for (const [name, value] of Object.entries(EVERY_ANSWER))
    expect(h[name], `${label}: ${name}`).toBe(value)
  expect(directives(h['content-security-policy']), label).toEqual(api ? API_CSP : CONSOLE_CSP)
  if (api) expect(h['cache-control'], label).toBe('no-store')
}

describe('security headers', () => {
  it('leave out HSTS in development only', async () => {
    const dev = await build({ appEnv: 'development' })
    try {
      const response = await dev.app.inject({ method: 'GET', url: '/api/v1/groups/' })
      expect(response.headers['strict-transport-security']).toBeUndefined()
      expect(response.headers['x-frame-options']).toBe('DENY')
    } finally {
      await dev.close()
    }
  })

  it('are on the console: index, client routes, assets and malformed URLs', async () => {
    for (const url of [
      '/',
      '/login',
      '/devices/123/consumption?view=weekly',
      '/assets/index-abc123.js',
    ]) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expectSecurityHeaders(response, url, false)
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.headers['cache-control']).toContain('immutable')
    const page = await t.app.inject({ method: 'GET', url: '/users' })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['cache-control']).toBe('no-cache')
    const broken = await t.app.inject({ method: 'GET', url: '/%ZZ' })
    expect(broken.statusCode).toBe(400)
    expectSecurityHeaders(broken, 'malformed console URL', false)
  })

  it('are on every kind of API answer: success, each error, and what the router refuses', async () => {
    const admin = await t.as('admin')
    const cases: Array<[string, Session | null, InjectOptions, number]> = [
      ['200', admin, { method: 'GET', url: '/api/v1/users/me' }, 200],
      [
        '204',
        await t.login(USERS.user.email),
        { method: 'POST', url: '/api/v1/auth/cookie/logout' },
        204,
      ],
      ['401', null, { method: 'GET', url: '/api/v1/devices/' }, 401],
      [
        '403 csrf',
        admin,
        { method: 'POST', url: '/api/v1/devices/', headers: { origin: 'https://evil.example' } },
        403,
      ],
      ['403 role', admin, { method: 'GET', url: '/api/v1/debug/system-info' }, 403],
      ['404 route', admin, { method: 'GET', url: '/api/v1/nothing-here' }, 404],
      [
        '404 object',
        admin,
        { method: 'GET', url: '/api/v1/devices/7c9e6679-7425-40de-944b-e07fc1f90ae7' },
        404,
      ],
      ['404 overlong id', admin, { method: 'GET', url: `/api/v1/devices/${'x'.repeat(300)}` }, 404],
      ['400 malformed URL', admin, { method: 'GET', url: '/api/v1/devices/%ZZ' }, 400],
      [
        '400 malformed JSON',
        admin,
        {
          method: 'POST',
          url: '/api/v1/devices/',
          payload: '{',
          headers: { 'content-type': 'application/json' },
        },
        400,
      ],
      [
        '415',
        admin,
        {
          method: 'POST',
          url: '/api/v1/devices/',
          payload: 'x',
          headers: { 'content-type': 'text/plain' },
        },
        415,
      ],
      ['422', admin, { method: 'GET', url: '/api/v1/devices/?limit=-1' }, 422],
    ]
    for (const [label, session, request, status] of cases) {
      const response = await t.call(session, request)
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status)
      expectSecurityHeaders(response, label, true)
      expect(response.headers['x-request-id'], label).toBeTruthy()
    }
  })
})

describe('request ids', () => {
  it('echoes X-Request-ID on successes and errors, and logs it on every line of the request', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { 'x-request-id': 'req-abc-123' },
    })
    expect(ok.statusCode).toBe(401)
    expect(ok.headers['x-request-id']).toBe('req-abc-123')
    const junk = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { 'x-request-id': 'bad id with spaces\n' },
    })
    expect(junk.statusCode).toBe(404)
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    await t.app.logs.flushed()
    const lines = fs
      .readFileSync(`${t.dataDir}/logs/main.log`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const mine = lines.filter((l) => l.request_id === 'req-abc-123')
    expect(mine.length).toBeGreaterThan(0)
    expect(mine[0]).toMatchObject({
      logger: 'http',
      method: 'GET',
      endpoint: '/api/v1/users/me',
      status: 401,
    })
    expect(mine[0].timestamp).toBeDefined()
  })

  it('answers unknown API routes 404 with the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'not_found' })
    expect(typeof response.json().detail).toBe('string')
  })
})

describe('session secrets', () => {
  it('never appear in a log file or a JSON answer after sign-in, refresh, failures and sign-out', async () => {
    const bodies: string[] = []
    const secrets: string[] = [PASSWORD]
    const send = async (request: InjectOptions, cookie?: string) => {
      const response = await t.call(null, {
        ...request,
        headers: { ...(cookie ? { cookie } : {}), ...request.headers },
      })
      bodies.push(response.body)
      return response
    }
    const form = (password: string) => ({
      method: 'POST' as const,
      url: '/api/v1/auth/cookie/login',
      payload: new URLSearchParams({ username: USERS.admin2.email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const wrong = 'wrong-password-that-must-not-be-logged'
    secrets.push(wrong)
    expect((await send(form(wrong))).statusCode).toBe(401)
    const login = await send(form(PASSWORD))
    expect(login.statusCode).toBe(200)
    const first = cookiesOf(login)
    secrets.push(first.console_access!, first.console_refresh!)
    const cookie = `console_access=${first.console_access}; console_refresh=${first.console_refresh}`
    expect((await send({ method: 'GET', url: '/api/v1/users/me' }, cookie)).statusCode).toBe(200)
    const refreshed = await send({ method: 'POST', url: '/api/v1/auth/refresh' }, cookie)
    expect(refreshed.statusCode).toBe(200)
    const second = cookiesOf(refreshed)
    secrets.push(second.console_access!, second.console_refresh!)
    // A replay and a tampered token are logged as failures: without the token.
    expect((await send({ method: 'POST', url: '/api/v1/auth/refresh' }, cookie)).statusCode).toBe(
      401,
    )
    const tampered = `${second.console_access!.slice(0, -4)}AAAA`
    secrets.push(tampered)
    expect(
      (await send({ method: 'GET', url: '/api/v1/users/me' }, `console_access=${tampered}`))
        .statusCode,
    ).toBe(401)
    const newPassword = 'a-new-password-never-logged'
    secrets.push(newPassword)
    const third = await t.login(USERS.user2.email)
    secrets.push(third.access, third.refresh)
    const change = await send(
      {
        method: 'POST',
        url: '/api/v1/users/me/password',
        payload: { current_password: PASSWORD, new_password: newPassword },
      },
      third.cookie,
    )
    expect(change.statusCode).toBe(204)
    const out = await send({ method: 'POST', url: '/api/v1/auth/cookie/logout' }, third.cookie)
    expect(out.statusCode).toBe(204)

    for (const body of bodies)
      for (const secret of secrets)
        expect(body.includes(secret), `a body holds ${secret}`).toBe(false)

    const logs = await logText(t, out.headers['x-request-id'] as string)
    expect(logs.length).toBeGreaterThan(0)
    for (const secret of secrets) {
      // The signature half of a token is the secret part: look for it alone as well.
      for (const part of [secret, ...secret.split('.').filter((p) => p.length >= 16)])
        expect(logs.includes(part), `the logs hold ${part}`).toBe(false)
    }
    expect(logs).not.toMatch(/console_(access|refresh)=/)
    expect(logs).not.toMatch(/"cookie"\s*:/i)
    expect(logs).not.toMatch(/"password"\s*:/i)
  })
})

/** Every log file under the data directory, once the line of `requestId` has reached disk. */
async function logText(app: TestApp, requestId: string): Promise<string> {
  const read = () => {
    const files = fs.readdirSync(app.dataDir, { recursive: true, encoding: 'utf8' })
    return files
      .filter((f) => /\.log(\.\d+)?$/.test(f) && !f.startsWith('pglite'))
      .map((f) => fs.readFileSync(path.join(app.dataDir, f), 'utf8'))
      .join('\n')
  }
  // The files are written asynchronously: wait for the last request's line, not for a time.
  await vi.waitFor(() => expect(read()).toContain(requestId), { timeout: 5_000 })
  return read()
}
