import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../../helpers/build.ts'
import type { UserKey } from '../../helpers/fixtures.ts'
import { replica } from '../../helpers/replica.ts'
import { USERS } from '../../helpers/fixtures.ts'
import { expectContract } from '../../helpers/spec.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

interface CreatedKey {
  id: string
  key: string
  role: string
  group_id: string | null
}

async function createKey(
  by: UserKey,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.call(await t.as(by), { method: 'POST', url: '/api/v1/api-keys', payload: body, headers })
}

async function newKey(by: UserKey, body: Record<string, unknown>): Promise<CreatedKey> {
  const response = await createKey(by, { name: `Key by ${by}`, ...body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** A request with the key alone: no cookie, no request id. */
const withKey = (key: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${key}` } })

const devicesSeen = async (key: string, headers: Record<string, string> = {}) => {
  const response = await withKey(key, { method: 'GET', url: '/api/v1/devices/', headers })
  expect(response.statusCode, response.body).toBe(200)
  return new Set(response.json().items.map((d: { group_id: string }) => d.group_id))
}

describe('creating API keys', () => {
  it('answers the key once, in a self-identifying format, and stores only a hash', async () => {
    const created = await newKey('admin', { role: 'user', expires_at: '2099-01-01T00:00:00Z' })
    expect(created.key).toMatch(new RegExp(`^mdk_${created.id}_[A-Za-z0-9_-]{43}$`))
    // The secret is base64url, which has '_' of its own: everything after the id's underscore.
    const secret = created.key.slice(`mdk_${created.id}_`.length)
    expect(created).toMatchObject({ role: 'user', group_id: t.fx.groups.A, last_used_at: null })
    const list = await t.call(await t.as('admin'), { method: 'GET', url: '/api/v1/api-keys' })
    expect(list.body).not.toContain(secret)
    expect(list.json().items[0]).toMatchObject({
      id: created.id,
      name: 'Key by admin',
      created_by: t.fx.users.admin,
      created_by_name: 'admin',
      expires_at: '2099-01-01T00:00:00.000Z',
    })
    const { rows } = await t.db.query('SELECT * FROM api_keys WHERE id = $1', [created.id])
    expect(JSON.stringify(rows)).not.toContain(secret)
  })

  it('refuses a role above the creator’s, another group, a past expiry and a blank name', async () => {
    expect((await createKey('admin', { name: 'x', role: 'superuser' })).statusCode).toBe(403)
    expect((await createKey('superuser', { name: 'x', role: 'developer' })).statusCode).toBe(403)
    const otherGroup = await createKey('admin', {
      name: 'x',
      role: 'user',
      group_id: t.fx.groups.B,
    })
    expect(otherGroup.statusCode).toBe(403)
    const past = await createKey('admin', {
      name: 'x',
      role: 'user',
      expires_at: '2001-01-01T00:00:00Z',
    })
    expect(past.statusCode).toBe(422)
    expect(past.json().detail[0].loc).toEqual(['body', 'expires_at'])
    expect((await createKey('admin', { name: '   ', role: 'user' })).statusCode).toBe(422)
    expect((await createKey('user', { name: 'x', role: 'user' })).statusCode).toBe(403)
    // Elevated creators: a tenant key needs a group, an elevated key has none.
    const noGroup = await createKey('developer', { name: 'x', role: 'admin' })
    expect(noGroup.statusCode).toBe(422)
    const scoped = await createKey(
      'developer',
      { name: 'x', role: 'admin' },
      { 'x-group-id': t.fx.groups.B },
    )
    expect(scoped.statusCode).toBe(201)
    expect(scoped.json().group_id).toBe(t.fx.groups.B)
    const elevatedInGroup = await createKey('developer', {
      name: 'x',
      role: 'superuser',
      group_id: t.fx.groups.A,
    })
    expect(elevatedInGroup.statusCode).toBe(422)
    const unknownGroup = await createKey('superuser', {
      name: 'x',
      role: 'user',
      group_id: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknownGroup.statusCode).toBe(422)
  })

  it('lists all keys to elevated users, a group’s keys to its admins; revokes only in scope', async () => {
    const a = await newKey('admin', { role: 'admin' })
    const b = await newKey('admin2', { role: 'user' })
    const ids = async (by: UserKey) =>
      (await t.call(await t.as(by), { method: 'GET', url: '/api/v1/api-keys' }))
        .json()
        .items.map((k: { id: string }) => k.id)
    expect(await ids('admin')).toContain(a.id)
    expect(await ids('admin')).not.toContain(b.id)
    expect(await ids('admin2')).toContain(b.id)
    expect(await ids('admin2')).not.toContain(a.id)
    expect(await ids('developer')).toEqual(expect.arrayContaining([a.id, b.id]))
    const foreign = await t.call(await t.as('admin'), {
      method: 'DELETE',
      url: `/api/v1/api-keys/${b.id}`,
    })
    expect(foreign.statusCode).toBe(404)
    expect(await ids('admin2')).toContain(b.id)
  })
})

describe('acting with an API key', () => {
  it('acts with its role and group on every kind of operation, without cookie or request id', async () => {
    const admin = await newKey('admin', { role: 'admin' })
    expect(await devicesSeen(admin.key)).toEqual(new Set([t.fx.groups.A]))
    const me = await withKey(admin.key, { method: 'GET', url: '/api/v1/users/me' })
    expect(me.json()).toMatchObject({ role: 'admin', group_id: t.fx.groups.A })
    const created = await withKey(admin.key, {
      method: 'POST',
      url: '/api/v1/devices/',
      payload: { name: 'Made by a key', serial_number: 'KEY-1' },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.headers['set-cookie']).toBeUndefined()
    const user = await newKey('admin', { role: 'user' })
    const forbidden = await withKey(user.key, {
      method: 'POST',
      url: '/api/v1/devices/',
      payload: { name: 'Not allowed', serial_number: 'KEY-2' },
    })
    expect(forbidden.statusCode).toBe(403)
    const pushed = await withKey(admin.key, {
      method: 'POST',
      url: '/api/v1/devices/bulk_push',
      payload: {
        items: [{ device_id: t.fx.devicesOf.B[0], timestamp: new Date().toISOString(), kwh: 1 }],
      },
    })
    expect(pushed.json().results[0]).toMatchObject({ status: 'error', error: 'Device not found' })
  })

  it('a key of group A sees nothing of group B; an elevated key sees all, or its header’s group', async () => {
    const a = await newKey('admin', { role: 'user' })
    expect(await devicesSeen(a.key)).toEqual(new Set([t.fx.groups.A]))
    const foreign = await withKey(a.key, {
      method: 'GET',
      url: `/api/v1/devices/${t.fx.devicesOf.B[0]}`,
    })
    expect(foreign.statusCode).toBe(404)
    // The group header means nothing to a tenant key, as to a tenant person.
    const header = { 'x-group-id': t.fx.groups.B }
    expect(await devicesSeen(a.key, header)).toEqual(new Set([t.fx.groups.A]))
    const dev = await newKey('developer', { role: 'developer' })
    expect(await devicesSeen(dev.key)).toEqual(new Set([t.fx.groups.A, t.fx.groups.B]))
    expect(await devicesSeen(dev.key, header)).toEqual(new Set([t.fx.groups.B]))
  })

  it('answers 401 with a clear detail for a bad, expired or revoked key', async () => {
    const key = await newKey('admin', { role: 'user' })
    const detail = async (bearer: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/devices/',
        headers: { authorization: `Bearer ${bearer}` },
      })
      expect(response.statusCode).toBe(401)
      return response.json().detail
    }
    expect(await detail('mdk_nonsense')).toBe('API key is malformed')
    const wrongSecret = key.key.slice(0, -4) + (key.key.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    expect(await detail(wrongSecret)).toBe('API key is invalid or has been revoked')
    await t.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      key.id,
    ])
    expect(await detail(key.key)).toBe('API key has expired')
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/v1/devices/',
      headers: { authorization: 'Basic YTpi' },
    })
    expect(basic.statusCode).toBe(401)
  })

  it('stops working when its creator no longer holds its role', async () => {
    const made = await t.call(await t.as('admin'), {
      method: 'POST',
      url: '/api/v1/users/',
      payload: {
        email: 'key-maker@example.test',
        full_name: 'Key Maker',
        password: 'long-enough-password',
        role: 'admin',
        group_id: t.fx.groups.A,
      },
    })
    expect(made.statusCode, made.body).toBe(201)
    const session = await t.login('key-maker@example.test', 'long-enough-password')
    const response = await t.call(session, {
      method: 'POST',
      url: '/api/v1/api-keys',
      payload: { name: 'Maker key', role: 'admin' },
    })
    const { key } = response.json()
    expect(await devicesSeen(key)).toEqual(new Set([t.fx.groups.A]))
    await t.call(await t.as('admin'), {
      method: 'PATCH',
      url: `/api/v1/users/${made.json().id}`,
      payload: { role: 'user' },
    })
    const refused = await withKey(key, { method: 'GET', url: '/api/v1/devices/' })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().detail).toBe("API key's creator no longer holds its role or group")
  })

  it('records its last use', async () => {
    const key = await newKey('admin', { role: 'user' })
    await devicesSeen(key.key)
    const list = await t.call(await t.as('admin'), { method: 'GET', url: '/api/v1/api-keys' })
    const row = list.json().items.find((k: { id: string }) => k.id === key.id)
    expect(row.last_used_at).toEqual(expect.any(String))
  })
})

describe('revocation across replicas', () => {
  it('a key revoked on one server is refused by another on the same database at once', async () => {
    const other = await replica(t)
    try {
      const key = await newKey('admin', { role: 'user' })
      const onReplica = () =>
        other.app.inject({
          method: 'GET',
          url: '/api/v1/devices/',
          headers: { authorization: `Bearer ${key.key}` },
        })
      expect((await onReplica()).statusCode).toBe(200)
      const revoked = await t.call(await t.as('admin'), {
        method: 'DELETE',
        url: `/api/v1/api-keys/${key.id}`,
      })
      expect(revoked.statusCode).toBe(204)
      // Right after the revocation's answer: no wait, no retry.
      const refused = await onReplica()
      expect(refused.statusCode).toBe(401)
      expect(refused.json().detail).toBe('API key is invalid or has been revoked')
    } finally {
      await other.close()
    }
  })

  it('a rotated device token is refused by another server at once', async () => {
    const other = await replica(t)
    try {
      const admin = await t.as('admin')
      const device = t.fx.devicesOf.A[2]!
      const issue = () =>
        t.call(admin, { method: 'POST', url: `/api/v1/devices/${device}/credentials` })
      const old = (await issue()).json().token
      const push = (token: string) =>
        other.app.inject({
          method: 'POST',
          url: `/api/v1/devices/${device}/readings`,
          headers: { authorization: `Bearer ${token}` },
          payload: {
            readings: [{ timestamp: new Date(Date.now() - 60_000).toISOString(), kwh: 1 }],
          },
        })
      expect((await push(old)).statusCode).toBe(200)
      const fresh = (await issue()).json().token
      expect((await push(old)).statusCode).toBe(401)
      expect((await push(fresh)).statusCode).toBe(200)
    } finally {
      await other.close()
    }
  })
})

/** The fixture admin's full name (fixtures.ts: the e-mail's local part). */
const ADMIN_NAME = 'admin'

describe('the record of keys (issue 32)', () => {
  const list = async (by: UserKey) =>
    (await t.call(await t.as(by), { method: 'GET', url: '/api/v1/api-keys' })).json()
      .items as Array<Record<string, unknown>>

  it('keeps revoked and expired keys listed, with their status and who revoked them when', async () => {
    const active = await newKey('admin', { role: 'user', name: 'Still active' })
    const expiring = await newKey('admin', { role: 'user', name: 'Expires' })
    const revoking = await newKey('admin', { role: 'user', name: 'Revoked by a person' })
    const byKey = await newKey('admin', { role: 'user', name: 'Revoked by a key' })
    const revoker = await newKey('admin', { role: 'admin', name: 'Janitor' })
    await t.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      expiring.id,
    ])
    const before = Date.now()
    const revoked = await t.call(await t.as('admin'), {
      method: 'DELETE',
      url: `/api/v1/api-keys/${revoking.id}`,
    })
    expect(revoked.statusCode).toBe(204)
    const withAKey = await withKey(revoker.key, {
      method: 'DELETE',
      url: `/api/v1/api-keys/${byKey.id}`,
    })
    expect(withAKey.statusCode, withAKey.body).toBe(204)
    const again = await t.call(await t.as('admin'), {
      method: 'DELETE',
      url: `/api/v1/api-keys/${revoking.id}`,
    })
    expect(again.statusCode).toBe(404)

    const response = await t.call(await t.as('admin'), { method: 'GET', url: '/api/v1/api-keys' })
    expectContract('listApiKeys', response)
    const byId = new Map(
      (response.json().items as Array<Record<string, unknown>>).map((k) => [k.id, k]),
    )
    expect(byId.get(active.id)).toMatchObject({
      status: 'active',
      revoked_at: null,
      revoked_by: null,
    })
    expect(byId.get(expiring.id)).toMatchObject({ status: 'expired', revoked_at: null })
    const person = byId.get(revoking.id)!
    expect(person).toMatchObject({
      status: 'revoked',
      revoked_by: t.fx.users.admin,
      revoked_by_name: ADMIN_NAME,
    })
    expect(Date.parse(person.revoked_at as string)).toBeGreaterThanOrEqual(before - 1000)
    expect(byId.get(byKey.id)).toMatchObject({
      status: 'revoked',
      revoked_by: t.fx.users.admin,
      revoked_by_name: 'API key "Janitor"',
    })
    // The other tenant's admin sees none of it.
    expect((await list('admin2')).map((k) => k.id)).not.toContain(revoking.id)
    // Revoked stays refused.
    const refused = await withKey(revoking.key, { method: 'GET', url: '/api/v1/devices/' })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().detail).toBe('API key is invalid or has been revoked')
  })
})

describe('GET /users/me with an API key', () => {
  it('answers the key, not its creator as if the key were a person', async () => {
    const key = await newKey('admin', { role: 'user', name: 'Reporting script' })
    const me = await withKey(key.key, { method: 'GET', url: '/api/v1/users/me' })
    expect(me.statusCode).toBe(200)
    expectContract('getCurrentUser', me)
    expect(me.json()).toEqual({
      kind: 'api_key',
      id: key.id,
      name: 'Reporting script',
      role: 'user',
      group_id: t.fx.groups.A,
      created_by: t.fx.users.admin,
      created_by_name: ADMIN_NAME,
      created_at: expect.any(String),
      expires_at: null,
    })
    expect(me.body).not.toContain(USERS.admin.email)
    const person = await t.call(await t.as('admin'), { method: 'GET', url: '/api/v1/users/me' })
    expectContract('getCurrentUser', person)
    expect(person.json()).toMatchObject({ kind: 'user', email: USERS.admin.email })
  })
})
