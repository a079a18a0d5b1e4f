import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SYSTEM } from '~/server/db/database.ts'
import { LIVE_CHANNEL, type WireEvent } from '~/server/modules/events/live-events.ts'
import { insertReadings } from '~/server/modules/readings/readings-repository.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { replica, type Replica } from '../../helpers/replica.ts'
import { openSse, type SseStream } from '../../helpers/sse.ts'

let t: TestApp
let base: string
let second: Replica
let secondBase: string
const streams: SseStream[] = []

beforeAll(async () => {
  t = await build()
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  second = await replica(t)
  secondBase = await second.app.listen({ port: 0, host: '127.0.0.1' })
})

afterAll(async () => {
  for (const s of streams) s.close()
  await second?.close()
  await t?.close()
})

async function stream(session: Session | null, headers: Record<string, string> = {}, at = base) {
  const s = await openSse(`${at}/api/v1/events`, {
    ...(session ? { cookie: session.cookie } : {}),
    'x-request-id': crypto.randomUUID(),
    ...headers,
  })
  streams.push(s)
  return s
}

let clock = Date.now() - 60 * 60_000
/** A reading pushed by the device itself, with its own token (the device HTTP endpoint). */
async function devicePush(deviceId: string, token: string, kwh: number) {
  clock += 60_000
  const response = await t.call(null, {
    method: 'POST',
    url: `/api/v1/devices/${deviceId}/readings`,
    headers: { authorization: `Bearer ${token}` },
    payload: { readings: [{ timestamp: new Date(clock).toISOString(), kwh }] },
  })
  expect(response.statusCode).toBe(200)
  return new Date(clock).toISOString()
}

async function tokenOf(deviceId: string, session: Session) {
  const response = await t.call(session, {
    method: 'POST',
    url: `/api/v1/devices/${deviceId}/credentials`,
  })
  expect(response.statusCode).toBe(201)
  return (response.json() as { token: string }).token
}

const readingOf = (deviceId: string, kwh?: number) => (e: { event?: string; data?: unknown }) =>
  e.event === 'reading' &&
  (e.data as { device_id: string }).device_id === deviceId &&
  (kwh === undefined || (e.data as { kwh: number }).kwh === kwh)

describe('GET /api/v1/events', () => {
  it('refuses a caller without a session', async () => {
    const s = await stream(null)
    expect(s.status).toBe(401)
  })

  it("sends a device's reading to its group's admin, not to another group's; the group header scopes elevated users", async () => {
    const deviceA = t.fx.devicesOf.A[0]!
    const deviceB = t.fx.devicesOf.B[0]!
    const admin = await t.as('admin')
    const admin2 = await t.as('admin2')
    const developer = await t.as('developer')
    const [tokenA, tokenB] = [await tokenOf(deviceA, admin), await tokenOf(deviceB, admin2)]
    const a = await stream(admin)
    const b = await stream(admin2)
    const devB = await stream(developer, { 'x-group-id': t.fx.groups.B })
    expect(a.status).toBe(200)
    expect(a.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const at = await devicePush(deviceA, tokenA, 900_001)
    const seen = await a.next(readingOf(deviceA))
    expect(seen.data).toEqual({ device_id: deviceA, timestamp: at, kwh: 900_001, source: 'http' })
    await devicePush(deviceB, tokenB, 900_002)
    await b.next(readingOf(deviceB))
    await devB.next(readingOf(deviceB))
    // Events go out in order: by B's reading, A's would have arrived.
    expect(b.events.some(readingOf(deviceA))).toBe(false)
    expect(devB.events.some(readingOf(deviceA))).toBe(false)
    expect(a.events.some(readingOf(deviceB))).toBe(false)
  })

  it('coalesces a burst: one event per device for a bulk push of many readings', async () => {
    const admin = await t.as('admin')
    const device = t.fx.devicesOf.A[1]!
    const s = await stream(admin)
    const items = Array.from({ length: 500 }, (_, i) => ({
      device_id: device,
      timestamp: new Date(clock + (i + 1) * 1000).toISOString(),
      kwh: 800_000 + i,
    }))
    clock += 600_000
    const pushed = await t.call(admin, {
      method: 'POST',
      url: '/api/v1/devices/bulk_push',
      payload: { items },
    })
    expect(pushed.statusCode).toBe(200)
    await s.next(readingOf(device, 800_499))
    expect(s.events.filter(readingOf(device))).toHaveLength(1)
  })

  it('replays what a client missed after its Last-Event-ID, and sends reset for an unknown one', async () => {
    const admin = await t.as('admin')
    const device = t.fx.devicesOf.A[2]!
    const token = await tokenOf(device, admin)
    const first = await stream(admin)
    await devicePush(device, token, 700_001)
    await first.next(readingOf(device, 700_001))
    const lastId = first.lastId()!
    first.close()
    await devicePush(device, token, 700_002)
    // The replica heard it too: the stream's position is the same there.
    const again = await stream(admin, { 'last-event-id': lastId }, secondBase)
    const replayed = await again.next(readingOf(device))
    expect((replayed.data as { kwh: number }).kwh).toBe(700_002)
    expect(again.events.some(readingOf(device, 700_001))).toBe(false)
    const lost = await stream(admin, { 'last-event-id': '123456789' })
    const reset = await lost.next((e) => e.event === 'reset')
    expect(reset.data).toMatchObject({ reason: expect.any(String) })
  })

  it('reaches the clients of a second server: an event raised on one is sent by the other', async () => {
    const admin2 = await t.as('admin2')
    const device = t.fx.devicesOf.B[1]!
    const token = await tokenOf(device, admin2)
    const there = await stream(admin2, {}, secondBase)
    await devicePush(device, token, 600_001)
    await there.next(readingOf(device, 600_001))
  })

  it("announces a new notification delivery to its user only, with the user's unread count", async () => {
    const user = await t.as('user')
    const admin = await t.as('admin')
    const mine = await stream(user)
    const theirs = await stream(admin)
    const notificationId = await t.db.transaction(SYSTEM, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO notifications (group_id, event_type, title, message)
         VALUES ($1, 'DEVICE_OFFLINE', 'Test alert', 'A test alert') RETURNING id`,
        [t.fx.groups.A],
      )
      await tx.query(
        `INSERT INTO notification_deliveries (group_id, notification_id, user_id) VALUES ($1, $2, $3)`,
        [t.fx.groups.A, rows[0]!.id, t.fx.users.user],
      )
      return rows[0]!.id
    })
    const unread = await t.call(user, { method: 'GET', url: '/api/v1/notifications/unread-count' })
    const event = await mine.next((e) => e.event === 'notification')
    expect(event.data).toEqual({
      notification_id: notificationId,
      unread_count: (unread.json() as { unread_count: number }).unread_count,
    })
    // A device change after it: the admin hears that, and never the user's notification.
    const renamed = await t.call(admin, {
      method: 'PUT',
      url: `/api/v1/devices/${t.fx.devicesOf.A[0]}`,
      payload: { name: 'Main meter (renamed)', serial_number: 'NW-EM-1001' },
    })
    expect(renamed.statusCode).toBe(200)
    await theirs.next((e) => e.event === 'device.changed')
    expect(theirs.events.some((e) => e.event === 'notification')).toBe(false)
  })

  it('announces notifications read to their user, once for a whole mark-all, with the count left', async () => {
    const user = await t.as('user')
    const mine = await stream(user)
    const theirs = await stream(await t.as('admin'))
    const ids = await t.db.transaction(SYSTEM, async (tx) => {
      const made: string[] = []
      for (const title of ['First', 'Second', 'Third']) {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO notifications (group_id, event_type, title, message)
           VALUES ($1, 'DEVICE_OFFLINE', $2, 'A test alert') RETURNING id`,
          [t.fx.groups.A, title],
        )
        const delivery = await tx.query<{ id: string }>(
          `INSERT INTO notification_deliveries (group_id, notification_id, user_id)
           VALUES ($1, $2, $3) RETURNING id`,
          [t.fx.groups.A, rows[0]!.id, t.fx.users.user],
        )
        made.push(delivery.rows[0]!.id)
      }
      return made
    })
    const unreadCount = async () =>
      (
        (
          await t.call(user, { method: 'GET', url: '/api/v1/notifications/unread-count' })
        ).json() as {
          unread_count: number
        }
      ).unread_count
    const before = await unreadCount()
    const read = await t.call(user, {
      method: 'POST',
      url: `/api/v1/notifications/${ids[0]}/read`,
    })
    expect(read.statusCode).toBeLessThan(300)
    const one = await mine.next((e) => e.event === 'notifications.read')
    expect(one.data).toEqual({ unread_count: before - 1 })
    const all = await t.call(user, { method: 'POST', url: '/api/v1/notifications/read-all' })
    expect(all.statusCode).toBeLessThan(300)
    const rest = await mine.next((e) => e.event === 'notifications.read' && e !== one)
    expect(rest.data).toEqual({ unread_count: 0 })
    expect(await unreadCount()).toBe(0)
    // Reading it again changes nothing: no event (the admin's stream hears none of it either).
    await t.call(user, { method: 'POST', url: `/api/v1/notifications/${ids[0]}/read` })
    expect(mine.events.filter((e) => e.event === 'notifications.read')).toHaveLength(2)
    expect(theirs.events.some((e) => e.event === 'notifications.read')).toBe(false)
  })

  it("announces an alarm raised, acknowledged and cleared to its group's streams only", async () => {
    const admin = await t.as('admin')
    const ours = await stream(admin)
    const theirs = await stream(await t.as('admin2'))
    const device = t.fx.devicesOf.A[0]!
    const alarmId = await t.db.transaction(SYSTEM, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO alarms (group_id, device_id, condition_key, alert_type, severity, rule_name,
           title, message, raised_at)
         VALUES ($1, $2, $3, 'DEVICE_OFFLINE', 'warning', 'Offline', 'Device offline',
                 'Main meter has been offline for 45 min.', now()) RETURNING id`,
        [t.fx.groups.A, device, `test:${crypto.randomUUID()}`],
      )
      return rows[0]!.id
    })
    const ofAlarm = (state: string) => (e: { event?: string; data?: unknown }) =>
      e.event === 'alarm' && (e.data as { state: string }).state === state
    expect((await ours.next(ofAlarm('active'))).data).toEqual({
      alarm_id: alarmId,
      device_id: device,
      state: 'active',
    })
    const acknowledged = await t.call(admin, {
      method: 'POST',
      url: `/api/v1/notifications/alarms/${alarmId}/acknowledge`,
      payload: {},
    })
    expect(acknowledged.statusCode).toBe(200)
    await ours.next(ofAlarm('acknowledged'))
    const cleared = await t.call(admin, {
      method: 'POST',
      url: `/api/v1/notifications/alarms/${alarmId}/clear`,
    })
    expect(cleared.statusCode).toBe(200)
    await ours.next(ofAlarm('cleared'))
    expect(theirs.events.some((e) => e.event === 'alarm')).toBe(false)
  })

  it('announces a committed change of readings once per device, whoever stores them; a rolled-back one never', async () => {
    const heard: WireEvent[] = []
    const listening = await t.db.listen(
      LIVE_CHANNEL,
      (payload) => payload && heard.push(...(JSON.parse(payload) as WireEvent[])),
      { inCommitOrder: true },
    )
    try {
      const [d1, d2] = await t.db.transaction(SYSTEM, async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO devices (group_id, name, serial_number)
           SELECT $1, 'Announced ' || i, 'ANN-' || i FROM generate_series(1, 2) AS i RETURNING id`,
          [t.fx.groups.B],
        )
        return rows.map((r) => r.id)
      })
      const at = (minutes: number) => new Date(clock + minutes * 60_000)
      clock += 60 * 60_000
      // One ingest of several readings per device: one event each, the newest (sent out of order).
      await t.db.transaction(SYSTEM, (tx) =>
        insertReadings(tx, [
          { deviceId: d1!, ts: at(2), kwh: 12 },
          { deviceId: d1!, ts: at(3), kwh: 13 },
          { deviceId: d1!, ts: at(1), kwh: 11 },
          { deviceId: d2!, ts: at(1), kwh: 21, source: 'mqtt' },
          { deviceId: d2!, ts: at(1), kwh: 21, source: 'mqtt' }, // a repeat: stored once
          { deviceId: d2!, ts: at(2), kwh: 5, readingType: 'water_m3' }, // not energy: not announced
        ]),
      )
      // Rolled back: never announced.
      await expect(
        t.db.transaction(SYSTEM, async (tx) => {
          await insertReadings(tx, [{ deviceId: d1!, ts: at(4), kwh: 14 }])
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      // Idempotent ingest: readings already stored are no change, and announce nothing.
      await t.db.transaction(SYSTEM, (tx) =>
        insertReadings(tx, [{ deviceId: d1!, ts: at(3), kwh: 13 }]),
      )
      // Stored by plain SQL, not through insertReadings: announced the same.
      await t.db.transaction(SYSTEM, (tx) =>
        tx.query(
          `INSERT INTO readings (group_id, device_id, ts, kwh, source) VALUES ($1, $2, $3, 15, 'manual')`,
          [t.fx.groups.B, d1, at(5)],
        ),
      )
      await vi.waitFor(
        () => expect(heard.some((e) => e.t === 'reading' && e.d === d1 && e.k === 15)).toBe(true),
        { timeout: 5000 },
      )
      const ours = heard
        .filter((e) => e.t === 'reading' && (e.d === d1 || e.d === d2))
        .map((e) => e.t === 'reading' && { d: e.d, ts: e.ts, k: e.k, s: e.s })
      expect(ours).toHaveLength(3)
      expect(ours).toEqual(
        expect.arrayContaining([
          { d: d1, ts: at(3).toISOString(), k: 13, s: 'bulk' },
          { d: d2, ts: at(1).toISOString(), k: 21, s: 'mqtt' },
        ]),
      )
      expect(ours[2]).toEqual({ d: d1, ts: at(5).toISOString(), k: 15, s: 'manual' })
    } finally {
      await listening.close()
    }
  })

  it('ends open streams when the server closes', async () => {
    const admin = await t.as('admin')
    const s = await stream(admin, {}, secondBase)
    await second.close()
    await s.ended
    second = { close: async () => {} } as unknown as Replica
  })
})
