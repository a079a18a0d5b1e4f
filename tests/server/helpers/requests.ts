import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import type { Fixtures, UserKey } from './fixtures.ts'
import { GROUPS } from './fixtures.ts'
import type { SpecOperation } from './spec.ts'
import type { TestApp } from './build.ts'

const unique = () => randomUUID().slice(0, 8)
const json = (method: string, url: string, payload: unknown): InjectOptions =>
  ({ method, url, payload, headers: { 'content-type': 'application/json' } }) as InjectOptions

/**
 * A well-formed call of each implemented operation that the caller's role may make, acting in
 * the caller's own tenant (group A for the fixtures' elevated users). Deletes target unknown ids.
 */
const BUILDERS: Record<string, (fx: Fixtures, caller: UserKey) => InjectOptions> = {
  getCurrentUser: () => ({ method: 'GET', url: '/api/v1/users/me' }),
  changePassword: () =>
    json('POST', '/api/v1/users/me/password', {
      current_password: 'demo-password',
      new_password: 'demo-password',
    }),
  getPreferences: () => ({ method: 'GET', url: '/api/v1/users/me/preferences' }),
  updatePreferences: () =>
    json('PUT', '/api/v1/users/me/preferences', {
      theme: 'dark',
      timezone: 'Europe/Berlin',
      week_start: 'monday',
      month_start_day: 1,
    }),
  listUsers: () => ({ method: 'GET', url: '/api/v1/users/?limit=10' }),
  getUser: (fx, caller) => ({ method: 'GET', url: `/api/v1/users/${fx.users[caller]}` }),
  createUser: (fx) =>
    json('POST', '/api/v1/users/', {
      email: `new-${unique()}@example.test`,
      full_name: 'New Person',
      password: 'long-enough-password',
      role: 'user',
      group_id: fx.groups.A,
    }),
  updateUser: (fx) => json('PATCH', `/api/v1/users/${fx.users.user}`, { full_name: 'Uli User' }),
  deleteUser: () => ({ method: 'DELETE', url: `/api/v1/users/${randomUUID()}` }),
  listGroups: () => ({ method: 'GET', url: '/api/v1/groups/?limit=500' }),
  getGroup: (fx) => ({ method: 'GET', url: `/api/v1/groups/${fx.groups.A}` }),
  createGroup: () =>
    json('POST', '/api/v1/groups/', { name: `Group ${unique()}`, timezone: 'Europe/Berlin' }),
  updateGroup: (fx) =>
    json('PUT', `/api/v1/groups/${fx.groups.A}`, { name: GROUPS.A, timezone: 'Europe/Berlin' }),
  deleteGroup: () => ({ method: 'DELETE', url: `/api/v1/groups/${randomUUID()}` }),
  listGroupMembers: (fx) => ({ method: 'GET', url: `/api/v1/groups/${fx.groups.A}/members` }),
  getGroupEnergySettings: (fx) => ({
    method: 'GET',
    url: `/api/v1/groups/${fx.groups.A}/energy-settings`,
  }),
  updateGroupEnergySettings: (fx) =>
    json('PUT', `/api/v1/groups/${fx.groups.A}/energy-settings`, {
      billing_cycle_start_day: 1,
      currency: 'EUR',
      tariffs: [{ effective_from: '2026-01-01', standing_charge_per_day: 0, price_per_kwh: 0.3 }],
      emission_factors: [],
    }),
  previewGroupEnergySettings: (fx) =>
    json('POST', `/api/v1/groups/${fx.groups.A}/energy-settings/preview`, {
      billing_cycle_start_day: 1,
      currency: 'EUR',
      tariffs: [{ effective_from: '2026-01-01', standing_charge_per_day: 0, price_per_kwh: 0.4 }],
      emission_factors: [],
    }),
  createTenant: () =>
    json('POST', '/api/v1/tenants/', {
      group: { name: `Tenant ${unique()}` },
      admin: {
        email: `first-${unique()}@example.test`,
        full_name: 'First Admin',
        password: 'long-enough-password',
      },
      rules: [
        { name: 'Offline 30 minutes', alert_type: 'DEVICE_OFFLINE', offline_after_minutes: 30 },
      ],
      settings: { timezone: 'Europe/Berlin', week_start: 'monday' },
    }),
  listDeviceModels: () => ({ method: 'GET', url: '/api/v1/device-models/' }),
  listDevices: () => ({ method: 'GET', url: '/api/v1/devices/?limit=50&sort=name&order=asc' }),
  getDevice: (fx) => ({ method: 'GET', url: `/api/v1/devices/${fx.devicesOf.A[0]}` }),
  createDevice: (fx) =>
    json('POST', '/api/v1/devices/', {
      name: 'New meter',
      serial_number: `SN-${unique()}`,
      location: 'Hall C',
      group_id: fx.groups.A,
    }),
  createDevicesBatch: (fx) =>
    json('POST', '/api/v1/devices/batch', {
      items: [{ name: 'Batch meter', serial_number: `SN-${unique()}`, group_id: fx.groups.A }],
    }),
  updateDevice: (fx) =>
    json('PUT', `/api/v1/devices/${fx.devicesOf.A[1]}`, {
      name: 'Cold storage',
      serial_number: 'NW-EM-1002',
      location: 'Hamburg, Hall B',
    }),
  deleteDevice: () => ({ method: 'DELETE', url: `/api/v1/devices/${randomUUID()}` }),
  createDeviceCredentials: (fx) => ({
    method: 'POST',
    url: `/api/v1/devices/${fx.devicesOf.A[2]}/credentials`,
  }),
  deleteDeviceCredentials: () => ({
    method: 'DELETE',
    url: `/api/v1/devices/${randomUUID()}/credentials`,
  }),
  ingestDeviceReadings: (fx) =>
    json('POST', `/api/v1/devices/${fx.devicesOf.A[2]}/readings`, {
      readings: [{ timestamp: new Date(Date.now() - 60_000).toISOString(), kwh: 10 }],
    }),
  listApiKeys: () => ({ method: 'GET', url: '/api/v1/api-keys' }),
  createApiKey: () => json('POST', '/api/v1/api-keys', { name: `Key ${unique()}`, role: 'user' }),
  deleteApiKey: () => ({ method: 'DELETE', url: `/api/v1/api-keys/${randomUUID()}` }),
  getDeviceConnection: (fx) => ({
    method: 'GET',
    url: `/api/v1/devices/${fx.devicesOf.A[0]}/connection`,
  }),
  authenticateMqttClient: (fx) =>
    json('POST', '/api/v1/mqtt/auth', { username: fx.devicesOf.A[0], password: 'not-a-token' }),
  authorizeMqttClient: (fx) =>
    json('POST', '/api/v1/mqtt/acl', {
      username: fx.devicesOf.A[0],
      topic: `meterdeck/v1/devices/${fx.devicesOf.A[0]}/readings`,
      action: 'publish',
    }),
  bulkPushReadings: (fx) =>
    json('POST', '/api/v1/devices/bulk_push', {
      items: [
        {
          device_id: fx.devicesOf.A[2],
          timestamp: new Date(Date.now() - 60_000).toISOString(),
          kwh: 10,
          status: 'online',
        },
      ],
    }),
}

/** Path ids and required query values for operations without a builder (taken from the examples). */
function generic(op: SpecOperation, fx: Fixtures): InjectOptions {
  let url = op.path
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    const integer = (p as { schema?: { type?: string } }).schema?.type === 'integer'
    url = url.replace(`{${p.name}}`, integer ? '1' : fx.devicesOf.A[0]!)
  }
  const query = new URLSearchParams()
  for (const p of op.parameters as Array<{
    name: string
    in: string
    required?: boolean
    example?: unknown
  }>) {
    if (p.in === 'query' && p.required) query.set(p.name, String(p.example ?? ''))
  }
  const qs = query.toString()
  return { method: op.method as InjectOptions['method'], url: qs ? `${url}?${qs}` : url }
}

export function requestFor(op: SpecOperation, fx: Fixtures, caller: UserKey): InjectOptions {
  return BUILDERS[op.operationId]?.(fx, caller) ?? generic(op, fx)
}

export const implemented = Object.keys(BUILDERS)

/** The session calls the session tests make, with the cookie or refresh token they are given. */
export const sessionCalls = (t: TestApp) => ({
  me: (cookie: string) =>
    t.call(null, { method: 'GET', url: '/api/v1/users/me', headers: { cookie } }),
  refresh: (token: string) =>
    t.call(null, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `console_refresh=${token}` },
    }),
})
