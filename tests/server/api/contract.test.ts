import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sdk from '~/api/__generated__/sdk.gen.ts'
import { loadConfig } from '~/server/config.ts'
import { build, type TestApp } from '../helpers/build.ts'
import { injectClient } from '../helpers/sdk-client.ts'
import { GROUPS, PASSWORD, USERS } from '../helpers/fixtures.ts'
import { operations, responseValidator } from '../helpers/spec.ts'
import { implemented } from '../helpers/requests.ts'

/** The alarm and channel operations (issue 24), each called below. */
const ALARM_OPERATIONS = [
  'listAlarms',
  'getAlarm',
  'acknowledgeAlarm',
  'clearAlarm',
  'listRuleSnoozes',
  'snoozeRule',
  'endRuleSnooze',
  'listNotificationChannels',
  'getNotificationChannel',
  'createNotificationChannel',
  'updateNotificationChannel',
  'deleteNotificationChannel',
  'testNotificationChannel',
  'listChannelDeliveries',
]

/**
 * Every implemented operation called through the generated SDK, each answer (successes and the
 * errors we provoke) validated against its response schema in openapi.yaml.
 */
describe('contract: the generated SDK against the server', () => {
  let t: TestApp
  const validate = responseValidator()
  const seen = new Map<string, Set<number>>()

  const MQTT_AUTH_SECRET = 'contract-mqtt-auth-secret'
  beforeAll(async () => {
    // The broker callbacks answer only with the shared secret set.
    t = await build({
      mqtt: { ...loadConfig({ APP_ENV: 'test' }).mqtt, authSecret: MQTT_AUTH_SECRET },
    })
  })
  afterAll(async () => t?.close())

  /** Runs an SDK call, checks the status and validates the body against the contract. */
  async function check(
    api: ReturnType<typeof injectClient>,
    operationId: string,
    status: number,
    call: () => Promise<unknown>,
  ) {
    await call()
    const exchange = api.last()
    expect(exchange.status, `${operationId}: ${JSON.stringify(exchange.body).slice(0, 300)}`).toBe(
      status,
    )
    const errors = validate(operationId, exchange.status, exchange.contentType, exchange.body)
    expect(errors, `${operationId} ${status} does not match the contract`).toEqual([])
    if (!seen.has(operationId)) seen.set(operationId, new Set())
    seen.get(operationId)!.add(status)
    return exchange.body as Record<string, unknown>
  }

  it('auth, users, preferences', async () => {
    const api = injectClient(t.app)
    const client = api.client
    await check(api, 'getCurrentUser', 401, () => sdk.getCurrentUser({ client }))
    await check(api, 'login', 401, () =>
      sdk.login({ client, body: { username: USERS.admin.email, password: 'wrong' } }),
    )
    await check(api, 'login', 422, () =>
      sdk.login({ client, body: { username: 'not-an-email', password: '' } }),
    )
    await check(api, 'login', 200, () =>
      sdk.login({ client, body: { username: USERS.admin.email, password: PASSWORD } }),
    )
    await check(api, 'getCurrentUser', 200, () => sdk.getCurrentUser({ client }))
    await check(api, 'refreshSession', 200, () => sdk.refreshSession({ client }))
    await check(api, 'getPreferences', 200, () => sdk.getPreferences({ client }))
    await check(api, 'updatePreferences', 200, () =>
      sdk.updatePreferences({
        client,
        body: {
          theme: 'dark',
          timezone: 'Europe/Berlin',
          week_start: 'monday',
          month_start_day: 8,
        },
      }),
    )
    await check(api, 'updatePreferences', 422, () =>
      sdk.updatePreferences({
        client,
        body: { theme: 'dark', timezone: 'Mars/Olympus', week_start: 'monday', month_start_day: 8 },
      }),
    )
    await check(api, 'changePassword', 400, () =>
      sdk.changePassword({
        client,
        body: { current_password: 'wrong-password', new_password: 'another-long-password' },
      }),
    )
    await check(api, 'changePassword', 204, () =>
      sdk.changePassword({ client, body: { current_password: PASSWORD, new_password: PASSWORD } }),
    )
    const list = await check(api, 'listUsers', 200, () =>
      sdk.listUsers({ client, query: { skip: 0, limit: 2 } }),
    )
    expect(list.total).toBe(2)
    const found = await check(api, 'listUsers', 200, () =>
      sdk.listUsers({ client, query: { search: 'USER@demo' } }),
    )
    expect(found.total).toBe(1)
    const created = await check(api, 'createUser', 201, () =>
      sdk.createUser({
        client,
        body: {
          email: 'jonas@example.test',
          full_name: 'Jonas',
          password: 'river-candle-piano-77',
          role: 'user',
        },
      }),
    )
    await check(api, 'createUser', 409, () =>
      sdk.createUser({
        client,
        body: {
          email: 'JONAS@example.test',
          full_name: 'Jonas',
          password: 'river-candle-piano-77',
          role: 'user',
        },
      }),
    )
    await check(api, 'createUser', 403, () =>
      sdk.createUser({
        client,
        body: {
          email: 'dev@example.test',
          full_name: 'Dev',
          password: 'river-candle-piano-77',
          role: 'developer',
        },
      }),
    )
    const id = created.id as string
    await check(api, 'getUser', 200, () => sdk.getUser({ client, path: { id } }))
    await check(api, 'getUser', 404, () => sdk.getUser({ client, path: { id: t.fx.users.admin2 } }))
    await check(api, 'getUser', 422, () => sdk.getUser({ client, path: { id: 'not-a-uuid' } }))
    await check(api, 'updateUser', 200, () =>
      sdk.updateUser({ client, path: { id }, body: { full_name: 'Jonas Weber', role: 'admin' } }),
    )
    await check(api, 'updateUser', 409, () =>
      sdk.updateUser({ client, path: { id }, body: { email: USERS.user.email } }),
    )
    await check(api, 'updateUser', 422, () => sdk.updateUser({ client, path: { id }, body: {} }))
    await check(api, 'deleteUser', 204, () => sdk.deleteUser({ client, path: { id } }))
    await check(api, 'deleteUser', 404, () => sdk.deleteUser({ client, path: { id } }))
    await check(api, 'deleteUser', 403, () =>
      sdk.deleteUser({ client, path: { id: t.fx.users.admin } }),
    )
    await check(api, 'logout', 204, () => sdk.logout({ client }))
    await check(api, 'logout', 401, () => sdk.logout({ client }))
    await check(api, 'refreshSession', 401, () => sdk.refreshSession({ client }))
  })

  it('groups and tenants', async () => {
    const api = injectClient(t.app)
    const client = api.client
    await check(api, 'login', 200, () =>
      sdk.login({ client, body: { username: USERS.superuser.email, password: PASSWORD } }),
    )
    const groups = await check(api, 'listGroups', 200, () =>
      sdk.listGroups({ client, query: { limit: 500 } }),
    )
    expect((groups.items as unknown[]).length).toBeGreaterThanOrEqual(2)
    await check(api, 'getGroup', 200, () => sdk.getGroup({ client, path: { id: t.fx.groups.A } }))
    await check(api, 'listGroupMembers', 200, () =>
      sdk.listGroupMembers({ client, path: { id: t.fx.groups.A } }),
    )
    const group = await check(api, 'createGroup', 201, () =>
      sdk.createGroup({
        client,
        body: { name: 'Acme Facilities', description: 'Offices', timezone: 'Europe/Berlin' },
      }),
    )
    await check(api, 'createGroup', 409, () =>
      sdk.createGroup({ client, body: { name: 'acme facilities' } }),
    )
    await check(api, 'createGroup', 422, () =>
      sdk.createGroup({ client, body: { name: 'Zed', timezone: 'Nowhere/Land' } }),
    )
    const id = group.id as string
    await check(api, 'updateGroup', 200, () =>
      sdk.updateGroup({ client, path: { id }, body: { name: 'Acme Facilities GmbH' } }),
    )
    await check(api, 'updateGroup', 409, () =>
      sdk.updateGroup({ client, path: { id }, body: { name: GROUPS.B } }),
    )
    const energy = {
      billing_cycle_start_day: 8,
      currency: 'EUR',
      tariffs: [
        { effective_from: '2026-01-01', standing_charge_per_day: 0.45, price_per_kwh: 0.31 },
      ],
      emission_factors: [{ effective_from: '2026-01-01', g_co2e_per_kwh: 380 }],
    }
    await check(api, 'updateGroupEnergySettings', 200, () =>
      sdk.updateGroupEnergySettings({ client, path: { id }, body: energy }),
    )
    await check(api, 'previewGroupEnergySettings', 200, () =>
      sdk.previewGroupEnergySettings({
        client,
        path: { id },
        body: { ...energy, tariffs: [{ ...energy.tariffs[0]!, price_per_kwh: 0.35 }] },
      }),
    )
    await check(api, 'previewGroupEnergySettings', 422, () =>
      sdk.previewGroupEnergySettings({
        client,
        path: { id },
        body: { ...energy, currency: 'ZZZ' },
      }),
    )
    await check(api, 'updateGroupEnergySettings', 422, () =>
      sdk.updateGroupEnergySettings({ client, path: { id }, body: { ...energy, currency: 'ZZZ' } }),
    )
    await check(api, 'getGroupEnergySettings', 200, () =>
      sdk.getGroupEnergySettings({ client, path: { id } }),
    )
    await check(api, 'deleteGroup', 204, () => sdk.deleteGroup({ client, path: { id } }))
    await check(api, 'getGroupEnergySettings', 404, () =>
      sdk.getGroupEnergySettings({ client, path: { id } }),
    )
    await check(api, 'deleteGroup', 404, () => sdk.deleteGroup({ client, path: { id } }))
    await check(api, 'deleteGroup', 409, () =>
      sdk.deleteGroup({ client, path: { id: t.fx.groups.B } }),
    )
    await check(api, 'getGroup', 404, () => sdk.getGroup({ client, path: { id } }))
    const tenant = await check(api, 'createTenant', 201, () =>
      sdk.createTenant({
        client,
        body: {
          group: { name: 'Westwind Power', description: 'Wind farms' },
          admin: {
            email: 'lena@westwind.example',
            full_name: 'Lena Hoffmann',
            password: 'maple-harbor-signal-19',
          },
          rules: [
            {
              name: 'Meter offline for 30 minutes',
              alert_type: 'DEVICE_OFFLINE',
              offline_after_minutes: 30,
            },
            {
              name: 'Daily budget',
              alert_type: 'CONSUMPTION_THRESHOLD',
              threshold_value: 500,
              unit: 'kWh',
              window: 'DAILY',
            },
          ],
          settings: { timezone: 'Europe/Berlin', week_start: 'monday' },
        },
      }),
    )
    expect((tenant.group as { timezone: string }).timezone).toBe('Europe/Berlin')
    await check(api, 'createTenant', 409, () =>
      sdk.createTenant({
        client,
        body: {
          group: { name: 'Another' },
          admin: {
            email: 'lena@westwind.example',
            full_name: 'Lena',
            password: 'maple-harbor-signal-19',
          },
        },
      }),
    )
    await check(api, 'createTenant', 422, () =>
      sdk.createTenant({
        client,
        body: {
          group: { name: 'Broken' },
          admin: { email: 'x@y.example', full_name: 'X', password: 'maple-harbor-signal-19' },
          rules: [{ name: 'Bad', alert_type: 'DEVICE_OFFLINE', offline_after_minutes: 1 }],
        },
      }),
    )
    const user = injectClient(t.app)
    await check(user, 'login', 200, () =>
      sdk.login({ client: user.client, body: { username: USERS.user.email, password: PASSWORD } }),
    )
    await check(user, 'createGroup', 403, () =>
      sdk.createGroup({ client: user.client, body: { name: 'Nope' } }),
    )
    await check(user, 'getGroup', 404, () =>
      sdk.getGroup({ client: user.client, path: { id: t.fx.groups.B } }),
    )
  })

  it('devices, device models and bulk push', async () => {
    const api = injectClient(t.app)
    const client = api.client
    await check(api, 'login', 200, () =>
      sdk.login({ client, body: { username: USERS.admin.email, password: PASSWORD } }),
    )
    const models = await check(api, 'listDeviceModels', 200, () => sdk.listDeviceModels({ client }))
    const model = (models.items as Array<{ id: string; handlers: Array<{ name: string }> }>)[0]!
    const list = await check(api, 'listDevices', 200, () =>
      sdk.listDevices({
        client,
        query: { limit: 50, search: 'hamburg', sort: 'serial_number', order: 'desc' },
      }),
    )
    expect(list.total).toBe(3)
    await check(api, 'listDevices', 422, () => sdk.listDevices({ client, query: { limit: 0 } }))
    await check(api, 'getDevice', 200, () =>
      sdk.getDevice({ client, path: { id: t.fx.devicesOf.A[0]! } }),
    )
    await check(api, 'getDevice', 404, () =>
      sdk.getDevice({ client, path: { id: t.fx.devicesOf.B[0]! } }),
    )
    const device = await check(api, 'createDevice', 201, () =>
      sdk.createDevice({
        client,
        body: {
          name: 'Main meter – Building A',
          serial_number: 'EM-2024-00017',
          location: 'Berlin',
          device_model_id: model.id,
          handler: model.handlers[0]!.name,
        },
      }),
    )
    await check(api, 'createDevice', 409, () =>
      sdk.createDevice({ client, body: { name: 'Again', serial_number: 'EM-2024-00017' } }),
    )
    await check(api, 'createDevice', 422, () =>
      sdk.createDevice({
        client,
        body: {
          name: 'Bad handler',
          serial_number: 'EM-1',
          device_model_id: model.id,
          handler: 'carrier_pigeon',
        },
      }),
    )
    await check(api, 'createDevice', 403, () =>
      sdk.createDevice({
        client,
        body: { name: 'Elsewhere', serial_number: 'EM-2', group_id: t.fx.groups.B },
      }),
    )
    const registered = await check(api, 'createDevicesBatch', 201, () =>
      sdk.createDevicesBatch({
        client,
        body: {
          items: [
            { name: 'Batch one', serial_number: 'EM-B-1' },
            { name: 'Batch two', serial_number: 'EM-B-2', location: 'Hall C' },
          ],
        },
      }),
    )
    expect(registered.items).toHaveLength(2)
    await check(api, 'createDevicesBatch', 422, () =>
      sdk.createDevicesBatch({
        client,
        body: {
          items: [
            { name: 'Fresh', serial_number: 'EM-B-3' },
            { name: 'Again', serial_number: 'EM-B-1' },
          ],
        },
      }),
    )
    await check(api, 'createDevicesBatch', 403, () =>
      sdk.createDevicesBatch({
        client,
        body: { items: [{ name: 'Elsewhere', serial_number: 'EM-B-4', group_id: t.fx.groups.B }] },
      }),
    )
    const id = device.id as string
    await check(api, 'updateDevice', 200, () =>
      sdk.updateDevice({
        client,
        path: { id },
        body: { name: 'Main meter', serial_number: 'EM-2024-00017', description: 'Basement' },
      }),
    )
    await check(api, 'updateDevice', 409, () =>
      sdk.updateDevice({
        client,
        path: { id },
        body: { name: 'Main meter', serial_number: 'NW-EM-1001' },
      }),
    )
    await check(api, 'updateDevice', 403, () =>
      sdk.updateDevice({
        client,
        path: { id },
        body: { name: 'Main meter', serial_number: 'EM-2024-00017', group_id: t.fx.groups.B },
      }),
    )
    const pushed = await check(api, 'bulkPushReadings', 200, () =>
      sdk.bulkPushReadings({
        client,
        body: {
          items: [
            { device_id: id, timestamp: '2026-01-01T00:00:00Z', kwh: 100, status: 'online' },
            { device_id: id, timestamp: '2026-01-01T00:15:00Z', kwh: 101.5 },
            { device_id: id, timestamp: '2026-01-01T00:15:00Z', kwh: 101.5 },
            { device_id: t.fx.devicesOf.B[0]!, timestamp: '2026-01-01T00:15:00Z', kwh: 5 },
            { device_id: id, timestamp: '2999-01-01T00:00:00Z', kwh: 5 },
          ],
        },
      }),
    )
    expect(pushed).toMatchObject({ accepted: 2, duplicates: 1, rejected: 2 })
    await check(api, 'bulkPushReadings', 422, () =>
      sdk.bulkPushReadings({ client, body: { items: [] } }),
    )
    await check(api, 'deleteDevice', 204, () => sdk.deleteDevice({ client, path: { id } }))
    await check(api, 'deleteDevice', 404, () => sdk.deleteDevice({ client, path: { id } }))
  })

  it('device credentials, device ingest, API keys', async () => {
    const api = injectClient(t.app)
    const client = api.client
    await check(api, 'login', 200, () =>
      sdk.login({ client, body: { username: USERS.admin.email, password: PASSWORD } }),
    )
    const id = t.fx.devicesOf.A[1]!
    const { token } = (await check(api, 'createDeviceCredentials', 201, () =>
      sdk.createDeviceCredentials({ client, path: { id } }),
    )) as { token: string }
    await check(api, 'createDeviceCredentials', 404, () =>
      sdk.createDeviceCredentials({ client, path: { id: t.fx.devicesOf.B[0]! } }),
    )
    const device = injectClient(t.app)
    const headers = { authorization: `Bearer ${token}` }
    const timestamp = new Date(Date.now() - 60_000).toISOString()
    const pushed = await check(device, 'ingestDeviceReadings', 200, () =>
      sdk.ingestDeviceReadings({
        client: device.client,
        path: { id },
        headers,
        body: { readings: [{ timestamp, kwh: 12.5, status: 'online' }] },
      }),
    )
    expect(pushed).toMatchObject({ accepted: 1, rejected: 0 })
    await check(device, 'ingestDeviceReadings', 422, () =>
      sdk.ingestDeviceReadings({
        client: device.client,
        path: { id },
        headers,
        body: { readings: [] },
      }),
    )
    await check(device, 'ingestDeviceReadings', 401, () =>
      sdk.ingestDeviceReadings({
        client: device.client,
        path: { id: t.fx.devicesOf.A[0]! },
        headers,
        body: { readings: [{ timestamp, kwh: 1 }] },
      }),
    )
    await check(api, 'ingestDeviceReadings', 403, () =>
      sdk.ingestDeviceReadings({
        client,
        path: { id },
        body: { readings: [{ timestamp, kwh: 1 }] },
      }),
    )
    await check(api, 'deleteDeviceCredentials', 204, () =>
      sdk.deleteDeviceCredentials({ client, path: { id } }),
    )
    await check(api, 'deleteDeviceCredentials', 404, () =>
      sdk.deleteDeviceCredentials({ client, path: { id } }),
    )

    const created = await check(api, 'createApiKey', 201, () =>
      sdk.createApiKey({
        client,
        body: { name: 'Contract key', role: 'user', expires_at: '2030-01-01T00:00:00Z' },
      }),
    )
    await check(api, 'createApiKey', 403, () =>
      sdk.createApiKey({ client, body: { name: 'Too high', role: 'developer' } }),
    )
    await check(api, 'createApiKey', 422, () =>
      sdk.createApiKey({ client, body: { name: ' ', role: 'user' } }),
    )
    await check(api, 'createApiKey', 413, () =>
      sdk.createApiKey({
        client,
        body: { name: 'x'.repeat(t.app.config.bodyLimit + 1), role: 'user' },
      }),
    )
    await check(api, 'listApiKeys', 200, () => sdk.listApiKeys({ client }))
    const service = injectClient(t.app)
    const asKey = { authorization: `Bearer ${created.key as string}` }
    await check(service, 'listDevices', 200, () =>
      sdk.listDevices({ client: service.client, headers: asKey }),
    )
    await check(service, 'listApiKeys', 403, () =>
      sdk.listApiKeys({ client: service.client, headers: asKey }),
    )
    const keyId = created.id as string
    await check(api, 'deleteApiKey', 204, () => sdk.deleteApiKey({ client, path: { id: keyId } }))
    await check(api, 'deleteApiKey', 404, () => sdk.deleteApiKey({ client, path: { id: keyId } }))
    await check(service, 'listDevices', 401, () =>
      sdk.listDevices({ client: service.client, headers: asKey }),
    )
  })

  it('server status: the notices for admins, refused to users', async () => {
    const admin = injectClient(t.app)
    await check(admin, 'login', 200, () =>
      sdk.login({
        client: admin.client,
        body: { username: USERS.admin.email, password: PASSWORD },
      }),
    )
    await check(admin, 'getServerStatus', 200, () => sdk.getServerStatus({ client: admin.client }))
    const user = injectClient(t.app)
    await check(user, 'login', 200, () =>
      sdk.login({ client: user.client, body: { username: USERS.user.email, password: PASSWORD } }),
    )
    await check(user, 'getServerStatus', 403, () => sdk.getServerStatus({ client: user.client }))
  })

  it('MQTT: connection details and the broker callbacks', async () => {
    const api = injectClient(t.app)
    const client = api.client
    await check(api, 'login', 200, () =>
      sdk.login({ client, body: { username: USERS.admin.email, password: PASSWORD } }),
    )
    const id = t.fx.devicesOf.A[0]!
    await check(api, 'getDeviceConnection', 200, () =>
      sdk.getDeviceConnection({ client, path: { id } }),
    )
    await check(api, 'getDeviceConnection', 404, () =>
      sdk.getDeviceConnection({ client, path: { id: t.fx.devicesOf.B[0]! } }),
    )
    const broker = injectClient(t.app)
    const headers = { 'X-MQTT-Auth-Secret': MQTT_AUTH_SECRET }
    const wrong = { 'X-MQTT-Auth-Secret': 'not-the-secret' }
    const credentials = { clientid: 'meter', username: id, password: 'not-a-token' }
    await check(broker, 'authenticateMqttClient', 200, () =>
      sdk.authenticateMqttClient({ client: broker.client, headers, body: credentials }),
    )
    await check(broker, 'authenticateMqttClient', 401, () =>
      sdk.authenticateMqttClient({ client: broker.client, headers: wrong, body: credentials }),
    )
    await check(broker, 'authenticateMqttClient', 422, () =>
      sdk.authenticateMqttClient({
        client: broker.client,
        headers,
        body: { username: id } as typeof credentials,
      }),
    )
    const publish = {
      username: id,
      topic: `meterdeck/v1/devices/${id}/readings`,
      action: 'publish' as const,
    }
    await check(broker, 'authorizeMqttClient', 200, () =>
      sdk.authorizeMqttClient({ client: broker.client, headers, body: publish }),
    )
    await check(broker, 'authorizeMqttClient', 401, () =>
      sdk.authorizeMqttClient({ client: broker.client, headers: wrong, body: publish }),
    )
    // Past the body limit, before the secret is read: 413, as the contract says.
    const huge = 'x'.repeat(t.app.config.bodyLimit + 1)
    await check(broker, 'authenticateMqttClient', 413, () =>
      sdk.authenticateMqttClient({
        client: broker.client,
        headers,
        body: { ...credentials, password: huge },
      }),
    )
    await check(broker, 'authorizeMqttClient', 413, () =>
      sdk.authorizeMqttClient({
        client: broker.client,
        headers,
        body: { ...publish, topic: huge },
      }),
    )
  })

  it('alarms, notification channels and deliveries', async () => {
    const api = injectClient(t.app)
    const client = api.client
    await sdk.login({ client, body: { username: USERS.admin.email, password: PASSWORD } })
    const group_id = t.fx.groups.A
    const hook = await check(api, 'createNotificationChannel', 201, () =>
      sdk.createNotificationChannel({
        client,
        body: { group_id, type: 'webhook', name: 'Hook', url: 'http://127.0.0.1:9/hook' },
      }),
    )
    await check(api, 'createNotificationChannel', 409, () =>
      sdk.createNotificationChannel({
        client,
        body: { group_id, type: 'webhook', name: 'HOOK', url: 'http://127.0.0.1:9/hook' },
      }),
    )
    await check(api, 'createNotificationChannel', 422, () =>
      sdk.createNotificationChannel({
        client,
        body: { group_id, type: 'webhook', name: 'Plain', url: 'http://example.test/hook' },
      }),
    )
    const id = hook.id as string
    await check(api, 'listNotificationChannels', 200, () =>
      sdk.listNotificationChannels({ client }),
    )
    await check(api, 'getNotificationChannel', 200, () =>
      sdk.getNotificationChannel({ client, path: { id } }),
    )
    await check(api, 'updateNotificationChannel', 200, () =>
      sdk.updateNotificationChannel({ client, path: { id }, body: { rotate_secret: true } }),
    )
    await check(api, 'updateNotificationChannel', 422, () =>
      sdk.updateNotificationChannel({ client, path: { id }, body: { addresses: ['a@b.test'] } }),
    )
    // Port 9 (discard) refuses the connection on loopback: a failed delivery, answered at once.
    const tested = await check(api, 'testNotificationChannel', 200, () =>
      sdk.testNotificationChannel({ client, path: { id } }),
    )
    expect(tested.status).toBe('failed')
    await check(api, 'listChannelDeliveries', 200, () =>
      sdk.listChannelDeliveries({ client, path: { id } }),
    )
    const rule = await t.db.query<{ id: string }>(
      `INSERT INTO notification_rules (group_id, name, alert_type, offline_after_minutes)
       VALUES ($1, 'Contract offline', 'DEVICE_OFFLINE', 30) RETURNING id`,
      [group_id],
    )
    const ruleId = rule.rows[0]!.id
    const device = t.fx.devicesOf.A[0]!
    const alarm = await t.db.query<{ id: string }>(
      `INSERT INTO alarms (group_id, rule_id, device_id, condition_key, alert_type, severity,
         rule_name, title, message, "values", raised_at)
       VALUES ($1, $2, $3, 'contract', 'DEVICE_OFFLINE', 'critical', 'Contract offline',
               'Device offline', 'Main meter has been offline for 45 min.', '{}', now())
       RETURNING id`,
      [group_id, ruleId, device],
    )
    const alarmId = alarm.rows[0]!.id
    await check(api, 'listAlarms', 200, () =>
      sdk.listAlarms({ client, query: { state: ['active'], severity: ['critical'] } }),
    )
    const read = await check(api, 'getAlarm', 200, () =>
      sdk.getAlarm({ client, path: { id: alarmId } }),
    )
    // Stored '{}' values: the stored text is all there is to say.
    expect(read.message).toBe('Main meter has been offline for 45 min.')
    await check(api, 'getAlarm', 404, () =>
      sdk.getAlarm({ client, path: { id: '00000000-0000-4000-8000-000000000000' } }),
    )
    await check(api, 'acknowledgeAlarm', 200, () =>
      sdk.acknowledgeAlarm({ client, path: { id: alarmId }, body: { note: 'On it' } }),
    )
    await check(api, 'clearAlarm', 200, () => sdk.clearAlarm({ client, path: { id: alarmId } }))
    await check(api, 'acknowledgeAlarm', 409, () =>
      sdk.acknowledgeAlarm({ client, path: { id: alarmId }, body: {} }),
    )
    await check(api, 'clearAlarm', 404, () =>
      sdk.clearAlarm({ client, path: { id: '2a7c9e1f-4b3d-4e5a-8f6b-1c2d3e4f5a6b' } }),
    )
    const until = new Date(Date.now() + 3_600_000).toISOString()
    await check(api, 'snoozeRule', 201, () =>
      sdk.snoozeRule({ client, path: { id: ruleId }, body: { device_id: device, until } }),
    )
    await check(api, 'snoozeRule', 422, () =>
      sdk.snoozeRule({
        client,
        path: { id: ruleId },
        body: { device_id: device, until: '2000-01-01T00:00:00Z' },
      }),
    )
    await check(api, 'listRuleSnoozes', 200, () =>
      sdk.listRuleSnoozes({ client, path: { id: ruleId } }),
    )
    await check(api, 'endRuleSnooze', 204, () =>
      sdk.endRuleSnooze({ client, path: { id: ruleId, device_id: device } }),
    )
    await check(api, 'endRuleSnooze', 404, () =>
      sdk.endRuleSnooze({ client, path: { id: ruleId, device_id: device } }),
    )
    await check(api, 'deleteNotificationChannel', 204, () =>
      sdk.deleteNotificationChannel({ client, path: { id } }),
    )
    await check(api, 'deleteNotificationChannel', 404, () =>
      sdk.deleteNotificationChannel({ client, path: { id } }),
    )
  })

  it('declares 413 wherever a JSON body is read (the body limit answers before any handler)', () => {
    const undeclared = operations()
      .filter((op) => op.jsonBody && !op.responses['413'])
      .map((op) => op.operationId)
    expect(undeclared).toEqual([])
  })

  it('called every implemented operation', () => {
    expect([...seen.keys()].sort()).toEqual(
      expect.arrayContaining(
        ['login', 'logout', 'refreshSession', ...implemented, ...ALARM_OPERATIONS].sort(),
      ),
    )
  })
})
