import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../helpers/build.ts'
import type { Fixtures } from '../helpers/fixtures.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

/** Everything tenant B has, to prove that nothing a caller of tenant A tried changed it. */
async function snapshotB(fx: Fixtures) {
  const q = async (sql: string) => (await t.db.query(sql, [fx.groups.B])).rows
  return {
    devices: await q(
      'SELECT id, name, serial_number, location, group_id, status, updated_at, reading_count FROM devices WHERE group_id = $1 ORDER BY id',
    ),
    readings: await q(
      'SELECT count(*)::int AS n, max(ts) AS last FROM readings WHERE group_id = $1',
    ),
  }
}

/**
 * The tenant-breakout matrix (every id-taking operation of openapi.yaml, each role, another
 * tenant's ids in path, query and body: answered like a missing id, nothing changed) is generated
 * in security-tenancy.test.ts. These are the rules around it.
 */
describe('tenant isolation', () => {
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
