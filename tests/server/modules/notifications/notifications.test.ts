import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import * as sdk from '~/api/__generated__/sdk.gen.ts'
import type {
  ListNotificationsData,
  NotificationDelivery,
  NotificationRule,
} from '~/api/__generated__/types.gen.ts'
import { evaluateRules } from '~/server/modules/notifications/evaluator.ts'
import { build, type TestApp } from '../../helpers/build.ts'
import { PASSWORD, USERS, type UserKey } from '../../helpers/fixtures.ts'
import { injectClient } from '../../helpers/sdk-client.ts'
import { responseValidator, spec } from '../../helpers/spec.ts'

type Api = ReturnType<typeof injectClient>
type Body = Record<string, unknown>

let t: TestApp
const validate = responseValidator()
const HOUR = 3_600_000

/** Contract schemas by name, for the parts of a body the response schema leaves open (params). */
function schemaValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ ...spec, $id: 'openapi.json' })
  return (name: string) => ajv.getSchema(`openapi.json#/components/schemas/${name}`)!
}
const schema = schemaValidator()

/** Signs `user` in through the SDK; `groupId` goes out as X-Group-ID on every call. */
async function signIn(user: UserKey, groupId?: string): Promise<Api> {
  const api = injectClient(t.app, { groupId })
  await sdk.login({ client: api.client, body: { username: USERS[user].email, password: PASSWORD } })
  expect(api.last().status).toBe(200)
  return api
}

/** Runs an SDK call, checks its status and validates its body against the contract. */
async function expectCall<T = Body>(
  api: Api,
  operationId: string,
  status: number,
  call: () => Promise<unknown>,
): Promise<T> {
  await call()
  const exchange = api.last()
  expect(exchange.status, `${operationId}: ${JSON.stringify(exchange.body)}`).toBe(status)
  expect(validate(operationId, exchange.status, exchange.contentType, exchange.body)).toEqual([])
  return exchange.body as T
}

/** Params must fit the template's schema exactly: its required fields, nothing it does not name. */
function expectParamsFit(delivery: NotificationDelivery, schemaName: string) {
  const check = schema(schemaName)
  const params = delivery.notification.params as Body
  expect(check(params), JSON.stringify(check.errors)).toBe(true)
  const known = Object.keys((check.schema as { properties: Body }).properties)
  expect(Object.keys(params).filter((k) => !known.includes(k))).toEqual([])
}

const feedOf = (api: Api, query: ListNotificationsData['query'] = {}) =>
  expectCall<{ deliveries: NotificationDelivery[]; total: number; unread_count: number }>(
    api,
    'listNotifications',
    200,
    () => sdk.listNotifications({ client: api.client, query }),
  )

const offlineRule = (groupId: string, name: string, minutes: number, deviceIds: string[] = []) => ({
  group_id: groupId,
  name,
  alert_type: 'DEVICE_OFFLINE' as const,
  device_ids: deviceIds,
  offline_after_minutes: minutes,
})

let admin: Api
let user: Api
let admin2: Api
let user2: Api
/** Fixture readings end at the last quarter hour before the tests start. */
let lastSeen: number

beforeAll(async () => {
  t = await build()
  admin = await signIn('admin')
  user = await signIn('user')
  admin2 = await signIn('admin2')
  user2 = await signIn('user2')
  const { rows } = await t.db.query<{ last_seen: Date }>(
    'SELECT last_seen FROM devices WHERE id = $1',
    [t.fx.devices['NW-EM-1001']],
  )
  lastSeen = rows[0]!.last_seen.getTime()
  // Two alerts for group A's reporting meter (one per rule, an hour apart), one for group B's.
  const create = (api: Api, body: ReturnType<typeof offlineRule>) =>
    expectCall(api, 'createNotificationRule', 201, () =>
      sdk.createNotificationRule({ client: api.client, body }),
    )
  await create(admin, offlineRule(t.fx.groups.A, 'Offline 30 minutes', 30))
  await create(admin2, offlineRule(t.fx.groups.B, 'Offline 30 minutes', 30))
  await evaluateRules(t.db, { now: new Date(lastSeen + 2 * HOUR) })
  await create(
    admin,
    offlineRule(t.fx.groups.A, 'Main meter silent', 60, [t.fx.devices['NW-EM-1001']]),
  )
  await evaluateRules(t.db, { now: new Date(lastSeen + 3 * HOUR) })
})
afterAll(async () => t?.close())

describe('the notification feed', () => {
  it("lists the user's deliveries newest first, with params that fit device.offline.v1", async () => {
    const feed = await feedOf(user)
    expect(feed).toMatchObject({ total: 2, unread_count: 2 })
    expect(feed.deliveries.map((d) => d.notification.triggered_at)).toEqual([
      new Date(lastSeen + 3 * HOUR).toISOString(),
      new Date(lastSeen + 2 * HOUR).toISOString(),
    ])
    for (const delivery of feed.deliveries) {
      expect(delivery).toMatchObject({ user_id: t.fx.users.user, read_at: null })
      expect(delivery.notification).toMatchObject({
        group_id: t.fx.groups.A,
        device_id: t.fx.devices['NW-EM-1001'],
        event_type: 'device.offline.v1',
        template: { id: 'device.offline.v1', version: 1 },
        format_version: 1,
        title: 'Device offline',
      })
      expectParamsFit(delivery, 'DeviceOfflineParams')
    }
    expect(feed.deliveries[0]!.notification.params).toEqual({
      device_id: t.fx.devices['NW-EM-1001'],
      device_name: 'Main meter',
      location: 'Hamburg, Hafenstraße 12',
      last_seen: new Date(lastSeen).toISOString(),
      offline_duration_minutes: 180,
    })
    expect(feed.deliveries[0]!.notification.message).toBe('Main meter has been offline for 3 h.')
  })

  it('keeps tenants apart; elevated users see every group or the one they chose', async () => {
    const b = await feedOf(user2)
    expect(b.total).toBe(1)
    expect(b.deliveries[0]!.notification.group_id).toBe(t.fx.groups.B)
    expect((await feedOf(await signIn('developer'))).total).toBe(3)
    expect((await feedOf(await signIn('superuser', t.fx.groups.A))).total).toBe(2)
    expect((await feedOf(await signIn('developer', t.fx.groups.B))).total).toBe(1)
  })

  it('pages with limit and skip, the total counting every page', async () => {
    const all = await feedOf(user)
    const first = await feedOf(user, { limit: 1 })
    const second = await feedOf(user, { limit: 1, skip: 1 })
    const beyond = await feedOf(user, { limit: 1, skip: 2 })
    expect(first.deliveries.map((d) => d.id)).toEqual([all.deliveries[0]!.id])
    expect(second.deliveries.map((d) => d.id)).toEqual([all.deliveries[1]!.id])
    expect(beyond).toMatchObject({ deliveries: [], total: 2, unread_count: 2 })
    await expectCall(user, 'listNotifications', 422, () =>
      sdk.listNotifications({ client: user.client, query: { limit: 101 } }),
    )
  })

  it('marks one delivery read, idempotently, and only for its recipient', async () => {
    const [newest, oldest] = (await feedOf(user)).deliveries
    const read = await expectCall<NotificationDelivery>(user, 'markNotificationRead', 200, () =>
      sdk.markNotificationRead({ client: user.client, path: { id: oldest!.id } }),
    )
    expect(read.read_at).not.toBeNull()
    const again = await expectCall<NotificationDelivery>(user, 'markNotificationRead', 200, () =>
      sdk.markNotificationRead({ client: user.client, path: { id: oldest!.id } }),
    )
    expect(again.read_at).toBe(read.read_at)
    for (const other of [admin, user2]) {
      await expectCall(other, 'markNotificationRead', 404, () =>
        sdk.markNotificationRead({ client: other.client, path: { id: newest!.id } }),
      )
    }
    const count = await expectCall(user, 'getUnreadNotificationCount', 200, () =>
      sdk.getUnreadNotificationCount({ client: user.client }),
    )
    expect(count).toEqual({ unread_count: 1 })
    const unread = await feedOf(user, { unread_only: true })
    expect(unread.deliveries.map((d) => d.id)).toEqual([newest!.id])
    expect(unread).toMatchObject({ total: 1, unread_count: 1 })
  })

  it('marks all read for the signed-in user only', async () => {
    const result = await expectCall(user, 'markAllNotificationsRead', 200, () =>
      sdk.markAllNotificationsRead({ client: user.client }),
    )
    expect(result).toEqual({ updated: 1 })
    expect(
      await expectCall(user, 'markAllNotificationsRead', 200, () =>
        sdk.markAllNotificationsRead({ client: user.client }),
      ),
    ).toEqual({ updated: 0 })
    expect((await feedOf(user)).unread_count).toBe(0)
    expect((await feedOf(admin)).unread_count).toBe(2)
  })
})

describe('notification rules', () => {
  const thresholdRule = (groupId: string, name: string) => ({
    group_id: groupId,
    name,
    alert_type: 'CONSUMPTION_THRESHOLD' as const,
    device_ids: [
      groupId === t.fx.groups.A ? t.fx.devices['NW-EM-1001'] : t.fx.devices['HU-EM-2001'],
    ],
    threshold_value: 200,
    unit: 'kWh',
    window: 'DAILY' as const,
  })
  let rule: NotificationRule

  it('are listed only for a group inside the caller scope, by name', async () => {
    expect(
      await expectCall(user, 'listNotificationRules', 200, () =>
        sdk.listNotificationRules({ client: user.client }),
      ),
    ).toEqual({ items: [] })
    const list = await expectCall<{ items: NotificationRule[] }>(
      user,
      'listNotificationRules',
      200,
      () => sdk.listNotificationRules({ client: user.client, query: { group_id: t.fx.groups.A } }),
    )
    expect(list.items.map((r) => r.name)).toEqual(['Main meter silent', 'Offline 30 minutes'])
    for (const [api, group] of [
      [admin, t.fx.groups.B],
      [await signIn('developer', t.fx.groups.A), t.fx.groups.B],
    ] as const) {
      await expectCall(api, 'listNotificationRules', 404, () =>
        sdk.listNotificationRules({ client: api.client, query: { group_id: group } }),
      )
    }
    const developer = await signIn('developer')
    const b = await expectCall<{ items: NotificationRule[] }>(
      developer,
      'listNotificationRules',
      200,
      () =>
        sdk.listNotificationRules({ client: developer.client, query: { group_id: t.fx.groups.B } }),
    )
    expect(b.items.map((r) => r.group_id)).toEqual([t.fx.groups.B])
  })

  it('are created by admins in their own group, with devices of that group and unique names', async () => {
    rule = await expectCall<NotificationRule>(admin, 'createNotificationRule', 201, () =>
      sdk.createNotificationRule({
        client: admin.client,
        body: thresholdRule(t.fx.groups.A, 'Daily budget'),
      }),
    )
    expect(rule).toMatchObject({
      group_id: t.fx.groups.A,
      alert_type: 'CONSUMPTION_THRESHOLD',
      is_active: true,
      offline_after_minutes: null,
      threshold_value: 200,
      unit: 'kWh',
      window: 'DAILY',
      created_by: t.fx.users.admin,
      last_triggered_at: null,
    })
    await expectCall(admin, 'createNotificationRule', 409, () =>
      sdk.createNotificationRule({
        client: admin.client,
        body: thresholdRule(t.fx.groups.A, ' daily BUDGET '),
      }),
    )
    await expectCall(admin, 'createNotificationRule', 403, () =>
      sdk.createNotificationRule({
        client: admin.client,
        body: thresholdRule(t.fx.groups.B, 'Elsewhere'),
      }),
    )
    await expectCall(user, 'createNotificationRule', 403, () =>
      sdk.createNotificationRule({
        client: user.client,
        body: thresholdRule(t.fx.groups.A, 'Mine'),
      }),
    )
    const foreign = {
      ...thresholdRule(t.fx.groups.A, 'Foreign'),
      device_ids: [t.fx.devices['HU-EM-2001']],
    }
    const refused = await expectCall<{ detail: Array<{ loc: unknown[] }> }>(
      admin,
      'createNotificationRule',
      422,
      () => sdk.createNotificationRule({ client: admin.client, body: foreign }),
    )
    expect(refused.detail[0]!.loc).toEqual(['body', 'device_ids', 0])
    const superuser = await signIn('superuser', t.fx.groups.A)
    const inB = await expectCall<NotificationRule>(superuser, 'createNotificationRule', 201, () =>
      sdk.createNotificationRule({
        client: superuser.client,
        body: thresholdRule(t.fx.groups.B, 'Set up by support'),
      }),
    )
    expect(inB.group_id).toBe(t.fx.groups.B)
  })

  it('are read by anyone in the group; another group answers 404', async () => {
    const got = await expectCall(user, 'getNotificationRule', 200, () =>
      sdk.getNotificationRule({ client: user.client, path: { id: rule.id } }),
    )
    expect(got).toEqual(rule)
    for (const api of [user2, admin2, await signIn('developer', t.fx.groups.B)]) {
      await expectCall(api, 'getNotificationRule', 404, () =>
        sdk.getNotificationRule({ client: api.client, path: { id: rule.id } }),
      )
      await expectCall(api, 'updateNotificationRule', api === user2 ? 403 : 404, () =>
        sdk.updateNotificationRule({
          client: api.client,
          path: { id: rule.id },
          body: { threshold_value: 1 },
        }),
      )
      await expectCall(api, 'deactivateNotificationRule', api === user2 ? 403 : 404, () =>
        sdk.deactivateNotificationRule({ client: api.client, path: { id: rule.id } }),
      )
      await expectCall(api, 'deleteNotificationRule', api === user2 ? 403 : 404, () =>
        sdk.deleteNotificationRule({ client: api.client, path: { id: rule.id } }),
      )
    }
  })

  it('are patched field by field; fields of the other alert type answer 422', async () => {
    const patched = await expectCall<NotificationRule>(admin, 'updateNotificationRule', 200, () =>
      sdk.updateNotificationRule({
        client: admin.client,
        path: { id: rule.id },
        body: { threshold_value: 250.5, window: 'WEEKLY', device_ids: [] },
      }),
    )
    expect(patched).toMatchObject({
      threshold_value: 250.5,
      window: 'WEEKLY',
      device_ids: [],
      unit: 'kWh',
    })
    expect(patched.updated_at >= rule.updated_at).toBe(true)
    const wrongType = await expectCall<{ detail: Array<{ loc: unknown[] }> }>(
      admin,
      'updateNotificationRule',
      422,
      () =>
        sdk.updateNotificationRule({
          client: admin.client,
          path: { id: rule.id },
          body: { offline_after_minutes: 30 },
        }),
    )
    expect(wrongType.detail[0]!.loc).toEqual(['body', 'offline_after_minutes'])
    await expectCall(admin, 'updateNotificationRule', 409, () =>
      sdk.updateNotificationRule({
        client: admin.client,
        path: { id: rule.id },
        body: { name: 'offline 30 MINUTES' },
      }),
    )
    await expectCall(admin, 'updateNotificationRule', 422, () =>
      sdk.updateNotificationRule({
        client: admin.client,
        path: { id: rule.id },
        body: { device_ids: [t.fx.devices['HU-EM-2002']] },
      }),
    )
    const unchanged = await expectCall<NotificationRule>(admin, 'getNotificationRule', 200, () =>
      sdk.getNotificationRule({ client: admin.client, path: { id: rule.id } }),
    )
    expect(unchanged).toEqual(patched)
    rule = patched
  })

  it('are deactivated (the updated rule comes back), listed with include_inactive, reactivated', async () => {
    const off = await expectCall<NotificationRule>(admin, 'deactivateNotificationRule', 200, () =>
      sdk.deactivateNotificationRule({ client: admin.client, path: { id: rule.id } }),
    )
    expect(off).toMatchObject({ id: rule.id, is_active: false })
    const again = await expectCall<NotificationRule>(admin, 'deactivateNotificationRule', 200, () =>
      sdk.deactivateNotificationRule({ client: admin.client, path: { id: rule.id } }),
    )
    expect(again).toEqual(off)
    const names = async (includeInactive: boolean) =>
      (
        await expectCall<{ items: NotificationRule[] }>(admin, 'listNotificationRules', 200, () =>
          sdk.listNotificationRules({
            client: admin.client,
            query: { group_id: t.fx.groups.A, include_inactive: includeInactive },
          }),
        )
      ).items.map((r) => r.name)
    expect(await names(false)).not.toContain('Daily budget')
    expect(await names(true)).toContain('Daily budget')
    const on = await expectCall<NotificationRule>(admin, 'updateNotificationRule', 200, () =>
      sdk.updateNotificationRule({
        client: admin.client,
        path: { id: rule.id },
        body: { is_active: true },
      }),
    )
    expect(on.is_active).toBe(true)
  })

  it('are deleted; the notifications they raised stay in the feed', async () => {
    const list = await expectCall<{ items: NotificationRule[] }>(
      admin,
      'listNotificationRules',
      200,
      () => sdk.listNotificationRules({ client: admin.client, query: { group_id: t.fx.groups.A } }),
    )
    for (const r of list.items) {
      await expectCall(admin, 'deleteNotificationRule', 204, () =>
        sdk.deleteNotificationRule({ client: admin.client, path: { id: r.id } }),
      )
    }
    await expectCall(admin, 'getNotificationRule', 404, () =>
      sdk.getNotificationRule({ client: admin.client, path: { id: rule.id } }),
    )
    await expectCall(admin, 'deleteNotificationRule', 404, () =>
      sdk.deleteNotificationRule({ client: admin.client, path: { id: rule.id } }),
    )
    expect((await feedOf(user)).total).toBe(2)
  })

  it('writes every change to the audit log with who made it', async () => {
    const file = path.join(t.dataDir, 'logs', 'audit.log')
    const wanted = ['rule.create', 'rule.update', 'rule.deactivate', 'rule.delete']
    const entries = await waitFor(() => {
      const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : []
      const parsed = lines.filter(Boolean).map((l) => JSON.parse(l) as Body)
      return wanted.every((a) => parsed.some((e) => e.action === a)) ? parsed : undefined
    })
    expect(entries.find((e) => e.action === 'rule.delete')).toMatchObject({
      user_id: t.fx.users.admin,
      group_id: t.fx.groups.A,
      rule_id: expect.any(String),
      request_id: expect.any(String),
    })
  })
})

describe('profile=true on the notification and rule endpoints', () => {
  it('answers { data, profile } with the SQL that ran, for developers only', async () => {
    const developer = await signIn('developer', t.fx.groups.B)
    const [someRule] = (
      await expectCall<{ items: NotificationRule[] }>(developer, 'listNotificationRules', 200, () =>
        sdk.listNotificationRules({ client: developer.client, query: { group_id: t.fx.groups.B } }),
      )
    ).items
    const client = developer.client
    const profiled: Array<[string, () => Promise<unknown>, RegExp]> = [
      [
        'listNotifications',
        () => sdk.listNotifications({ client, query: { profile: true } }),
        /notification_deliveries/,
      ],
      [
        'getUnreadNotificationCount',
        () => sdk.getUnreadNotificationCount({ client, query: { profile: true } }),
        /read_at IS NULL/,
      ],
      [
        'markAllNotificationsRead',
        () => sdk.markAllNotificationsRead({ client, query: { profile: true } }),
        /UPDATE notification_deliveries/,
      ],
      [
        'listNotificationRules',
        () =>
          sdk.listNotificationRules({ client, query: { group_id: t.fx.groups.B, profile: true } }),
        /FROM notification_rules/,
      ],
      [
        'getNotificationRule',
        () =>
          sdk.getNotificationRule({ client, path: { id: someRule!.id }, query: { profile: true } }),
        /FROM notification_rules/,
      ],
      [
        'updateNotificationRule',
        () =>
          sdk.updateNotificationRule({
            client,
            path: { id: someRule!.id },
            query: { profile: true },
            body: { name: 'Renamed' },
          }),
        /UPDATE notification_rules/,
      ],
      [
        'deactivateNotificationRule',
        () =>
          sdk.deactivateNotificationRule({
            client,
            path: { id: someRule!.id },
            query: { profile: true },
          }),
        /UPDATE notification_rules/,
      ],
    ]
    for (const [operationId, call, sql] of profiled) {
      await call()
      const exchange = developer.last()
      expect(exchange.status, operationId).toBe(200)
      expect(exchange.contentType).toContain('application/vnd.console.profiled+json')
      expect(validate(operationId, 200, exchange.contentType, exchange.body), operationId).toEqual(
        [],
      )
      const { profile } = exchange.body as { profile: { steps: Array<{ queries: string[] }> } }
      expect(
        profile.steps.flatMap((s) => s.queries).some((q) => sql.test(q)),
        operationId,
      ).toBe(true)
    }
    await expectCall(admin, 'listNotifications', 403, () =>
      sdk.listNotifications({ client: admin.client, query: { profile: true } }),
    )
  })
})

/** The value `probe` gives once it gives one (log lines reach the file asynchronously). */
function waitFor<T>(probe: () => T | undefined, timeout = 5_000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = probe()
      if (value === undefined) throw new Error('condition not met in time')
      return value
    },
    { timeout },
  )
}
