import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from './helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

// Every state-changing operation of the contract is refused without X-Request-ID or from a
// cross-site Origin in security-sessions.test.ts (generated from openapi.yaml).
describe('CSRF', () => {
  it('refuses a cross-site Origin, accepts the same host', async () => {
    const s = await t.as('admin')
    const create = (origin: string) =>
      t.call(s, {
        method: 'POST',
        url: '/api/v1/devices/',
        payload: { name: 'X', serial_number: `CSRF-${origin.length}` },
        headers: { origin, host: 'console.example.com' },
      })
    expect((await create('https://evil.example')).statusCode).toBe(403)
    expect((await create('https://console.example.com.evil.example')).statusCode).toBe(403)
    expect((await create('null')).statusCode).toBe(403)
    expect((await create('https://console.example.com')).statusCode).toBe(201)
    const fetchSite = await t.call(s, {
      method: 'DELETE',
      url: `/api/v1/devices/${t.fx.devicesOf.A[2]}`,
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(fetchSite.statusCode).toBe(403)
  })

  it('lets reads through without X-Request-ID, with a generated id echoed', async () => {
    const s = await t.as('admin')
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { cookie: s.cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('request ids and security headers', () => {
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
    await new Promise((r) => setTimeout(r, 100))
    const { readFileSync } = await import('node:fs')
    const lines = readFileSync(`${t.dataDir}/logs/main.log`, 'utf8')
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

  it('sends CSP, nosniff, frame-ancestors, Referrer-Policy, HSTS outside development, no-store', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/groups/' })
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['strict-transport-security']).toContain('max-age=')
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('answers unknown API routes 404 with the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'not_found' })
    expect(typeof response.json().detail).toBe('string')
  })
})
