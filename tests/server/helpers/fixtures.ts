import { SYSTEM, type Database, type Role } from '~/server/db/database.ts'
import { hashPassword } from '~/server/modules/auth/passwords.ts'
import { insertReadings } from '~/server/modules/readings/readings-repository.ts'

/** Bump when the fixtures change, so the cached PGlite template is rebuilt. */
export const FIXTURE_VERSION = 1
export const PASSWORD = 'demo-password'
/** Tests hash at 2^10: the stored parameters travel with each hash. */
export const TEST_SCRYPT_LOG_N = 10

export const USERS = {
  developer: { email: 'developer@demo.local', role: 'developer', group: null },
  superuser: { email: 'superuser@demo.local', role: 'superuser', group: null },
  admin: { email: 'admin@demo.local', role: 'admin', group: 'A' },
  user: { email: 'user@demo.local', role: 'user', group: 'A' },
  admin2: { email: 'admin2@demo.local', role: 'admin', group: 'B' },
  user2: { email: 'user2@demo.local', role: 'user', group: 'B' },
} as const satisfies Record<string, { email: string; role: Role; group: 'A' | 'B' | null }>

export type UserKey = keyof typeof USERS

export const GROUPS = { A: 'Northwind Energy', B: 'Harbor Utilities' } as const

export const DEVICES = [
  { group: 'A', name: 'Main meter', serial: 'NW-EM-1001', location: 'Hamburg, Hafenstraße 12' },
  { group: 'A', name: 'Cold storage', serial: 'NW-EM-1002', location: 'Hamburg, Hall B' },
  { group: 'A', name: 'Office block', serial: 'NW-EM-1003', location: 'Hamburg, Speicherstadt 4' },
  { group: 'B', name: 'Pump station', serial: 'HU-EM-2001', location: 'Boston, Harbor Rd 1' },
  { group: 'B', name: 'Admin building', serial: 'HU-EM-2002', location: 'Boston, Pier St 20' },
] as const

/** Two tenants, six accounts, five devices, two days of readings on the first device of each. */
export async function seedFixtures(db: Database): Promise<void> {
  const hashes = await Promise.all(
    Object.values(USERS).map(() => hashPassword(PASSWORD, TEST_SCRYPT_LOG_N)),
  )
  await db.transaction(SYSTEM, async (tx) => {
    const groups: Record<string, string> = {}
    for (const [key, name] of Object.entries(GROUPS)) {
      const tz = key === 'A' ? 'Europe/Berlin' : 'America/New_York'
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO groups (name, timezone) VALUES ($1, $2) RETURNING id',
        [name, tz],
      )
      groups[key] = rows[0]!.id
    }
    for (const [i, u] of Object.values(USERS).entries()) {
      await tx.query(
        'INSERT INTO users (email, full_name, role, group_id, password_hash) VALUES ($1, $2, $3, $4, $5)',
        [u.email, u.email.split('@')[0], u.role, u.group ? groups[u.group] : null, hashes[i]],
      )
    }
    const first: string[] = []
    for (const d of DEVICES) {
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO devices (group_id, name, serial_number, location) VALUES ($1, $2, $3, $4) RETURNING id',
        [groups[d.group], d.name, d.serial, d.location],
      )
      if (d.serial.endsWith('1')) first.push(rows[0]!.id)
    }
    const end = Math.floor(Date.now() / 900_000) * 900_000
    const readings = first.flatMap((deviceId) =>
      Array.from({ length: 192 }, (_, i) => ({
        deviceId,
        ts: new Date(end - (191 - i) * 900_000),
        kwh: 1000 + i * 0.5,
      })),
    )
    await insertReadings(tx, readings)
  })
}

export interface Fixtures {
  groups: Record<'A' | 'B', string>
  users: Record<UserKey, string>
  devices: Record<(typeof DEVICES)[number]['serial'], string>
  /** Device ids per group. */
  devicesOf: Record<'A' | 'B', string[]>
}

/** The fixture ids of this database (each copy has the same ids, PostgreSQL ones differ). */
export async function loadFixtures(db: Database): Promise<Fixtures> {
  const groups = await db.query<{ id: string; name: string }>('SELECT id, name FROM groups')
  const users = await db.query<{ id: string; email: string }>('SELECT id, email FROM users')
  const devices = await db.query<{ id: string; serial_number: string; group_id: string }>(
    'SELECT id, serial_number, group_id FROM devices',
  )
  const groupId = (key: 'A' | 'B') => groups.rows.find((g) => g.name === GROUPS[key])!.id
  const fx: Fixtures = {
    groups: { A: groupId('A'), B: groupId('B') },
    users: Object.fromEntries(
      Object.entries(USERS).map(([key, u]) => [
        key,
        users.rows.find((r) => r.email === u.email)!.id,
      ]),
    ) as Fixtures['users'],
    devices: Object.fromEntries(
      devices.rows.map((d) => [d.serial_number, d.id]),
    ) as Fixtures['devices'],
    devicesOf: { A: [], B: [] },
  }
  for (const d of DEVICES) fx.devicesOf[d.group].push(fx.devices[d.serial])
  return fx
}
