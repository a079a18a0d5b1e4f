import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build({ bodyLimit: 1024 * 1024 })
})
afterAll(async () => t?.close())

interface BadInput {
  name: string
  request: InjectOptions
  status: number
  /** Locations the 422 must name. */
  locs?: Array<Array<string | number>>
}

const json = (method: InjectOptions['method'], url: string, payload: object): InjectOptions => ({
  method,
  url,
  payload,
})
/** JSON text as sent: JSON.stringify cannot write a number beyond float8 (1e400 reads as Infinity). */
const jsonText = (
  method: InjectOptions['method'],
  url: string,
  payload: string,
): InjectOptions => ({
  method,
  url,
  payload,
  headers: { 'content-type': 'application/json' },
})
const long = (n: number) => 'x'.repeat(n)

const CASES = (fx: TestApp['fx']): BadInput[] => [
  // users
  {
    name: 'createUser missing fields',
    request: json('POST', '/api/v1/users/', {}),
    status: 422,
    locs: [
      ['body', 'email'],
      ['body', 'full_name'],
      ['body', 'password'],
      ['body', 'role'],
    ],
  },
  {
    name: 'createUser unknown role',
    request: json('POST', '/api/v1/users/', {
      email: 'a@b.test',
      full_name: 'A',
      password: 'long-enough-pass',
      role: 'ADMIN',
    }),
    status: 422,
    locs: [['body', 'role']],
  },
  {
    name: 'createUser wrong types',
    request: json('POST', '/api/v1/users/', {
      email: { at: 'x' },
      full_name: { first: 'x' },
      password: ['a', 'b'],
      role: 'user',
      group_id: 'nope',
    }),
    status: 422,
    locs: [
      ['body', 'email'],
      ['body', 'full_name'],
      ['body', 'password'],
      ['body', 'group_id'],
    ],
  },
  {
    name: 'createUser short password, bad e-mail, extra field',
    request: json('POST', '/api/v1/users/', {
      email: 'not-an-email',
      full_name: 'A',
      password: 'short',
      role: 'user',
      is_admin: true,
    }),
    status: 422,
    locs: [
      ['body', 'email'],
      ['body', 'password'],
      ['body', 'is_admin'],
    ],
  },
  {
    name: 'createUser oversize name',
    request: json('POST', '/api/v1/users/', {
      email: 'a@b.test',
      full_name: long(201),
      password: 'long-enough-pass',
      role: 'user',
    }),
    status: 422,
    locs: [['body', 'full_name']],
  },
  {
    name: 'updateUser empty body',
    request: json('PATCH', `/api/v1/users/${fx.users.user}`, {}),
    status: 422,
  },
  {
    name: 'updateUser unknown role',
    request: json('PATCH', `/api/v1/users/${fx.users.user}`, { role: 'root' }),
    status: 422,
    locs: [['body', 'role']],
  },
  {
    name: 'updateUser group null for a user account',
    request: json('PATCH', `/api/v1/users/${fx.users.user}`, { group_id: null }),
    status: 422,
    locs: [['body', 'group_id']],
  },
  {
    name: 'getUser bad id',
    request: { method: 'GET', url: '/api/v1/users/123' },
    status: 422,
    locs: [['path', 'id']],
  },
  {
    name: 'listUsers bad paging',
    request: { method: 'GET', url: '/api/v1/users/?skip=-1&limit=abc' },
    status: 422,
    locs: [
      ['query', 'skip'],
      ['query', 'limit'],
    ],
  },
  {
    name: 'listDevices skip Infinity',
    request: { method: 'GET', url: '/api/v1/devices/?skip=Infinity' },
    status: 422,
    locs: [['query', 'skip']],
  },
  {
    name: 'listUsers skip beyond any number',
    request: { method: 'GET', url: '/api/v1/users/?skip=1e400' },
    status: 422,
    locs: [['query', 'skip']],
  },
  {
    name: 'listUsers limit too high',
    request: { method: 'GET', url: '/api/v1/users/?limit=501' },
    status: 422,
    locs: [['query', 'limit']],
  },
  {
    name: 'changePassword short and missing',
    request: json('POST', '/api/v1/users/me/password', { new_password: 'short' }),
    status: 422,
    locs: [
      ['body', 'current_password'],
      ['body', 'new_password'],
    ],
  },
  // groups and tenants
  {
    name: 'createGroup empty name',
    request: json('POST', '/api/v1/groups/', { name: '' }),
    status: 422,
    locs: [['body', 'name']],
  },
  {
    name: 'createGroup unknown timezone',
    request: json('POST', '/api/v1/groups/', { name: 'Tz', timezone: 'Europe/Atlantis' }),
    status: 422,
    locs: [['body', 'timezone']],
  },
  {
    name: 'createGroup oversize description',
    request: json('POST', '/api/v1/groups/', { name: 'D', description: long(501) }),
    status: 422,
    locs: [['body', 'description']],
  },
  {
    name: 'updateGroup array body',
    request: json('PUT', `/api/v1/groups/${fx.groups.A}`, [1, 2]),
    status: 422,
  },
  {
    name: 'createTenant bad rule',
    request: json('POST', '/api/v1/tenants/', {
      group: { name: 'T' },
      admin: { email: 't@x.test', full_name: 'T', password: 'long-enough-pass' },
      rules: [
        {
          name: 'R',
          alert_type: 'CONSUMPTION_THRESHOLD',
          threshold_value: -1,
          unit: 'kWh',
          window: 'YEARLY',
        },
      ],
    }),
    status: 422,
    locs: [
      ['body', 'rules', 0, 'threshold_value'],
      ['body', 'rules', 0, 'window'],
    ],
  },
  {
    name: 'createTenant missing admin',
    request: json('POST', '/api/v1/tenants/', { group: { name: 'T' } }),
    status: 422,
    locs: [['body', 'admin']],
  },
  // devices
  {
    name: 'createDevice missing serial',
    request: json('POST', '/api/v1/devices/', { name: 'M' }),
    status: 422,
    locs: [['body', 'serial_number']],
  },
  {
    name: 'createDevice bad serial pattern',
    request: json('POST', '/api/v1/devices/', { name: 'M', serial_number: 'has spaces' }),
    status: 422,
    locs: [['body', 'serial_number']],
  },
  {
    name: 'createDevice unknown model',
    request: json('POST', '/api/v1/devices/', {
      name: 'M',
      serial_number: 'M-1',
      group_id: fx.groups.A,
      device_model_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    }),
    status: 422,
    locs: [['body', 'device_model_id']],
  },
  {
    name: 'createDevice handler without model',
    request: json('POST', '/api/v1/devices/', {
      name: 'M',
      serial_number: 'M-2',
      group_id: fx.groups.A,
      handler: 'modbus_tcp',
    }),
    status: 422,
    locs: [['body', 'handler']],
  },
  {
    name: 'createDevice by elevated without a group',
    request: json('POST', '/api/v1/devices/', { name: 'M', serial_number: 'M-3' }),
    status: 422,
    locs: [['body', 'group_id']],
  },
  {
    name: 'createDevice unknown group',
    request: json('POST', '/api/v1/devices/', {
      name: 'M',
      serial_number: 'M-4',
      group_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    }),
    status: 422,
    locs: [['body', 'group_id']],
  },
  {
    name: 'updateDevice oversize location',
    request: json('PUT', `/api/v1/devices/${fx.devicesOf.A[0]}`, {
      name: 'M',
      serial_number: 'NW-EM-1001',
      location: long(201),
    }),
    status: 422,
    locs: [['body', 'location']],
  },
  {
    name: 'listDevices bad sort and status',
    request: { method: 'GET', url: '/api/v1/devices/?sort=password&order=up&status=maybe' },
    status: 422,
    locs: [
      ['query', 'sort'],
      ['query', 'order'],
      ['query', 'status'],
    ],
  },
  {
    name: 'listDevices X-Group-ID not a UUID',
    request: { method: 'GET', url: '/api/v1/devices/', headers: { 'X-Group-ID': "' OR 1=1 --" } },
    status: 422,
    locs: [['header', 'x-group-id']],
  },
  {
    name: 'listDevices oversize search',
    request: { method: 'GET', url: `/api/v1/devices/?search=${long(201)}` },
    status: 422,
    locs: [['query', 'search']],
  },
  // readings
  {
    name: 'listDeviceReadings leap second',
    request: {
      method: 'GET',
      url: `/api/v1/devices/${fx.devicesOf.A[0]}/readings?start_date=2026-12-31T23:59:60Z`,
    },
    status: 422,
    locs: [['query', 'start_date']],
  },
  {
    // JavaScript reads year 0 (1 BC); PostgreSQL has no year 0 and failed the report with a 500.
    name: 'getEnergyReport year zero',
    request: {
      method: 'GET',
      url: '/api/v1/reports/energy?current_start=2026-01-01T00:00:00Z&current_end=2026-02-01T00:00:00Z&previous_start=0000-01-01T00:00:00Z&previous_end=2025-01-01T00:00:00Z',
    },
    status: 422,
    locs: [['query', 'previous_start']],
  },
  {
    name: 'listDeviceReadings offset into year zero',
    request: {
      method: 'GET',
      url: `/api/v1/devices/${fx.devicesOf.A[0]}/readings?start_date=0001-01-01T00:00:00%2B01:00`,
    },
    status: 422,
    locs: [['query', 'start_date']],
  },
  {
    // A urn:uuid: prefix passes a lenient uuid format, but no database reads it.
    name: 'bulkPush urn uuid',
    request: json('POST', '/api/v1/devices/bulk_push', {
      items: [
        { device_id: `urn:uuid:${fx.devicesOf.A[0]}`, timestamp: '2026-01-01T00:00:00Z', kwh: 1 },
      ],
    }),
    status: 422,
    locs: [['body', 'items', 0, 'device_id']],
  },
  {
    name: 'bulkPush bad items',
    request: json('POST', '/api/v1/devices/bulk_push', {
      items: [{ device_id: 'x', timestamp: 'yesterday', kwh: -1 }, { kwh: 'many' }],
    }),
    status: 422,
    locs: [
      ['body', 'items', 0, 'device_id'],
      ['body', 'items', 0, 'timestamp'],
      ['body', 'items', 0, 'kwh'],
      ['body', 'items', 1, 'device_id'],
      ['body', 'items', 1, 'kwh'],
    ],
  },
  {
    name: 'bulkPush too many items',
    request: json('POST', '/api/v1/devices/bulk_push', { items: Array(10_001).fill({}) }),
    status: 422,
    locs: [['body', 'items']],
  },
  {
    name: 'bulkPush kWh beyond any number',
    request: jsonText(
      'POST',
      '/api/v1/devices/bulk_push',
      `{"items":[{"device_id":"${fx.devicesOf.A[0]}","timestamp":"2026-01-01T00:00:00Z","kwh":1e400}]}`,
    ),
    status: 422,
    locs: [['body', 'items', 0, 'kwh']],
  },
  // A JSON body is validated as sent: a null or a boolean is not a number (a 0 kWh reading
  // reads as a meter reset), nor is a boolean a name.
  {
    name: 'bulkPush kWh null',
    request: json('POST', '/api/v1/devices/bulk_push', {
      items: [{ device_id: fx.devicesOf.A[0], timestamp: '2026-01-01T00:00:00Z', kwh: null }],
    }),
    status: 422,
    locs: [['body', 'items', 0, 'kwh']],
  },
  {
    name: 'bulkPush kWh true',
    request: json('POST', '/api/v1/devices/bulk_push', {
      items: [{ device_id: fx.devicesOf.A[0], timestamp: '2026-01-01T00:00:00Z', kwh: true }],
    }),
    status: 422,
    locs: [['body', 'items', 0, 'kwh']],
  },
  {
    name: 'bulkPush kWh as text',
    request: json('POST', '/api/v1/devices/bulk_push', {
      items: [{ device_id: fx.devicesOf.A[0], timestamp: '2026-01-01T00:00:00Z', kwh: '12.5' }],
    }),
    status: 422,
    locs: [['body', 'items', 0, 'kwh']],
  },
  {
    name: 'createGroup name true',
    request: json('POST', '/api/v1/groups/', { name: true }),
    status: 422,
    locs: [['body', 'name']],
  },
  {
    name: 'createGroup name in invalid UTF-8',
    request: {
      method: 'POST',
      url: '/api/v1/groups/',
      payload: Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
  },
  // notification rules
  {
    name: 'createRule threshold beyond any number',
    request: jsonText(
      'POST',
      '/api/v1/notifications/rules',
      `{"group_id":"${fx.groups.A}","name":"Huge","alert_type":"CONSUMPTION_THRESHOLD","threshold_value":1e400,"unit":"kWh","window":"DAILY"}`,
    ),
    status: 422,
    locs: [['body', 'threshold_value']],
  },
  {
    name: 'createRule threshold null',
    request: json('POST', '/api/v1/notifications/rules', {
      group_id: fx.groups.A,
      name: 'Null threshold',
      alert_type: 'CONSUMPTION_THRESHOLD',
      threshold_value: null,
      unit: 'kWh',
      window: 'DAILY',
    }),
    status: 422,
    locs: [['body', 'threshold_value']],
  },
  // bodies that are not what they claim
  {
    name: 'malformed JSON',
    request: {
      method: 'POST',
      url: '/api/v1/groups/',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
  },
  {
    name: 'wrong content type',
    request: {
      method: 'POST',
      url: '/api/v1/groups/',
      payload: 'name=x',
      headers: { 'content-type': 'text/plain' },
    },
    status: 415,
  },
  { name: 'no body', request: { method: 'POST', url: '/api/v1/groups/' }, status: 422 },
  {
    name: 'oversize body',
    request: json('POST', '/api/v1/groups/', { name: 'x', description: long(1100 * 1024) }),
    status: 413,
  },
  {
    name: 'login missing password',
    request: {
      method: 'POST',
      url: '/api/v1/auth/cookie/login',
      payload: 'username=a%40b.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    status: 422,
    locs: [['body', 'password']],
  },
  {
    name: 'login JSON instead of a form',
    request: json('POST', '/api/v1/auth/cookie/login', { username: 'a@b.test', password: 'x' }),
    status: 415,
  },
  {
    name: 'preferences out of range',
    request: json('PUT', '/api/v1/users/me/preferences', {
      theme: 'neon',
      timezone: 'UTC',
      week_start: 'friday',
      month_start_day: 31,
    }),
    status: 422,
    locs: [
      ['body', 'theme'],
      ['body', 'week_start'],
      ['body', 'month_start_day'],
    ],
  },
]

describe('bad input', () => {
  it('answers every bad body 4xx with {detail}; validation errors locate every field', async () => {
    const session = await t.as('developer')
    for (const c of CASES(t.fx)) {
      const response = await t.call(session, c.request)
      expect(response.statusCode, `${c.name}: ${response.body.slice(0, 300)}`).toBe(c.status)
      const body = response.json()
      expect(body, c.name).toHaveProperty('detail')
      if (c.status === 422) {
        expect(body.code, c.name).toBe('validation_error')
        expect(Array.isArray(body.detail), c.name).toBe(true)
        for (const issue of body.detail) {
          expect(issue, c.name).toMatchObject({
            loc: expect.any(Array),
            msg: expect.any(String),
            type: expect.any(String),
          })
        }
        expect(body.detail.length, c.name).toBeLessThanOrEqual(100)
        const locs = body.detail.map((i: { loc: unknown[] }) => JSON.stringify(i.loc))
        for (const loc of c.locs ?? []) expect(locs, c.name).toContain(JSON.stringify(loc))
      } else {
        expect(typeof body.detail, c.name).toBe('string')
      }
    }
  })

  it('writes nothing for refused input', async () => {
    const count = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM groups) + (SELECT count(*) FROM devices)
            + (SELECT count(*) FROM notification_rules) + (SELECT count(*) FROM readings) AS n`,
        )
      ).rows[0]!.n
    const before = await count()
    const session = await t.as('developer')
    for (const c of CASES(t.fx)) await t.call(session, c.request)
    // A tenant whose admin e-mail is taken: the group must not be created either.
    const tenant = await t.call(session, {
      method: 'POST',
      url: '/api/v1/tenants/',
      payload: {
        group: { name: 'Half made' },
        admin: { email: 'admin@demo.local', full_name: 'Dup', password: 'long-enough-pass' },
      },
    })
    expect(tenant.statusCode).toBe(409)
    expect(await count()).toBe(before)
  })
  // Junk sent to every operation (no 5xx, answers as the contract says) is generated in
  // security-fuzz.test.ts.
})

describe('JSON bodies taken as sent', () => {
  it('refuses is_active null on a rule, which stays active (it was read as false)', async () => {
    const session = await t.as('developer')
    const created = await t.call(
      session,
      json('POST', '/api/v1/notifications/rules', {
        group_id: t.fx.groups.A,
        name: `Stays active ${randomUUID()}`,
        alert_type: 'DEVICE_OFFLINE',
        offline_after_minutes: 30,
      }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const url = `/api/v1/notifications/rules/${created.json().id}`
    const patched = await t.call(session, json('PATCH', url, { is_active: null }))
    expect(patched.statusCode, patched.body).toBe(422)
    expect(patched.json().detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'is_active'] }),
    )
    const rule = await t.call(session, { method: 'GET', url })
    expect(rule.json()).toMatchObject({ is_active: true })
  })
})
