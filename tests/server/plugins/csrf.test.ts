import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../helpers/build.ts'
import {
  contractOperations,
  toInject,
  validRequest,
  type ContractOperation,
} from '../helpers/contract-inputs.ts'
import { PASSWORD, USERS } from '../helpers/fixtures.ts'
import { expectContract } from '../helpers/spec.ts'
import { createTenantObjects, type TenantObjects } from '../helpers/tenant-objects.ts'

/**
 * CSRF: every state-changing operation of the contract is refused without X-Request-ID or from
 * another site, and changes nothing; reads pass with a generated request id. Session attacks are
 * in modules/auth/sessions.test.ts, sign-in throttling in plugins/login-throttle.test.ts.
 */

const ops = contractOperations()

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
