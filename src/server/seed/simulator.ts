import type { Logger } from 'pino'
import { SYSTEM, type Database } from '../db/database.ts'
import { statusRepository } from '../modules/devices/status-repository.ts'
import { insertReadings, type NewReading } from '../modules/readings/readings-repository.ts'
import {
  DEMO_DEVICES,
  DEMO_GROUPS,
  demoSeed,
  demoSerial,
  offlineDemoDevice,
  type DemoDevice,
} from './demo.ts'
import { gridQuarter } from './load-profiles.ts'
import { prng } from './random.ts'

const QUARTER = 15 * 60_000

export interface SimulatorOptions {
  /** Seeded devices per group: tells which demo device is the offline one. */
  devicesPerGroup: number
  /** How often a tick runs. @default 5 minutes */
  intervalMs?: number
  /** The longest gap a tick fills (the server was stopped for a while). @default 35 days */
  maxCatchUpMs?: number
}

interface FedDevice {
  id: string
  spec: DemoDevice
  utcOffset: number
  seed: number
  lastAt: number
  lastKwh: number
  /** The export register's latest value; null for an import-only meter. */
  lastExportKwh: number | null
}

/** The seeded demo devices that keep reporting: all but the offline one, with their last reading. */
async function fedDevices(db: Database, devicesPerGroup: number): Promise<FedDevice[]> {
  const { rows } = await db.query<{
    id: string
    group_name: string
    serial_number: string
    last_reading_at: Date | null
    latest_kwh: number | null
    latest_export_kwh: number | null
  }>(
    `SELECT d.id, g.name AS group_name, d.serial_number, d.last_reading_at, d.latest_kwh,
            (SELECT r.kwh FROM readings r WHERE d.has_export AND r.device_id = d.id
               AND r.reading_type = 'export_kwh' ORDER BY r.ts DESC LIMIT 1) AS latest_export_kwh
     FROM devices d JOIN groups g ON g.id = d.group_id
     WHERE g.name = ANY($1::text[]) AND d.last_reading_at IS NOT NULL`,
    [DEMO_GROUPS.map((g) => g.name)],
  )
  const offline = offlineDemoDevice(devicesPerGroup)
  const fed: FedDevice[] = []
  for (const [groupIndex, list] of DEMO_DEVICES.entries()) {
    for (const [index, spec] of list.entries()) {
      if (groupIndex === offline.groupIndex && index === offline.index) continue
      const row = rows.find(
        (r) =>
          r.group_name === DEMO_GROUPS[groupIndex]!.name &&
          r.serial_number === demoSerial(groupIndex, index),
      )
      if (!row) continue
      fed.push({
        id: row.id,
        spec,
        utcOffset: DEMO_GROUPS[groupIndex]!.utcOffset,
        seed: demoSeed(groupIndex, index),
        lastAt: row.last_reading_at!.getTime(),
        lastKwh: row.latest_kwh ?? 0,
        lastExportKwh: row.latest_export_kwh,
      })
    }
  }
  return fed
}

/**
 * The quarter-hour readings a device owes from its last one up to `now`, continuing its register
 * with its load profile. Each quarter's noise is seeded by device and time, so every replica (or
 * a retried tick) computes the same values and a second insert is a harmless duplicate.
 */
export function dueReadings(device: FedDevice, now: number, maxCatchUpMs: number): NewReading[] {
  const end = Math.floor(now / QUARTER) * QUARTER
  const earliest = Math.ceil((now - maxCatchUpMs) / QUARTER) * QUARTER
  const rows: NewReading[] = []
  let register = device.lastKwh
  let exported = device.lastExportKwh
  // The quarter after the last reading (a manual one may sit between quarters).
  const next = Math.floor(device.lastAt / QUARTER) * QUARTER + QUARTER
  for (let t = Math.max(next, earliest); t <= end; t += QUARTER) {
    const random = prng(Math.imul(device.seed, 0x9e3779b1) ^ (t / QUARTER))
    const quarter = gridQuarter(device.spec, device.utcOffset, t, random)
    register += quarter.importKwh
    if (exported !== null) exported += quarter.exportKwh
    rows.push({
      deviceId: device.id,
      ts: new Date(t),
      kwh: Math.round(register * 1000) / 1000,
      ...(exported !== null && { exportKwh: Math.round(exported * 1000) / 1000 }),
      source: 'bulk',
    })
  }
  return rows
}

/** One round: appends every fed device's due readings (one transaction per device). */
export async function simulateTick(
  db: Database,
  now: number,
  options: SimulatorOptions,
): Promise<number> {
  let appended = 0
  for (const device of await fedDevices(db, options.devicesPerGroup)) {
    const rows = dueReadings(device, now, options.maxCatchUpMs ?? 35 * 86_400_000)
    if (rows.length === 0) continue
    await db.transaction(SYSTEM, async (tx) => {
      appended += (await insertReadings(tx, rows)).inserted.length
      // A device that reports is online (it may have been marked offline while the server was down).
      const at = rows.at(-1)!.ts
      await statusRepository(tx).apply([
        { deviceId: device.id, status: 'online', at, reason: 'Readings received' },
      ])
    })
  }
  return appended
}

/**
 * Keeps the demo tenant current while the server runs: a tick at start (filling the time the
 * server was stopped) and every `intervalMs` after, one at a time. `stop()` waits for a running
 * tick, so the database can close after it.
 */
export function startSimulator(
  db: Database,
  log: Logger,
  options: SimulatorOptions,
): { stop(): Promise<void> } {
  let running = Promise.resolve()
  const tick = () => {
    running = running.then(async () => {
      try {
        const appended = await simulateTick(db, Date.now(), options)
        if (appended > 0) log.debug({ logger: 'simulator', appended }, 'Appended demo readings')
      } catch (error) {
        log.warn(
          { logger: 'simulator', err: { message: (error as Error).message } },
          'Demo simulator tick failed',
        )
      }
    })
  }
  tick()
  const timer = setInterval(tick, options.intervalMs ?? 5 * 60_000)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
