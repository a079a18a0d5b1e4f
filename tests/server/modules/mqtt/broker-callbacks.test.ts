import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '~/server/config.ts'
import { build, type TestApp } from '../../helpers/build.ts'

/**
 * POST /api/v1/mqtt/auth and /acl in the shape of EMQX's HTTP authenticator and authorizer: what
 * an external broker asks about devices, and the server's own subscriber (MQTT_URL's user).
 */
const SECRET = 'broker-callbacks-test-secret'
const SERVICE = { username: 'meterdeck-server', password: 'p@ss word' }
let t: TestApp
let unprotected: TestApp
let device: string
let other: string
let token: string

const ask = (app: TestApp, url: string, body: unknown, secret: string | null = SECRET) =>
  app.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    // A broker sends neither cookies nor X-Request-ID.
    headers: secret === null ? {} : { 'x-mqtt-auth-secret': secret },
  })

beforeAll(async () => {
  const mqtt = loadConfig({ APP_ENV: 'test' }).mqtt
  const url = `mqtt://${SERVICE.username}:${encodeURIComponent(SERVICE.password)}@broker:1883`
  t = await build({ mqtt: { ...mqtt, authSecret: SECRET, url } })
  unprotected = await build()
  ;[device, other] = [t.fx.devicesOf.A[1]!, t.fx.devicesOf.B[0]!]
  const answer = await t.call(await t.as('admin'), {
    method: 'POST',
    url: `/api/v1/devices/${device}/credentials`,
  })
  token = (answer.json() as { token: string }).token
})
afterAll(async () => {
  await t?.close()
  await unprotected?.close()
})

describe('the broker authentication callback', () => {
  it("allows a device's id with its token, and nothing else", async () => {
    const verdict = async (username: string, password: string) =>
      (await ask(t, '/api/v1/mqtt/auth', { clientid: 'c1', username, password })).json()
    expect(await verdict(device, token)).toEqual({ result: 'allow', is_superuser: false })
    expect(await verdict(device, `${token}x`)).toEqual({ result: 'deny', is_superuser: false })
    expect(await verdict(other, token)).toEqual({ result: 'deny', is_superuser: false })
    expect(await verdict('not-a-device', token)).toEqual({ result: 'deny', is_superuser: false })
    expect(await verdict(SERVICE.username, SERVICE.password)).toEqual({
      result: 'allow',
      is_superuser: true,
    })
    expect(await verdict(SERVICE.username, 'guess')).toEqual({
      result: 'deny',
      is_superuser: false,
    })
  })

  it('stops allowing a revoked token', async () => {
    const admin = await t.as('admin')
    const revoked = await t.call(admin, {
      method: 'DELETE',
      url: `/api/v1/devices/${device}/credentials`,
    })
    expect(revoked.statusCode).toBe(204)
    const answer = await ask(t, '/api/v1/mqtt/auth', { username: device, password: token })
    expect(answer.json()).toEqual({ result: 'deny', is_superuser: false })
    const again = await t.call(admin, {
      method: 'POST',
      url: `/api/v1/devices/${device}/credentials`,
    })
    token = (again.json() as { token: string }).token
  })
})

describe('the broker authorization callback', () => {
  const verdict = async (username: string, topic: string, action: string) =>
    (await ask(t, '/api/v1/mqtt/acl', { clientid: 'c1', username, topic, action })).json()

  it('lets a device publish only to its own readings topic, and subscribe to nothing', async () => {
    expect(await verdict(device, own(), 'publish')).toEqual({ result: 'allow' })
    expect(await verdict(device, `meterdeck/v1/devices/${other}/readings`, 'publish')).toEqual({
      result: 'deny',
    })
    expect(await verdict(device, `${own()}/extra`, 'publish')).toEqual({ result: 'deny' })
    expect(await verdict(device, own(), 'subscribe')).toEqual({ result: 'deny' })
    expect(await verdict(device, 'meterdeck/v1/devices/+/readings', 'subscribe')).toEqual({
      result: 'deny',
    })
  })

  it("lets the server's own subscriber do anything", async () => {
    expect(
      await verdict(
        SERVICE.username,
        '$share/meterdeck/meterdeck/v1/devices/+/readings',
        'subscribe',
      ),
    ).toEqual({ result: 'allow' })
  })
})

describe('protection of the callbacks', () => {
  it('answers 401 without the shared secret or with a wrong one', async () => {
    for (const secret of [null, 'wrong', `${SECRET}x`]) {
      const answer = await ask(
        t,
        '/api/v1/mqtt/auth',
        { username: device, password: token },
        secret,
      )
      expect(answer.statusCode).toBe(401)
      expect(answer.json().detail).toMatch(/X-MQTT-Auth-Secret/)
    }
  })

  it('answers 403 while MQTT_AUTH_SECRET is not set on the server', async () => {
    const answer = await ask(unprotected, '/api/v1/mqtt/acl', {
      username: device,
      topic: own(),
      action: 'publish',
    })
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ code: 'mqtt_auth_disabled' })
  })

  it('still refuses a cross-site form riding on cookies', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mqtt/auth',
      payload: { username: device, password: token },
      headers: { cookie: 'console_access=x', 'x-mqtt-auth-secret': SECRET },
    })
    expect(answer.statusCode).toBe(403)
    expect(answer.json().code).toBe('csrf_rejected')
  })
})

/** The test device's readings topic. */
function own() {
  return `meterdeck/v1/devices/${device}/readings`
}
