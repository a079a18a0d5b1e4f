import { TZDate } from '@date-fns/tz'
import { startOfDay } from 'date-fns'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAudited } from '../../helpers/audit.ts'
import { build, type TestApp } from '../../helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload })

describe('devices', () => {
  it('searches name, serial and location case-insensitively; sorts, orders and pages', async () => {
    const developer = await t.as('developer')
    const list = async (qs: string) =>
      (await t.call(developer, { method: 'GET', url: `/api/v1/devices/?${qs}` })).json()
    expect((await list('search=HAMBURG')).total).toBe(3)
    expect((await list('search=hu-em')).total).toBe(2)
    expect((await list('search=pier')).items.map((d: { name: string }) => d.name)).toEqual([
      'Admin building',
    ])
    expect((await list('search=%25')).total).toBe(0)
    expect((await list('search=_')).total).toBe(0)
    const bySerial = await list('sort=serial_number&order=desc')
    expect(bySerial.items.map((d: { serial_number: string }) => d.serial_number)).toEqual([
      'NW-EM-1003',
      'NW-EM-1002',
      'NW-EM-1001',
      'HU-EM-2002',
      'HU-EM-2001',
    ])
    const paged = await list('sort=serial_number&order=desc&skip=2&limit=2')
    expect(paged).toMatchObject({ total: 5, skip: 2, limit: 2 })
    expect(paged.items.map((d: { serial_number: string }) => d.serial_number)).toEqual([
      'NW-EM-1001',
      'HU-EM-2002',
    ])
    expect((await list('sort=last_seen&order=desc')).items[0].last_seen).not.toBeNull()
  })

  it('lists only the devices named by device_ids, within the caller scope', async () => {
    const list = async (role: 'admin' | 'developer', ids: string[]) =>
      (
        await t.call(await t.as(role), {
          method: 'GET',
          url: `/api/v1/devices/?${ids.map((id) => `device_ids=${id}`).join('&')}&limit=1`,
        })
      ).json()
    const [a0, a1] = t.fx.devicesOf.A
    const [b0] = t.fx.devicesOf.B
    const both = await list('developer', [a1!, b0!, a0!])
    expect(both.total).toBe(3)
    expect(both.items).toHaveLength(1)
    // Another tenant's device is left out, as a missing one.
    const mine = await list('admin', [a0!, b0!])
    expect(mine.total).toBe(1)
    expect(mine.items.map((d: { id: string }) => d.id)).toEqual([a0])
    const bad = await t.call(await t.as('admin'), {
      method: 'GET',
      url: '/api/v1/devices/?device_ids=not-a-uuid',
    })
    expect(bad.statusCode).toBe(422)
  })

  it('shows readings figures: latest value, today since local midnight, summary', async () => {
    const device = (
      await t.call(await t.as('admin'), {
        method: 'GET',
        url: `/api/v1/devices/${t.fx.devicesOf.A[0]}`,
        query: { timezone: 'Europe/Berlin' },
      })
    ).json()
    expect(device.latest_kwh).toBe(1095.5)
    expect(device.summary).toMatchObject({ reading_count: 192 })
    // Today in the viewer's zone (Berlin here). The fixture's readings end when it was seeded:
    // today may hold none of them yet.
    const midnight = startOfDay(TZDate.tz('Europe/Berlin')).getTime()
    const { rows } = await t.db.query<{ ts: Date; delta_kwh: number }>(
      'SELECT ts, delta_kwh FROM readings WHERE device_id = $1',
      [t.fx.devicesOf.A[0]],
    )
    const today = rows.filter((r) => r.ts.getTime() > midnight)
    expect(device.today_kwh).toBe(
      today.length === 0 ? null : today.reduce((sum, r) => sum + r.delta_kwh, 0),
    )
    const idle = (
      await t.call(await t.as('admin'), {
        method: 'GET',
        url: `/api/v1/devices/${t.fx.devicesOf.A[1]}`,
      })
    ).json()
    expect(idle).toMatchObject({
      latest_kwh: null,
      today_kwh: null,
      status: 'unknown',
      summary: { reading_count: 0, first_reading_at: null },
    })
  })

  it('serial numbers are unique per tenant, not across tenants', async () => {
    const admin = await t.as('admin')
    const again = await t.call(
      admin,
      post('/api/v1/devices/', { name: 'Copy', serial_number: 'NW-EM-1001' }),
    )
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe('A device with serial number NW-EM-1001 already exists')
    const other = await t.call(
      await t.as('admin2'),
      post('/api/v1/devices/', { name: 'Same serial', serial_number: 'NW-EM-1001' }),
    )
    expect(other.statusCode).toBe(201)
  })

  it('elevated users move a device with its readings to another group', async () => {
    const developer = await t.as('developer')
    const created = await t.call(
      developer,
      post('/api/v1/devices/', { name: 'Mover', serial_number: 'MOVE-1', group_id: t.fx.groups.A }),
    )
    const id = created.json().id
    await t.call(
      developer,
      post('/api/v1/devices/bulk_push', {
        items: [{ device_id: id, timestamp: new Date(Date.now() - 60_000).toISOString(), kwh: 3 }],
      }),
    )
    // A note entered with the reading is recorded about the device too.
    await t.db.query(
      `INSERT INTO manual_entries (reading_id, group_id, device_id, note)
       SELECT id, group_id, device_id, 'Monthly walk' FROM readings WHERE device_id = $1`,
      [id],
    )
    const moved = await t.call(developer, {
      method: 'PUT',
      url: `/api/v1/devices/${id}`,
      payload: { name: 'Mover', serial_number: 'MOVE-1', group_id: t.fx.groups.B },
      headers: { 'x-group-id': t.fx.groups.A },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ group_id: t.fx.groups.B, summary: { reading_count: 1 } })
    const { rows } = await t.db.query(
      'SELECT DISTINCT group_id FROM readings WHERE device_id = $1',
      [id],
    )
    expect(rows).toEqual([{ group_id: t.fx.groups.B }])
    // Every table that keeps a device's group, read from the schema so a new one cannot be missed.
    // Notifications stay with the group that was told.
    const { rows: tables } = await t.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND column_name IN ('device_id', 'group_id')
         AND table_name NOT IN ('notifications')
       GROUP BY table_name HAVING count(*) = 2`,
    )
    expect(tables.map((r) => r.table_name)).toContain('manual_entries')
    for (const { table_name } of tables) {
      const { rows: left } = await t.db.query(
        `SELECT group_id FROM ${table_name} WHERE device_id = $1 AND group_id <> $2`,
        [id, t.fx.groups.B],
      )
      expect(left, table_name).toEqual([])
    }
    const admin2 = await t.as('admin2')
    expect((await t.call(admin2, { method: 'GET', url: `/api/v1/devices/${id}` })).statusCode).toBe(
      200,
    )
    expect(
      (await t.call(await t.as('admin'), { method: 'GET', url: `/api/v1/devices/${id}` }))
        .statusCode,
    ).toBe(404)
    expect(
      (await t.call(admin2, { method: 'DELETE', url: `/api/v1/devices/${id}` })).statusCode,
    ).toBe(204)
    const left = await t.db.query(
      'SELECT (SELECT count(*) FROM readings WHERE device_id = $1)::int + (SELECT count(*) FROM readings_hourly WHERE device_id = $1)::int AS n',
      [id],
    )
    expect(left.rows[0]).toEqual({ n: 0 })
  })

  it('keeps the per-group device counts equal to the devices', async () => {
    const { rows } = await t.db.query(
      `SELECT g.id, coalesce(c.total, 0) AS total, coalesce(c.online, 0) AS online, coalesce(c.offline, 0) AS offline,
              (SELECT count(*)::int FROM devices d WHERE d.group_id = g.id) AS total2,
              (SELECT count(*)::int FROM devices d WHERE d.group_id = g.id AND d.status = 'online') AS online2,
              (SELECT count(*)::int FROM devices d WHERE d.group_id = g.id AND d.status = 'offline') AS offline2
       FROM groups g LEFT JOIN device_counts c ON c.group_id = g.id`,
    )
    for (const r of rows)
      expect([r.total, r.online, r.offline]).toEqual([r.total2, r.online2, r.offline2])
    const online = await t.call(await t.as('developer'), {
      method: 'GET',
      url: '/api/v1/devices/?status=online',
    })
    expect(online.json().total).toBe(online.json().items.length)
  })

  it('lists the device model catalogue with handlers', async () => {
    const models = (
      await t.call(await t.as('user'), { method: 'GET', url: '/api/v1/device-models/' })
    ).json().items
    expect(models.length).toBeGreaterThanOrEqual(4)
    expect(models[0]).toMatchObject({
      manufacturer: expect.any(String),
      handlers: expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]),
    })
  })

  it('writes who changed what to the audit log', async () => {
    const audit = await expectAudited(t, [
      'login',
      'device.create',
      'device.update',
      'device.delete',
      'readings.bulk_push',
    ])
    expect(audit.find((a) => a.action === 'device.delete')).toMatchObject({
      user_id: expect.any(String),
      request_id: expect.any(String),
    })
  })
})
