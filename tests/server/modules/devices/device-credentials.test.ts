import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authenticateDevice } from '~/server/modules/devices/device-credentials.ts'
import { build, type TestApp } from '../../helpers/build.ts'

let t: TestApp
let deviceA: string
let otherA: string
let deviceB: string

beforeAll(async () => {
  t = await build()
  ;[deviceA, otherA] = t.fx.devicesOf.A as [string, string]
  deviceB = t.fx.devicesOf.B[0]!
})
afterAll(async () => t?.close())

async function issue(deviceId: string, caller: 'admin' | 'developer' | 'user' = 'admin') {
  return t.call(await t.as(caller), {
    method: 'POST',
    url: `/api/v1/devices/${deviceId}/credentials`,
  })
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A push with a Bearer credential and nothing else: no cookie, no request id. */
function push(deviceId: string, token: string, readings: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/devices/${deviceId}/readings`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: { readings },
  })
}

const reading = (minutesAgo: number, kwh: number) => ({
  timestamp: new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutesAgo * 60_000).toISOString(),
  kwh,
})

async function device(id: string) {
  const response = await t.call(await t.as('admin'), {
    method: 'GET',
    url: `/api/v1/devices/${id}`,
  })
  return response.json()
}

describe('device credentials', () => {
  it('creates a token shown once; the device answer says it has one, never the token', async () => {
    expect((await device(otherA)).has_token).toBe(false)
    const response = await issue(otherA)
    expect(response.statusCode).toBe(201)
    const { token } = response.json()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const answer = await device(otherA)
    expect(answer).toMatchObject({ has_token: true, token_last_used_at: null })
    expect(JSON.stringify(answer)).not.toContain(token)
    const { rows } = await t.db.query<{ token_hash: Uint8Array }>(
      'SELECT token_hash FROM device_credentials WHERE device_id = $1',
      [otherA],
    )
    expect(Buffer.from(rows[0]!.token_hash).toString('base64url')).not.toBe(token)
    expect(await authenticateDevice(t.db, otherA, token)).toEqual({
      deviceId: otherA,
      groupId: t.fx.groups.A,
    })
    expect((await device(otherA)).token_last_used_at).toEqual(expect.any(String))
  })

  it('rotation refuses the old token at once; revocation refuses the new one', async () => {
    const old = (await issue(deviceA)).json().token
    const fresh = (await issue(deviceA)).json().token
    expect(fresh).not.toBe(old)
    expect(await authenticateDevice(t.db, deviceA, old)).toBeNull()
    expect((await push(deviceA, old, [reading(30, 5)])).statusCode).toBe(401)
    expect((await push(deviceA, fresh, [reading(30, 5)])).statusCode).toBe(200)
    const admin = await t.as('admin')
    const del = await t.call(admin, {
      method: 'DELETE',
      url: `/api/v1/devices/${deviceA}/credentials`,
    })
    expect(del.statusCode).toBe(204)
    const again = await t.call(admin, {
      method: 'DELETE',
      url: `/api/v1/devices/${deviceA}/credentials`,
    })
    expect(again.statusCode).toBe(404)
    const refused = await push(deviceA, fresh, [reading(20, 6)])
    expect(refused.statusCode).toBe(401)
    expect(refused.json().detail).toBe('Device token is invalid or revoked for this device')
    expect((await device(deviceA)).has_token).toBe(false)
  })

  it('is for admins and above, in their scope: another tenant’s device answers 404', async () => {
    expect((await issue(deviceA, 'user')).statusCode).toBe(403)
    expect((await issue(deviceB, 'admin')).statusCode).toBe(404)
    const none = await t.call(await t.as('admin'), {
      method: 'DELETE',
      url: `/api/v1/devices/${deviceB}/credentials`,
    })
    expect(none.statusCode).toBe(404)
    expect((await issue(deviceB, 'developer')).statusCode).toBe(201)
  })
})

describe('ingest with a device token', () => {
  let token: string
  beforeAll(async () => {
    token = (await issue(otherA)).json().token
  })

  it('stores readings with source http, idempotently, with per-item results and last seen', async () => {
    const readings = [reading(45, 100), reading(30, 101.5), reading(15, 103)]
    const first = await push(otherA, token, readings)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ accepted: 3, duplicates: 0, rejected: 0 })
    const again = await push(otherA, token, [...readings, reading(0, 104)])
    expect(again.json()).toMatchObject({ accepted: 1, duplicates: 3, rejected: 0 })
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'success',
    ])
    const list = await t.call(await t.as('admin'), {
      method: 'GET',
      url: `/api/v1/devices/${otherA}/readings?source=http&page_size=10`,
    })
    expect(list.json().total).toBe(4)
    expect(new Set(list.json().items.map((r: { source: string }) => r.source))).toEqual(
      new Set(['http']),
    )
    const answer = await device(otherA)
    expect(answer).toMatchObject({ latest_kwh: 104, status: 'online' })
    expect(answer.last_seen).toEqual(expect.any(String))
  })

  it('refuses a reading from the future in its item, and a bad body as a whole (422)', async () => {
    const future = await push(otherA, token, [
      { timestamp: new Date(Date.now() + 3_600_000).toISOString(), kwh: 1 },
    ])
    expect(future.json().results[0]).toMatchObject({
      status: 'error',
      error: 'Timestamp is in the future',
    })
    expect((await push(otherA, token, [{ timestamp: 'yesterday', kwh: 1 }])).statusCode).toBe(422)
    expect((await push(otherA, token, [{ ...reading(5, 1), device_id: deviceB }])).statusCode).toBe(
      422,
    )
    expect((await push(otherA, token, [])).statusCode).toBe(422)
  })

  it('cannot write another device, even of its own group', async () => {
    const response = await push(deviceA, token, [reading(10, 1)])
    expect(response.statusCode).toBe(401)
    expect((await push(deviceB, token, [reading(10, 1)])).statusCode).toBe(401)
  })

  it('cannot read anything or act as a session, on any other operation', async () => {
    const reads = [
      `/api/v1/devices/${otherA}`,
      `/api/v1/devices/${otherA}/readings`,
      '/api/v1/devices/',
      '/api/v1/users/me',
    ]
    for (const url of reads) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) })
      expect(response.statusCode, url).toBe(401)
      expect(response.json().detail).toMatch(/device token is accepted only/i)
    }
    // As the access cookie it is no session either.
    const asCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { cookie: `console_access=${token}` },
    })
    expect(asCookie.statusCode).toBe(401)
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `console_refresh=${token}`, 'x-request-id': 'r' },
    })
    expect(refresh.statusCode).toBe(401)
  })

  it('is the only credential the endpoint takes: a session is refused', async () => {
    const response = await t.call(await t.as('admin'), {
      method: 'POST',
      url: `/api/v1/devices/${otherA}/readings`,
      payload: { readings: [reading(3, 200)] },
    })
    expect(response.statusCode).toBe(403)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${otherA}/readings`,
      headers: { 'x-request-id': 'x' },
      payload: { readings: [reading(3, 200)] },
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('keeps CSRF for cookie requests: no request id, no state change', async () => {
    const admin = await t.as('admin')
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${otherA}/credentials`,
      headers: { cookie: admin.cookie },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('csrf_rejected')
  })
})
