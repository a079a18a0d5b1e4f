import type { EnergySettings } from '~/api/__generated__/types.gen.ts'
import { SYSTEM, type Database } from '../db/database.ts'
import { hashPassword } from '../modules/auth/passwords.ts'
import { energySettingsRepository } from '../modules/billing/settings-repository.ts'
import { insertReadings, type NewReading } from '../modules/readings/readings-repository.ts'
import { gridQuarter, type LoadProfile } from './load-profiles.ts'
import { prng } from './random.ts'

export const DEMO_PASSWORD = 'demo-password'

export const DEMO_GROUPS = [
  {
    name: 'Northwind Energy',
    description: 'Warehouses and offices in Hamburg',
    timezone: 'Europe/Berlin',
    utcOffset: 1,
    prefix: 'NW',
  },
  {
    name: 'Harbor Utilities',
    description: 'Water and power sites around the harbour',
    timezone: 'America/New_York',
    utcOffset: -5,
    prefix: 'HU',
  },
] as const

const WEEKDAYS = [1, 2, 3, 4, 5]

/**
 * Northwind's supply contract, so the demo shows cost and CO2 from the first page: a time-of-use
 * tariff (peak 07:00-22:00 on weekdays) whose price rose this year, with a feed-in price and a
 * demand charge since, and a grid factor that fell.
 * Harbor Utilities has none: the state of a tenant that has not set up its billing yet.
 */
export const DEMO_ENERGY: Record<string, EnergySettings> = {
  'Northwind Energy': {
    billing_cycle_start_day: 1,
    currency: 'EUR',
    credit_export_co2: false,
    tariffs: [
      { effective_from: '2020-01-01', standing_charge_per_day: 0.42, price_per_kwh: 0.29 },
      {
        effective_from: '2026-01-01',
        standing_charge_per_day: 0.45,
        // What the office's roof feeds back is paid; each meter's capacity is billed on the
        // mean of its last 12 monthly peaks, at least 2.5 kW (a Flemish-style capacity tariff).
        feed_in_price_per_kwh: 0.08,
        demand_charge: { price_per_kw: 4.36, basis: 'rolling_mean_12', floor_kw: 2.5 },
        windows: [
          { days: WEEKDAYS, start: '00:00', end: '07:00', price_per_kwh: 0.24 },
          { days: WEEKDAYS, start: '07:00', end: '22:00', price_per_kwh: 0.36 },
          { days: WEEKDAYS, start: '22:00', end: '24:00', price_per_kwh: 0.24 },
          { days: [6, 7], start: '00:00', end: '24:00', price_per_kwh: 0.24 },
        ],
      },
    ],
    emission_factors: [
      { effective_from: '2020-01-01', g_co2e_per_kwh: 420 },
      { effective_from: '2026-01-01', g_co2e_per_kwh: 380 },
    ],
  },
}

export const DEMO_LOGINS = [
  { email: 'developer@demo.local', role: 'developer', fullName: 'Dana Developer', group: null },
  { email: 'superuser@demo.local', role: 'superuser', fullName: 'Sam Superuser', group: null },
  { email: 'admin@demo.local', role: 'admin', fullName: 'Anna Admin', group: DEMO_GROUPS[0].name },
  { email: 'user@demo.local', role: 'user', fullName: 'Uli User', group: DEMO_GROUPS[0].name },
  {
    email: 'admin2@demo.local',
    role: 'admin',
    fullName: 'Hana Harbor',
    group: DEMO_GROUPS[1].name,
  },
] as const

export interface DemoDevice {
  name: string
  location: string
  profile: LoadProfile
  model: string
  handler: string
  /** A rooftop array behind the meter (kWp): the meter counts an export register too. */
  solarKwp?: number
}

export const DEMO_DEVICES: DemoDevice[][] = [
  [
    {
      name: 'Main meter – Warehouse 1',
      location: 'Hamburg, Hafenstraße 12',
      profile: 'warehouse',
      model: 'PM5560',
      handler: 'modbus_tcp',
    },
    {
      name: 'Cold storage hall',
      location: 'Hamburg, Hafenstraße 12, Hall B',
      profile: 'cold_storage',
      model: 'PM5560',
      handler: 'modbus_tcp',
    },
    {
      name: 'Office block',
      location: 'Hamburg, Speicherstadt 4',
      profile: 'office',
      model: 'EM340',
      handler: 'modbus_rtu',
      // The demo's two-way meter: sunny middays and weekends feed the roof's surplus back.
      solarKwp: 40,
    },
    {
      name: 'Loading dock',
      location: 'Hamburg, Hafenstraße 12, Dock 3',
      profile: 'warehouse',
      model: 'EM340',
      handler: 'modbus_rtu',
    },
    {
      name: 'EV chargers',
      location: 'Hamburg, Speicherstadt 4, Car park',
      profile: 'ev_charging',
      model: 'Generic pulse counter',
      handler: 'pulse_counter',
    },
    {
      name: 'Server room',
      location: 'Hamburg, Speicherstadt 4, Basement',
      profile: 'server_room',
      model: 'PM5560',
      handler: 'bulk_push',
    },
    {
      name: 'Workshop',
      location: 'Hamburg, Hafenstraße 14',
      profile: 'office',
      model: 'E350',
      handler: 'dlms_cosem',
    },
    {
      name: 'Yard lighting',
      location: 'Hamburg, Hafenstraße 12, Yard',
      profile: 'lighting',
      model: 'Generic pulse counter',
      handler: 'pulse_counter',
    },
    {
      name: 'Canteen',
      location: 'Hamburg, Speicherstadt 4, Ground floor',
      profile: 'retail',
      model: 'E350',
      handler: 'manual',
    },
    {
      name: 'Warehouse 2',
      location: 'Hamburg, Hafenstraße 16',
      profile: 'warehouse',
      model: 'PM5560',
      handler: 'modbus_tcp',
    },
  ],
  [
    {
      name: 'Pump station North',
      location: 'Boston, Harbor Rd 1',
      profile: 'pumping',
      model: 'PM5560',
      handler: 'modbus_tcp',
    },
    {
      name: 'Water treatment',
      location: 'Boston, Harbor Rd 7',
      profile: 'pumping',
      model: 'PM5560',
      handler: 'modbus_tcp',
    },
    {
      name: 'Admin building',
      location: 'Boston, Pier St 20',
      profile: 'office',
      model: 'EM340',
      handler: 'modbus_rtu',
    },
    {
      name: 'Visitor center',
      location: 'Boston, Pier St 22',
      profile: 'retail',
      model: 'E350',
      handler: 'dlms_cosem',
    },
    {
      name: 'Street lighting feeder',
      location: 'Boston, Seaport Blvd',
      profile: 'lighting',
      model: 'Generic pulse counter',
      handler: 'pulse_counter',
    },
    {
      name: 'Fleet garage',
      location: 'Boston, Dock Sq 3',
      profile: 'ev_charging',
      model: 'EM340',
      handler: 'bulk_push',
    },
    {
      name: 'Control room',
      location: 'Boston, Harbor Rd 7, Level 2',
      profile: 'server_room',
      model: 'PM5560',
      handler: 'modbus_tcp',
    },
    {
      name: 'Cold store',
      location: 'Boston, Fish Pier 2',
      profile: 'cold_storage',
      model: 'PM5560',
      handler: 'bulk_push',
    },
    {
      name: 'Pump station South',
      location: 'Boston, Harbor Rd 40',
      profile: 'pumping',
      model: 'PM5560',
      handler: 'modbus_tcp',
    },
    {
      name: 'Workshop',
      location: 'Boston, Dock Sq 5',
      profile: 'office',
      model: 'E350',
      handler: 'manual',
    },
  ],
]

const QUARTER = 15 * 60_000

export const demoSerial = (groupIndex: number, index: number) =>
  `${DEMO_GROUPS[groupIndex]!.prefix}-EM-${String(1001 + index)}`

/** The random seed of a demo device's readings: the same device gets the same data. */
export const demoSeed = (groupIndex: number, index: number) => 1000 * groupIndex + index + 1

/** "EV chargers" stops reporting three days before the seed's end (with fewer devices, the last one). */
export function offlineDemoDevice(devicesPerGroup: number): { groupIndex: number; index: number } {
  if (devicesPerGroup > 4) return { groupIndex: 0, index: 4 }
  const groupIndex = DEMO_DEVICES.length - 1
  return { groupIndex, index: Math.min(devicesPerGroup, DEMO_DEVICES[groupIndex]!.length) - 1 }
}

export interface DemoOptions {
  days: number
  devicesPerGroup: number
  scryptLogN: number
  now?: Date
  /** Told what is being seeded, a line per device (`npm start` prints it: it takes a while). */
  progress?: (line: string) => void
}

export interface DemoReport {
  groups: number
  devices: number
  readings: number
  ms: number
}

/** A year (or `days`) of quarter-hourly cumulative readings for one device, ending `end`. */
export function demoReadings(
  deviceId: string,
  spec: { profile: LoadProfile; solarKwp?: number; utcOffset: number; seed: number },
  start: number,
  end: number,
  events: { resetAt?: number; stopAt?: number },
): NewReading[] {
  const random = prng(spec.seed)
  const gaps = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const from = start + random() * (end - start)
    return [from, from + (2 + random() * 10) * 3_600_000] as const
  })
  const rows: NewReading[] = []
  let register = Math.round(5_000 + random() * 55_000)
  let exported = spec.solarKwp ? 1_000 : 0
  for (let t = start; t <= end; t += QUARTER) {
    const quarter = gridQuarter(spec, spec.utcOffset, t, random)
    register += quarter.importKwh
    exported += quarter.exportKwh
    if (events.resetAt !== undefined && t >= events.resetAt && t < events.resetAt + QUARTER)
      register = random() * 5
    if (events.stopAt !== undefined && t > events.stopAt) break
    if (gaps.some(([from, to]) => t >= from && t < to)) continue
    rows.push({
      deviceId,
      ts: new Date(t),
      kwh: Math.round(register * 1000) / 1000,
      ...(spec.solarKwp && { exportKwh: Math.round(exported * 1000) / 1000 }),
      source: 'bulk',
    })
  }
  return rows
}

/**
 * The demo tenant: two groups, the five demo logins, devices with a year of readings (daily and
 * weekly patterns, a few gaps, one meter replaced mid-period, one device offline for three days,
 * one two-way meter with a solar roof).
 */
export async function seedDemo(db: Database, options: DemoOptions): Promise<DemoReport> {
  const started = Date.now()
  const end = Math.floor((options.now ?? new Date()).getTime() / QUARTER) * QUARTER
  const start = end - options.days * 86_400_000
  const hashes = await Promise.all(
    DEMO_LOGINS.map(() => hashPassword(DEMO_PASSWORD, options.scryptLogN)),
  )
  const plan = await db.transaction(SYSTEM, async (tx) => {
    const groupIds: string[] = []
    for (const g of DEMO_GROUPS) {
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO groups (name, description, timezone) VALUES ($1, $2, $3) RETURNING id',
        [g.name, g.description, g.timezone],
      )
      groupIds.push(rows[0]!.id)
      const energy = DEMO_ENERGY[g.name]
      if (energy) await energySettingsRepository(tx).put(rows[0]!.id, energy)
    }
    for (const [i, login] of DEMO_LOGINS.entries()) {
      const groupId = login.group
        ? groupIds[DEMO_GROUPS.findIndex((g) => g.name === login.group)]
        : null
      await tx.query(
        'INSERT INTO users (email, full_name, role, group_id, password_hash) VALUES ($1, $2, $3, $4, $5)',
        [login.email, login.fullName, login.role, groupId, hashes[i]],
      )
    }
    const models = new Map(
      (
        await tx.query<{ id: string; name: string }>(
          'SELECT id, name FROM device_models WHERE group_id IS NULL',
        )
      ).rows.map((m) => [m.name, m.id]),
    )
    const devices: Array<{ id: string; groupIndex: number; index: number; spec: DemoDevice }> = []
    for (const [groupIndex, list] of DEMO_DEVICES.entries()) {
      for (const [index, spec] of list.slice(0, options.devicesPerGroup).entries()) {
        const serial = demoSerial(groupIndex, index)
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO devices (group_id, name, serial_number, location, device_model_id, handler, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7 / 1000.0)) RETURNING id`,
          [
            groupIds[groupIndex],
            spec.name,
            serial,
            spec.location,
            models.get(spec.model) ?? null,
            spec.handler,
            start - 86_400_000,
          ],
        )
        devices.push({ id: rows[0]!.id, groupIndex, index, spec })
      }
    }
    return devices
  })
  let readings = 0
  const off = offlineDemoDevice(options.devicesPerGroup)
  const offline = plan.find((d) => d.groupIndex === off.groupIndex && d.index === off.index)!
  const replaced = plan.find((d) => d.groupIndex === 0 && d.index === 1) ?? plan[0]!
  for (const [n, device] of plan.entries()) {
    const rows = demoReadings(
      device.id,
      {
        ...device.spec,
        utcOffset: DEMO_GROUPS[device.groupIndex]!.utcOffset,
        seed: demoSeed(device.groupIndex, device.index),
      },
      start,
      end,
      {
        resetAt:
          device === replaced
            ? start + Math.floor(((end - start) * 0.4) / QUARTER) * QUARTER
            : undefined,
        // Three days offline; a shorter seed (SEED_DAYS < 6) still gives it readings before.
        stopAt: device === offline ? end - Math.min(3 * 86_400_000, (end - start) / 2) : undefined,
      },
    )
    options.progress?.(
      `Seeding the demo tenant: device ${n + 1}/${plan.length} (${device.spec.name}), ${rows.length.toLocaleString('en')} readings`,
    )
    for (let i = 0; i < rows.length; i += 20_000) {
      await db.transaction(SYSTEM, (tx) => insertReadings(tx, rows.slice(i, i + 20_000)))
    }
    readings += rows.length
  }
  await db.transaction(SYSTEM, async (tx) => {
    await tx.query(
      `INSERT INTO device_status_history (group_id, device_id, status, previous_status, reason, changed_at)
       SELECT group_id, id, 'online', 'unknown', 'First reading received', first_reading_at FROM devices WHERE first_reading_at IS NOT NULL`,
    )
    await tx.query(
      `UPDATE devices SET status = CASE WHEN id = $1 THEN 'offline' ELSE 'online' END WHERE reading_count > 0`,
      [offline.id],
    )
    await tx.query(
      `INSERT INTO device_status_history (group_id, device_id, status, previous_status, reason, changed_at)
       SELECT group_id, id, 'offline', 'online', 'No reading for 30 minutes', last_seen + interval '30 minutes' FROM devices WHERE id = $1`,
      [offline.id],
    )
  })
  return { groups: DEMO_GROUPS.length, devices: plan.length, readings, ms: Date.now() - started }
}
