import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import pino from 'pino'
import { SYSTEM } from '~/server/db/database.ts'
import {
  EVALUATOR_LOCK,
  evaluateRules,
  startRulesEvaluator,
} from '~/server/modules/notifications/evaluator.ts'
import { rulesRepository, type NewRule } from '~/server/modules/notifications/rules-repository.ts'
import { insertReadings } from '~/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from '../../helpers/build.ts'
import { spec } from '../../helpers/spec.ts'

let t: TestApp
const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** A Tuesday in March: Europe/Berlin is UTC+01:00. */
const BASE = Date.parse('2026-03-10T08:00:00Z')
const at = (minutes: number) => new Date(BASE + minutes * MINUTE)

const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
ajv.addSchema({ ...spec, $id: 'openapi.json' })

/** Params must fit the contract's schema exactly: valid, and no field it does not name. */
function expectFits(params: Record<string, unknown>, name: string) {
  const check = ajv.getSchema(`openapi.json#/components/schemas/${name}`)!
  expect(check(params), JSON.stringify(check.errors)).toBe(true)
  const known = Object.keys((check.schema as { properties: object }).properties)
  expect(Object.keys(params).filter((k) => !known.includes(k))).toEqual([])
}

interface StoredNotification {
  id: string
  title: string
  message: string
  event_type: string
  template_id: string
  params: Record<string, unknown>
  triggered_at: Date
  cleared_at: Date | null
}

const notificationsOf = async (ruleId: string) =>
  (
    await t.db.query<StoredNotification>(
      `SELECT id, title, message, event_type, template_id, params, triggered_at, cleared_at
       FROM notifications WHERE rule_id = $1 AND event_type <> 'alarm.cleared.v1'
       ORDER BY triggered_at, id`,
      [ruleId],
    )
  ).rows

async function addDevice(groupId: string, name: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO devices (group_id, name, serial_number, location) VALUES ($1, $2, $3, 'Test hall')
     RETURNING id`,
    [groupId, name, `EVAL-${name}`],
  )
  return rows[0]!.id
}

/** Cumulative readings at BASE + minutes. */
const addReadings = (deviceId: string, points: Array<[minutes: number, kwh: number]>) =>
  t.db.transaction(SYSTEM, (tx) =>
    insertReadings(
      tx,
      points.map(([minutes, kwh]) => ({ deviceId, ts: at(minutes), kwh })),
    ),
  )

/** A rule that has existed since the day before BASE (or since `createdAt`). */
async function addRule(rule: Omit<NewRule, 'createdBy'>, createdAt = new Date(BASE - 24 * HOUR)) {
  const created = await t.db.transaction(SYSTEM, (tx) =>
    rulesRepository(tx).create({ ...rule, createdBy: null }),
  )
  await t.db.query('UPDATE notification_rules SET created_at = $2 WHERE id = $1', [
    created.id,
    createdAt.toISOString(),
  ])
  return created.id
}

const evaluate = (minutes: number) => evaluateRules(t.db, { now: at(minutes) })

beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

describe('DEVICE_OFFLINE rules', () => {
  let deviceId: string
  let ruleId: string

  beforeAll(async () => {
    deviceId = await addDevice(t.fx.groups.A, 'Offline meter')
    await addReadings(deviceId, [
      [-30, 10],
      [-15, 11],
      [0, 12],
    ])
    ruleId = await addRule({
      groupId: t.fx.groups.A,
      name: 'Offline meter silent',
      alertType: 'DEVICE_OFFLINE',
      deviceIds: [deviceId],
      offlineAfterMinutes: 30,
    })
  })

  it('alerts once the device has been silent for the rule minutes, with contract params', async () => {
    await evaluate(29)
    expect(await notificationsOf(ruleId)).toEqual([])
    await evaluate(30)
    const [alert, ...more] = await notificationsOf(ruleId)
    expect(more).toEqual([])
    expect(alert).toMatchObject({
      title: 'Device offline',
      message: 'Offline meter has been offline for 30 min.',
      event_type: 'device.offline.v1',
      template_id: 'device.offline.v1',
      triggered_at: at(30),
      cleared_at: null,
    })
    expect(alert!.params).toEqual({
      device_id: deviceId,
      device_name: 'Offline meter',
      location: 'Test hall',
      last_seen: at(0).toISOString(),
      offline_duration_minutes: 30,
    })
    expectFits(alert!.params, 'DeviceOfflineParams')
    const rule = await t.db.query<{ last_triggered_at: Date }>(
      'SELECT last_triggered_at FROM notification_rules WHERE id = $1',
      [ruleId],
    )
    expect(rule.rows[0]!.last_triggered_at).toEqual(at(30))
  })

  it('delivers one delivery to each user of the group (and to developers and superusers)', async () => {
    const [alert] = await notificationsOf(ruleId)
    const { rows } = await t.db.query<{ user_id: string }>(
      'SELECT user_id FROM notification_deliveries WHERE notification_id = $1',
      [alert!.id],
    )
    const fx = t.fx.users
    expect(rows.map((r) => r.user_id).sort()).toEqual(
      [fx.admin, fx.user, fx.developer, fx.superuser].sort(),
    )
  })

  it('does not repeat while the condition holds', async () => {
    await evaluate(45)
    await evaluate(120)
    const alerts = await notificationsOf(ruleId)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.cleared_at).toBeNull()
  })

  it('clears when the device reports again, and can alert again later', async () => {
    await addReadings(deviceId, [[125, 13]])
    await evaluate(130)
    expect((await notificationsOf(ruleId))[0]!.cleared_at).toEqual(at(130))
    await evaluate(154)
    expect(await notificationsOf(ruleId)).toHaveLength(1)
    await evaluate(155)
    const [first, second] = await notificationsOf(ruleId)
    expect(first!.cleared_at).toEqual(at(130))
    expect(second).toMatchObject({ triggered_at: at(155), cleared_at: null })
    expect(second!.params).toMatchObject({
      last_seen: at(125).toISOString(),
      offline_duration_minutes: 30,
    })
  })

  it('clears the open alert of a deactivated rule', async () => {
    await t.db.query('UPDATE notification_rules SET is_active = false WHERE id = $1', [ruleId])
    await evaluate(160)
    const alerts = await notificationsOf(ruleId)
    expect(alerts.every((a) => a.cleared_at !== null)).toBe(true)
    await evaluate(200)
    expect(await notificationsOf(ruleId)).toHaveLength(2)
  })
})

describe('CONSUMPTION_THRESHOLD rules', () => {
  let deviceId: string
  let kwhRule: string
  let whRule: string

  beforeAll(async () => {
    deviceId = await addDevice(t.fx.groups.A, 'Threshold meter')
    // 08:00-09:00 UTC rises 6 kWh, 09:00-10:00 2 kWh, 10:00-11:00 8 kWh.
    let kwh = 100
    const points: Array<[number, number]> = [[0, kwh]]
    for (const perQuarter of [1.5, 0.5, 2]) {
      for (let q = 0; q < 4; q++) points.push([points.length * 15, (kwh += perQuarter)])
    }
    await addReadings(deviceId, points)
    const rule = {
      groupId: t.fx.groups.A,
      alertType: 'CONSUMPTION_THRESHOLD',
      deviceIds: [deviceId],
      window: 'HOURLY',
    } as const
    kwhRule = await addRule({ ...rule, name: 'Hourly 5 kWh', thresholdValue: 5, unit: 'kWh' })
    whRule = await addRule({ ...rule, name: 'Hourly 7000 Wh', thresholdValue: 7000, unit: 'Wh' })
  })

  it('alerts when a closed window went over, once it has settled', async () => {
    await evaluate(65)
    expect(await notificationsOf(kwhRule)).toEqual([])
    await evaluate(70)
    const [alert, ...more] = await notificationsOf(kwhRule)
    expect(more).toEqual([])
    expect(alert).toMatchObject({
      title: 'Consumption threshold exceeded',
      event_type: 'consumption.threshold.v1',
      triggered_at: at(70),
      cleared_at: null,
    })
    expect(alert!.params).toEqual({
      device_id: deviceId,
      device_name: 'Threshold meter',
      location: 'Test hall',
      threshold_value: 5,
      actual_value: 6,
      unit: 'kWh',
      window: 'HOURLY',
      timestamp: '2026-03-10T10:00:00+01:00',
    })
    expectFits(alert!.params, 'ConsumptionThresholdParams')
    expect(alert!.message).toBe(
      'Threshold meter used 6.00 kWh between 09:00 and 10:00 on 10 Mar 2026, above the threshold of 5.00 kWh.',
    )
    expect(await notificationsOf(whRule)).toEqual([])
  })

  it('does not repeat for the same window', async () => {
    await evaluate(100)
    expect(await notificationsOf(kwhRule)).toHaveLength(1)
  })

  it('clears when a later window stays under, and alerts again when one goes over', async () => {
    await evaluate(130)
    const [first] = await notificationsOf(kwhRule)
    expect(first!.cleared_at).toEqual(at(130))
    expect(await notificationsOf(kwhRule)).toHaveLength(1)
    await evaluate(190)
    const alerts = await notificationsOf(kwhRule)
    expect(alerts).toHaveLength(2)
    expect(alerts[1]).toMatchObject({ triggered_at: at(190), cleared_at: null })
    expect(alerts[1]!.params).toMatchObject({
      actual_value: 8,
      timestamp: '2026-03-10T12:00:00+01:00',
    })
    const [inWh] = await notificationsOf(whRule)
    expect(inWh!.params).toMatchObject({ actual_value: 8000, threshold_value: 7000, unit: 'Wh' })
  })

  it('does not alert about windows that closed before the rule existed', async () => {
    const late = await addRule(
      {
        groupId: t.fx.groups.A,
        name: 'Created later',
        alertType: 'CONSUMPTION_THRESHOLD',
        deviceIds: [deviceId],
        thresholdValue: 1,
        unit: 'kWh',
        window: 'HOURLY',
      },
      at(185),
    )
    await evaluate(195)
    expect(await notificationsOf(late)).toEqual([])
  })

  it('judges days in the group timezone, half-hour zones included', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO groups (name, timezone) VALUES ('Mumbai works', 'Asia/Kolkata') RETURNING id`,
    )
    const groupId = rows[0]!.id
    const device = await addDevice(groupId, 'Kolkata meter')
    // One kWh a quarter hour from 2026-03-09T18:00Z to 2026-03-10T19:00Z; the local day of
    // 10 March (+05:30) is (09T18:30Z, 10T18:30Z]: 96 quarters.
    const start = Date.parse('2026-03-09T18:00:00Z')
    await t.db.transaction(SYSTEM, (tx) =>
      insertReadings(
        tx,
        Array.from({ length: 101 }, (_, i) => ({
          deviceId: device,
          ts: new Date(start + i * 15 * MINUTE),
          kwh: 500 + i,
        })),
      ),
    )
    const ruleId = await addRule({
      groupId,
      name: 'Daily 95',
      alertType: 'CONSUMPTION_THRESHOLD',
      deviceIds: [],
      thresholdValue: 95,
      unit: 'kWh',
      window: 'DAILY',
    })
    await evaluateRules(t.db, { now: new Date('2026-03-10T18:45:00Z') })
    const [alert] = await notificationsOf(ruleId)
    expect(alert!.params).toMatchObject({
      actual_value: 96,
      window: 'DAILY',
      timestamp: '2026-03-11T00:00:00+05:30',
    })
    const { rows: deliveries } = await t.db.query<{ user_id: string }>(
      'SELECT user_id FROM notification_deliveries WHERE notification_id = $1',
      [alert!.id],
    )
    expect(deliveries.map((d) => d.user_id).sort()).toEqual(
      [t.fx.users.developer, t.fx.users.superuser].sort(),
    )
  })
})

describe('one runner at a time', () => {
  it('two concurrent runs raise each alert once', async () => {
    const deviceId = await addDevice(t.fx.groups.B, 'Contended meter')
    await addReadings(deviceId, [[1000, 1]])
    const ruleId = await addRule({
      groupId: t.fx.groups.B,
      name: 'Contended',
      alertType: 'DEVICE_OFFLINE',
      deviceIds: [deviceId],
      offlineAfterMinutes: 5,
    })
    await Promise.all([evaluate(1010), evaluate(1010), evaluate(1010)])
    const alerts = await notificationsOf(ruleId)
    expect(alerts).toHaveLength(1)
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notification_deliveries WHERE notification_id = $1',
      [alerts[0]!.id],
    )
    expect(rows[0]!.n).toBe(4)
  })

  // PGlite has one connection, so a second transaction waits for the first instead of meeting
  // its lock: the skip can only be seen on PostgreSQL.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a run finds the advisory lock taken and skips',
    async () => {
      await t.db.transaction(SYSTEM, async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [EVALUATOR_LOCK])
        expect(await evaluate(2000)).toEqual({
          skipped: true,
          raised: 0,
          cleared: 0,
          deliveries: 0,
          alarms: { raised: [], cleared: [] },
        })
      })
      expect((await evaluate(2000)).skipped).toBe(false)
    },
  )
})

describe('the evaluator inside the server', () => {
  it('runs on its schedule with the injected clock, and stop waits for the run in flight', async () => {
    const deviceId = await addDevice(t.fx.groups.A, 'Scheduled meter')
    await addReadings(deviceId, [[3000, 1]])
    const ruleId = await addRule({
      groupId: t.fx.groups.A,
      name: 'Scheduled',
      alertType: 'DEVICE_OFFLINE',
      deviceIds: [deviceId],
      offlineAfterMinutes: 10,
    })
    // The evaluator's own log line says when a run raised something: wait for it, not for a time.
    let raised: () => void
    const raisedLogged = new Promise<void>((resolve) => (raised = resolve))
    const log = pino(
      { level: 'info' },
      {
        write(line: string) {
          const entry = JSON.parse(line) as { msg: string; raised?: number }
          if (entry.msg === 'Notification rules evaluated' && entry.raised) raised()
        },
      },
    )
    const stop = startRulesEvaluator(t.db, log, {
      intervalMs: 10,
      firstRunMs: 0,
      clock: () => at(3020),
    })
    try {
      await raisedLogged
    } finally {
      await stop()
    }
    const [alert] = await notificationsOf(ruleId)
    expect(alert).toMatchObject({ triggered_at: at(3020) })
    expect(alert!.params).toMatchObject({ offline_duration_minutes: 20 })
  })
})
