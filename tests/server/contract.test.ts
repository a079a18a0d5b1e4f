import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sdk from '../../src/api/__generated__/sdk.gen.ts'
import { build, type TestApp } from './helpers/build.ts'
import { injectClient } from './helpers/sdk-client.ts'
import { GROUPS, PASSWORD, USERS } from './helpers/fixtures.ts'
import { responseValidator } from './helpers/spec.ts'
import { implemented } from './helpers/requests.ts'

/**
 * Every implemented operation called through the generated SDK, each answer (successes and the
 * errors we provoke) validated against its response schema in openapi.yaml.
 */
describe('contract: the generated SDK against the server', () => {
  let t: TestApp
  const validate = responseValidator()
  const seen = new Map<string, Set<number>>()

  beforeAll(async () => {
    t = await build()
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
    await check(api, 'deleteGroup', 204, () => sdk.deleteGroup({ client, path: { id } }))
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

  it('called every implemented operation', () => {
    expect([...seen.keys()].sort()).toEqual(
      expect.arrayContaining(['login', 'logout', 'refreshSession', ...implemented].sort()),
    )
  })
})
