import { randomUUID } from 'node:crypto'
import { multipart } from './contract-inputs.ts'
import type { IdKind } from './contract-inputs.ts'
import type { TestApp } from './build.ts'
import type { UserKey } from './fixtures.ts'
import { USERS } from './fixtures.ts'

export type Tenant = 'A' | 'B'

export interface TenantObjects {
  /** One object of every kind in each tenant. */
  ids: Record<Tenant, Record<IdKind, string>>
  /** Each fixture user's own notification delivery (elevated users get one in group A). */
  deliveryOf: Record<UserKey, string>
}

/** An id that names nothing, of the right shape for the kind. */
export const missingId = (kind: IdKind) => (kind === 'reading' ? '2147483000' : randomUUID())

const ADMIN_OF: Record<Tenant, UserKey> = { A: 'admin', B: 'admin2' }

/** A notification rule through the API (SQL while the operation is not implemented). */
async function rule(t: TestApp, tenant: Tenant): Promise<string> {
  const response = await t.call(await t.as(ADMIN_OF[tenant]), {
    method: 'POST',
    url: '/api/v1/notifications/rules',
    payload: {
      group_id: t.fx.groups[tenant],
      name: `Offline ${tenant} ${randomUUID().slice(0, 6)}`,
      alert_type: 'DEVICE_OFFLINE',
      offline_after_minutes: 30,
    },
  })
  if (response.statusCode === 201) return response.json().id
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO notification_rules (group_id, name, alert_type, offline_after_minutes)
     VALUES ($1, $2, 'DEVICE_OFFLINE', 30) RETURNING id`,
    [t.fx.groups[tenant], `Offline ${tenant} ${randomUUID().slice(0, 6)}`],
  )
  return rows[0]!.id
}

/** A webhook channel through the API. */
async function channel(t: TestApp, tenant: Tenant): Promise<string> {
  const response = await t.call(await t.as(ADMIN_OF[tenant]), {
    method: 'POST',
    url: '/api/v1/notifications/channels',
    payload: {
      group_id: t.fx.groups[tenant],
      type: 'webhook',
      name: `Hook ${tenant} ${randomUUID().slice(0, 6)}`,
      url: 'https://hooks.example.test/meterdeck',
    },
  })
  if (response.statusCode !== 201) throw new Error(`channel: ${response.body}`)
  return response.json().id
}

/** An active alarm of the tenant's rule and first device (the evaluator raises them). */
async function alarm(t: TestApp, tenant: Tenant, ruleId: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO alarms (group_id, rule_id, device_id, condition_key, alert_type, severity,
       rule_name, title, message, raised_at)
     VALUES ($1, $2, $3, $4, 'DEVICE_OFFLINE', 'warning', 'Offline', 'Device offline',
             'Main meter has been offline for 45 min.', now()) RETURNING id`,
    [t.fx.groups[tenant], ruleId, t.fx.devicesOf[tenant][0], `test:${randomUUID()}`],
  )
  return rows[0]!.id
}

/** A manual reading with a photo through the API (SQL while it is not implemented). */
async function attachment(t: TestApp, tenant: Tenant): Promise<string> {
  const device = t.fx.devicesOf[tenant][0]!
  const { payload, contentType } = multipart({ kwh: '5000', note: `photo ${tenant}`, photo: 'x' }, [
    'photo',
  ])
  const response = await t.call(await t.as(ADMIN_OF[tenant]), {
    method: 'POST',
    url: `/api/v1/devices/${device}/manual-reading`,
    payload,
    headers: { 'content-type': contentType },
  })
  if (response.statusCode === 201) {
    const { rows } = await t.db.query<{ id: string }>(
      'SELECT id FROM attachments WHERE device_id = $1 ORDER BY created_at DESC LIMIT 1',
      [device],
    )
    if (rows[0]) return rows[0].id
  }
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO attachments (group_id, device_id, filename, content_type, size_bytes, storage_key)
     VALUES ($1, $2, 'meter.png', 'image/png', 68, $3) RETURNING id`,
    [t.fx.groups[tenant], device, `attachments/missing-${randomUUID()}`],
  )
  return rows[0]!.id
}

/** A private device model of the tenant with the handler the contract's examples name. */
async function deviceModel(t: TestApp, tenant: Tenant): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO device_models (group_id, name, manufacturer, handlers)
     VALUES ($1, $2, 'Test', '[{"name": "modbus_tcp", "description": "Test", "measurements": ["energy_kwh"]}]')
     RETURNING id`,
    [t.fx.groups[tenant], `Private model ${tenant} ${randomUUID().slice(0, 6)}`],
  )
  return rows[0]!.id
}

/** A notification of the tenant delivered to `users` (there is no API that makes one). */
async function deliveries(
  t: TestApp,
  tenant: Tenant,
  users: UserKey[],
): Promise<Partial<Record<UserKey, string>>> {
  const device = t.fx.devicesOf[tenant][0]!
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO notifications (group_id, device_id, event_type, template_id, title, message, params)
     VALUES ($1, $2::uuid, 'device.offline.v1', 'DEVICE_OFFLINE', 'Device offline', 'Main meter is offline',
             jsonb_build_object('device_id', $3::text, 'device_name', 'Main meter',
                                'last_seen', '2026-03-14T12:00:00Z', 'offline_duration_minutes', 45))
     RETURNING id`,
    [t.fx.groups[tenant], device, device],
  )
  const out: Partial<Record<UserKey, string>> = {}
  for (const user of users) {
    const delivery = await t.db.query<{ id: string }>(
      `INSERT INTO notification_deliveries (group_id, notification_id, user_id)
       VALUES ($1, $2, $3) RETURNING id`,
      [t.fx.groups[tenant], rows[0]!.id, t.fx.users[user]],
    )
    out[user] = delivery.rows[0]!.id
  }
  return out
}

/** An API key of the tenant, made by its admin. */
async function apiKey(t: TestApp, tenant: Tenant): Promise<string> {
  const response = await t.call(await t.as(tenant === 'A' ? 'admin' : 'admin2'), {
    method: 'POST',
    url: '/api/v1/api-keys',
    payload: { name: `Key of ${tenant}`, role: 'user' },
  })
  if (response.statusCode !== 201) throw new Error(`api key: ${response.body}`)
  return response.json().id
}

const usersOf = (tenant: Tenant) =>
  (Object.keys(USERS) as UserKey[]).filter((u) => USERS[u].group === tenant)

/**
 * One object of every id kind in both tenants, made through the API where the operation exists
 * (so they look like real ones) and by SQL otherwise.
 */
export async function createTenantObjects(t: TestApp): Promise<TenantObjects> {
  const deliveryOf = {
    ...(await deliveries(t, 'A', [...usersOf('A'), 'developer', 'superuser'])),
    ...(await deliveries(t, 'B', usersOf('B'))),
  } as Record<UserKey, string>
  const ids = {} as TenantObjects['ids']
  for (const tenant of ['A', 'B'] as const) {
    // Not a fixture account: a test that wrongly succeeds must not end a caller's session.
    const { rows: users } = await t.db.query<{ id: string }>(
      `INSERT INTO users (email, full_name, role, group_id, password_hash)
       SELECT $1, 'Target', 'user', $2, password_hash FROM users WHERE id = $3 RETURNING id`,
      [
        `target-${tenant.toLowerCase()}-${randomUUID().slice(0, 6)}@demo.local`,
        t.fx.groups[tenant],
        t.fx.users.user,
      ],
    )
    const device = t.fx.devicesOf[tenant][0]!
    const ruleId = await rule(t, tenant)
    const reading = await t.db.query<{ id: string }>(
      'SELECT id::text FROM readings WHERE device_id = $1 ORDER BY ts LIMIT 1',
      [device],
    )
    ids[tenant] = {
      user: users[0]!.id,
      group: t.fx.groups[tenant],
      device,
      deviceModel: await deviceModel(t, tenant),
      delivery: deliveryOf[tenant === 'A' ? 'user' : 'user2'],
      rule: ruleId,
      reading: reading.rows[0]!.id,
      attachment: await attachment(t, tenant),
      apiKey: await apiKey(t, tenant),
      channel: await channel(t, tenant),
      alarm: await alarm(t, tenant, ruleId),
    }
  }
  return { ids, deliveryOf }
}

/**
 * A fingerprint of everything a tenant owns: every row of every table with a group_id, the group
 * itself, its users' sessions, refresh tokens and preferences. Found from the catalogue, so a new
 * tenant table is covered without a change here.
 */
export async function tenantSnapshot(t: TestApp, groupId: string): Promise<Record<string, string>> {
  const { rows: tables } = await t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'group_id'
      ORDER BY table_name`,
  )
  const selections: Record<string, string> = {
    groups: 'SELECT * FROM groups WHERE id = $1',
    sessions: 'SELECT s.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.group_id = $1',
    refresh_tokens: `SELECT r.* FROM refresh_tokens r JOIN sessions s ON s.id = r.family_id
                     JOIN users u ON u.id = s.user_id WHERE u.group_id = $1`,
    user_preferences:
      'SELECT p.* FROM user_preferences p JOIN users u ON u.id = p.user_id WHERE u.group_id = $1',
  }
  for (const { table_name } of tables)
    selections[table_name] = `SELECT * FROM ${table_name} WHERE group_id = $1`
  const out: Record<string, string> = {}
  for (const [name, sql] of Object.entries(selections)) {
    const { rows } = await t.db.query<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS digest
         FROM (${sql}) x`,
      [groupId],
    )
    out[name] = `${rows[0]!.n}:${rows[0]!.digest ?? ''}`
  }
  return out
}
