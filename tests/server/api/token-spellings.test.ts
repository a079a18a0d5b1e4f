import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authenticateDevice } from '~/server/modules/devices/device-credentials.ts'
import { build, type TestApp } from '../helpers/build.ts'
import { bearer } from '../helpers/api-keys.ts'
import { USERS } from '../helpers/fixtures.ts'
import { sessionCalls } from '../helpers/requests.ts'
import { nonCanonicalSpellings } from '../helpers/token-variants.ts'

/**
 * Every bearer secret the server parses has one spelling: the canonical base64url of its bytes.
 * The spellings Node's lenient decoder reads as the same bytes (`==` or a junk character appended,
 * the last character's unused low bits changed) are refused with the 401 of any bad credential,
 * and the true credential still works afterwards (a refused spelling is not a use or a replay).
 */
let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

describe('one spelling per credential', () => {
  it('access token: the signature and the payload', async () => {
    const { me } = sessionCalls(t)
    const s = await t.login(USERS.user.email)
    const [payload, signature] = s.access.split('.') as [string, string]
    for (const [what, spelling] of Object.entries(nonCanonicalSpellings(signature))) {
      const response = await me(`console_access=${payload}.${spelling}`)
      expect(response.statusCode, `signature ${what}`).toBe(401)
      expect(response.json().code).toBe('not_authenticated')
    }
    for (const [what, spelling] of Object.entries(nonCanonicalSpellings(payload))) {
      expect(
        (await me(`console_access=${spelling}.${signature}`)).statusCode,
        `payload ${what}`,
      ).toBe(401)
    }
    expect((await me(`console_access=${s.access}`)).statusCode).toBe(200)
  })

  it('refresh token', async () => {
    const { refresh } = sessionCalls(t)
    const s = await t.login(USERS.user.email)
    for (const [what, spelling] of Object.entries(nonCanonicalSpellings(s.refresh))) {
      const response = await refresh(spelling)
      expect(response.statusCode, what).toBe(401)
      expect(response.json().code).toBe('invalid_refresh_token')
    }
    expect((await refresh(s.refresh)).statusCode).toBe(200)
  })

  it('API key secret', async () => {
    const created = await t.call(await t.as('admin'), {
      method: 'POST',
      url: '/api/v1/api-keys',
      payload: { name: 'Spellings', role: 'user' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const key: string = created.json().key
    const get = (credential: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/devices/', headers: bearer(credential) })
    for (const [what, spelling] of Object.entries(nonCanonicalSpellings(key))) {
      const response = await get(spelling)
      expect(response.statusCode, what).toBe(401)
      expect(response.json().code).toBe('not_authenticated')
    }
    expect((await get(key)).statusCode).toBe(200)
  })

  it('device token, over HTTP and as the MQTT password', async () => {
    const deviceId = t.fx.devicesOf.A[0]!
    const issued = await t.call(await t.as('admin'), {
      method: 'POST',
      url: `/api/v1/devices/${deviceId}/credentials`,
    })
    expect(issued.statusCode).toBe(201)
    const token: string = issued.json().token
    const push = (credential: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/devices/${deviceId}/readings`,
        headers: { ...bearer(credential), 'content-type': 'application/json' },
        payload: { readings: [] },
      })
    for (const [what, spelling] of Object.entries(nonCanonicalSpellings(token))) {
      const response = await push(spelling)
      expect(response.statusCode, what).toBe(401)
      expect(response.json().detail).toBe('Device token is invalid or revoked for this device')
      // The embedded broker and POST /api/v1/mqtt/auth check the MQTT password with this:
      expect(await authenticateDevice(t.db, deviceId, spelling), what).toBeNull()
    }
    expect((await push(token)).statusCode).not.toBe(401)
    expect(await authenticateDevice(t.db, deviceId, token)).not.toBeNull()
  })
})
