import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM } from '~/server/db/database.ts'
import { evaluateRules } from '~/server/modules/notifications/evaluator.ts'
import { rulesRepository } from '~/server/modules/notifications/rules-repository.ts'
import { insertReadings } from '~/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from '../../helpers/build.ts'

let t: TestApp
const MINUTE = 60_000
const BASE = Date.parse('2026-03-10T08:00:00Z')
const at = (minutes: number) => new Date(BASE + minutes * MINUTE)
let quarterHourly: string
let unknownInterval: string

/** A device of group A with the catalogue model `model` (PM5560 reports every 15 minutes). */
async function addDevice(name: string, model: string | null): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO devices (group_id, name, serial_number, device_model_id)
     VALUES ($1, $2, $3, (SELECT id FROM device_models WHERE group_id IS NULL AND name = $4))
     RETURNING id`,
    [t.fx.groups.A, name, `INT-${name}`, model],
  )
  return rows[0]!.id
}

beforeAll(async () => {
  t = await build()
  quarterHourly = await addDevice('Quarter-hour meter', 'PM5560')
  unknownInterval = await addDevice('Pulse counter', 'Generic pulse counter')
})
afterAll(async () => t?.close())

const offlineRule = (minutes: number, deviceIds?: string[]) => ({
  group_id: t.fx.groups.A,
  name: `Offline after ${minutes} ${deviceIds?.length ?? 'all'} ${crypto.randomUUID().slice(0, 6)}`,
  alert_type: 'DEVICE_OFFLINE',
  offline_after_minutes: minutes,
  ...(deviceIds ? { device_ids: deviceIds } : {}),
})

const refusal = {
  detail: [
    {
      loc: ['body', 'offline_after_minutes'],
      msg: 'Quarter-hour meter reports every 15 minutes: an offline rule for it needs at least 15 minutes',
    },
  ],
}

describe('an offline rule shorter than a watched device reports', () => {
  it('is refused at creation, naming the interval, for the device or the whole group', async () => {
    const admin = await t.as('admin')
    for (const body of [offlineRule(5, [quarterHourly]), offlineRule(14)]) {
      const answer = await t.call(admin, {
        method: 'POST',
        url: '/api/v1/notifications/rules',
        payload: body,
      })
      expect(answer.statusCode).toBe(422)
      expect(answer.json()).toMatchObject(refusal)
    }
    const fits = await t.call(admin, {
      method: 'POST',
      url: '/api/v1/notifications/rules',
      payload: offlineRule(15),
    })
    expect(fits.statusCode).toBe(201)
    // A model that does not say how often its devices report sets no floor.
    const unknown = await t.call(admin, {
      method: 'POST',
      url: '/api/v1/notifications/rules',
      payload: offlineRule(5, [unknownInterval]),
    })
    expect(unknown.statusCode).toBe(201)
  })

  it('is refused when an edit shortens it or adds such a device, not when it is renamed', async () => {
    const admin = await t.as('admin')
    const created = await t.call(admin, {
      method: 'POST',
      url: '/api/v1/notifications/rules',
      payload: offlineRule(5, [unknownInterval]),
    })
    const url = `/api/v1/notifications/rules/${created.json().id}`
    const widened = await t.call(admin, {
      method: 'PATCH',
      url,
      payload: { device_ids: [unknownInterval, quarterHourly] },
    })
    expect(widened.statusCode).toBe(422)
    expect(widened.json()).toMatchObject(refusal)
    const longer = await t.call(admin, {
      method: 'PATCH',
      url,
      payload: { device_ids: [unknownInterval, quarterHourly], offline_after_minutes: 20 },
    })
    expect(longer.statusCode).toBe(200)
    const shorter = await t.call(admin, {
      method: 'PATCH',
      url,
      payload: { offline_after_minutes: 10 },
    })
    expect(shorter.statusCode).toBe(422)
    const renamed = await t.call(admin, { method: 'PATCH', url, payload: { name: 'Renamed' } })
    expect(renamed.statusCode).toBe(200)
  })
})

describe('the evaluator', () => {
  it('waits for the interval and a half, whatever the rule says, and the device reads offline with the alert', async () => {
    await t.db.transaction(SYSTEM, (tx) =>
      insertReadings(tx, [{ deviceId: quarterHourly, ts: at(0), kwh: 10 }]),
    )
    // Stored as it was before the check existed, or before a slower device joined the group.
    const rule = await t.db.transaction(SYSTEM, (tx) =>
      rulesRepository(tx).create({
        groupId: t.fx.groups.A,
        name: 'Five minutes on a quarter-hour meter',
        alertType: 'DEVICE_OFFLINE',
        deviceIds: [quarterHourly],
        offlineAfterMinutes: 5,
        createdBy: null,
      }),
    )
    const alerts = async () =>
      (
        await t.db.query<{ id: string }>('SELECT id FROM notifications WHERE rule_id = $1', [
          rule.id,
        ])
      ).rows
    const status = async () =>
      (
        await t.db.query<{ status: string }>('SELECT status FROM devices WHERE id = $1', [
          quarterHourly,
        ])
      ).rows[0]!.status

    await evaluateRules(t.db, { now: at(10) })
    await evaluateRules(t.db, { now: at(22) })
    expect(await alerts()).toEqual([])
    expect(await status()).not.toBe('offline')

    await evaluateRules(t.db, { now: at(23) })
    expect(await alerts()).toHaveLength(1)
    expect(await status()).toBe('offline')
  })
})
