import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from './helpers/build.ts'
import type { Fixtures, UserKey } from './helpers/fixtures.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

/** Everything tenant B has, to prove that nothing a caller of tenant A tried changed it. */
async function snapshotB(fx: Fixtures) {
  const q = async (sql: string) => (await t.db.query(sql, [fx.groups.B])).rows
  return {
    group: await q('SELECT id, name, description, timezone, updated_at FROM groups WHERE id = $1'),
    users: await q(
      'SELECT id, email, full_name, role, group_id, password_hash, updated_at FROM users WHERE group_id = $1 ORDER BY id',
    ),
    devices: await q(
      'SELECT id, name, serial_number, location, group_id, status, updated_at, reading_count FROM devices WHERE group_id = $1 ORDER BY id',
    ),
    readings: await q(
      'SELECT count(*)::int AS n, max(ts) AS last FROM readings WHERE group_id = $1',
    ),
  }
}

type Case = {
  name: string
  request: (fx: Fixtures) => InjectOptions
  expect: Partial<Record<UserKey, number>>
}

const json = (method: InjectOptions['method'], url: string, payload: object): InjectOptions => ({
  method,
  url,
  payload,
})

/**
 * Every id-taking operation with tenant B's ids in path or body, called by tenant A's users and by
 * elevated users scoped to group A with X-Group-ID. 404 wherever the object is merely out of
 * scope; 403 where the role may never do it, or where the contract says 403 (admins naming
 * another group). Operations without X-Group-ID (groups) are not narrowed for elevated users.
 */
const CASES: Case[] = [
  {
    name: 'getDevice',
    request: (fx) => ({ method: 'GET', url: `/api/v1/devices/${fx.devicesOf.B[0]}` }),
    expect: { admin: 404, user: 404, developer: 404, superuser: 404 },
  },
  {
    name: 'updateDevice',
    request: (fx) =>
      json('PUT', `/api/v1/devices/${fx.devicesOf.B[0]}`, {
        name: 'Hijacked',
        serial_number: 'HU-EM-2001',
      }),
    expect: { admin: 404, user: 403, developer: 404, superuser: 404 },
  },
  {
    name: 'deleteDevice',
    request: (fx) => ({ method: 'DELETE', url: `/api/v1/devices/${fx.devicesOf.B[1]}` }),
    expect: { admin: 404, user: 403, developer: 404, superuser: 404 },
  },
  {
    name: 'getUser',
    request: (fx) => ({ method: 'GET', url: `/api/v1/users/${fx.users.user2}` }),
    expect: { admin: 404, user: 403, developer: 404, superuser: 404 },
  },
  {
    name: 'updateUser',
    request: (fx) =>
      json('PATCH', `/api/v1/users/${fx.users.user2}`, {
        full_name: 'Hijacked',
        password: 'hijacked-password',
      }),
    expect: { admin: 404, user: 403, developer: 404, superuser: 404 },
  },
  {
    name: 'deleteUser',
    request: (fx) => ({ method: 'DELETE', url: `/api/v1/users/${fx.users.admin2}` }),
    expect: { admin: 404, user: 403, developer: 404, superuser: 404 },
  },
  {
    name: 'getGroup',
    request: (fx) => ({ method: 'GET', url: `/api/v1/groups/${fx.groups.B}` }),
    expect: { admin: 404, user: 404 },
  },
  {
    name: 'listGroupMembers',
    request: (fx) => ({ method: 'GET', url: `/api/v1/groups/${fx.groups.B}/members` }),
    expect: { admin: 404, user: 403 },
  },
  {
    name: 'updateGroup',
    request: (fx) => json('PUT', `/api/v1/groups/${fx.groups.B}`, { name: 'Hijacked' }),
    expect: { admin: 403, user: 403 },
  },
  {
    name: 'deleteGroup',
    request: (fx) => ({ method: 'DELETE', url: `/api/v1/groups/${fx.groups.B}` }),
    expect: { admin: 403, user: 403 },
  },
  {
    name: 'createDevice in B (body)',
    request: (fx) =>
      json('POST', '/api/v1/devices/', {
        name: 'Planted',
        serial_number: 'PLANTED-1',
        group_id: fx.groups.B,
      }),
    expect: { admin: 403, user: 403 },
  },
  {
    name: 'createUser in B (body)',
    request: (fx) =>
      json('POST', '/api/v1/users/', {
        email: 'planted@x.test',
        full_name: 'P',
        password: 'long-enough-password',
        role: 'admin',
        group_id: fx.groups.B,
      }),
    expect: { admin: 403, user: 403 },
  },
  {
    name: 'move own device to B (body)',
    request: (fx) =>
      json('PUT', `/api/v1/devices/${fx.devicesOf.A[2]}`, {
        name: 'Office block',
        serial_number: 'NW-EM-1003',
        group_id: fx.groups.B,
      }),
    expect: { admin: 403, user: 403 },
  },
  {
    name: 'move own user to B (body)',
    request: (fx) => json('PATCH', `/api/v1/users/${fx.users.user}`, { group_id: fx.groups.B }),
    expect: { admin: 403, user: 403 },
  },
]

describe('tenant isolation', () => {
  const callers: UserKey[] = ['admin', 'user', 'developer', 'superuser']

  for (const caller of callers) {
    it(`${caller} of tenant A cannot reach tenant B, and B is unchanged`, async () => {
      const before = await snapshotB(t.fx)
      const session = await t.as(caller)
      const scoped =
        caller === 'developer' || caller === 'superuser' ? { 'x-group-id': t.fx.groups.A } : {}
      for (const c of CASES) {
        const status = c.expect[caller]
        if (status === undefined) continue
        const request = c.request(t.fx)
        const response = await t.call(session, {
          ...request,
          headers: { ...scoped, ...request.headers },
        })
        expect(response.statusCode, `${caller} ${c.name}: ${response.body}`).toBe(status)
        if (status === 404) {
          // Exactly like a missing object: same status, same body.
          const missing = await t.call(session, {
            ...request,
            url: request.url!.toString().replace(/[0-9a-f-]{36}/, randomUUID()),
            headers: { ...scoped, ...request.headers },
          })
          expect(missing.statusCode, `${caller} ${c.name} (missing)`).toBe(404)
          expect(missing.json(), `${caller} ${c.name} (missing)`).toEqual(response.json())
        }
      }
      expect(await snapshotB(t.fx)).toEqual(before)
    })
  }

  it('bulk push of readings for another tenant device is refused per item and stores nothing', async () => {
    const before = await snapshotB(t.fx)
    const response = await t.call(await t.as('admin'), {
      method: 'POST',
      url: '/api/v1/devices/bulk_push',
      payload: {
        items: [
          {
            device_id: t.fx.devicesOf.B[0],
            timestamp: new Date().toISOString(),
            kwh: 99999,
            status: 'offline',
          },
        ],
      },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().results[0]).toMatchObject({ status: 'error', error: 'Device not found' })
    expect(await snapshotB(t.fx)).toEqual(before)
  })

  it('X-Group-ID is ignored for admin and user accounts', async () => {
    for (const caller of ['admin', 'user'] as const) {
      const response = await t.call(await t.as(caller), {
        method: 'GET',
        url: '/api/v1/devices/',
        headers: { 'x-group-id': t.fx.groups.B },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json().items.map((d: { group_id: string }) => d.group_id)).toEqual(
        Array(3).fill(t.fx.groups.A),
      )
    }
    const users = await t.call(await t.as('admin'), {
      method: 'GET',
      url: '/api/v1/users/',
      headers: { 'x-group-id': t.fx.groups.B },
    })
    expect(
      users.json().items.every((u: { group_id: string }) => u.group_id === t.fx.groups.A),
    ).toBe(true)
  })

  it('elevated users see the group of X-Group-ID, or all groups without it', async () => {
    for (const caller of ['developer', 'superuser'] as const) {
      const session = await t.as(caller)
      const all = await t.call(session, { method: 'GET', url: '/api/v1/devices/' })
      expect(all.json().total).toBe(5)
      const b = await t.call(session, {
        method: 'GET',
        url: '/api/v1/devices/',
        headers: { 'x-group-id': t.fx.groups.B },
      })
      expect(b.json().total).toBe(2)
      const unknown = await t.call(session, {
        method: 'GET',
        url: '/api/v1/devices/',
        headers: { 'x-group-id': randomUUID() },
      })
      expect(unknown.json()).toMatchObject({ total: 0, items: [] })
      const users = await t.call(session, { method: 'GET', url: '/api/v1/users/' })
      expect(users.json().total).toBeGreaterThanOrEqual(6)
      const groups = await t.call(session, {
        method: 'GET',
        url: '/api/v1/groups/',
        headers: { 'x-group-id': t.fx.groups.B },
      })
      expect(groups.json().total).toBeGreaterThanOrEqual(2)
      const bad = await t.call(session, {
        method: 'GET',
        url: '/api/v1/devices/',
        headers: { 'x-group-id': 'not-a-uuid' },
      })
      expect(bad.statusCode).toBe(422)
      expect(bad.json().detail[0].loc).toEqual(['header', 'x-group-id'])
    }
  })

  it('admins and users list only their own group', async () => {
    const response = await t.call(await t.as('user'), { method: 'GET', url: '/api/v1/groups/' })
    expect(response.json()).toMatchObject({
      total: 1,
      items: [{ id: t.fx.groups.A, member_count: 2, device_count: 3 }],
    })
  })
})
