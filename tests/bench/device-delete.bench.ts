/**
 * Benchmark (issue 19): what migration 014's triggers add to deleting a device with a year of
 * 15-minute readings (35,040) and a manual entry with a photo row: the device trigger (rules),
 * the readings row trigger (manual entries and attachments of deleted manual readings) and the
 * attachments statement trigger (file queue). Each round deletes a fresh device, with the triggers
 * and then with them disabled, on PGlite and PostgreSQL.
 *
 *   npx tsx tests/bench/device-delete.bench.ts      (BENCH_ROUNDS=5; BENCH_SKIP_PG=1 skips PostgreSQL)
 */
import { SYSTEM, type Database } from '~/server/db/database.ts'
import { devicesRepository } from '~/server/modules/devices/devices-repository.ts'
import { insertReadings } from '~/server/modules/readings/readings-repository.ts'
import { benchKinds, benchTenant, openBenchDatabase, type Kind } from './support/kit.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const READINGS = 365 * 96
const TRIGGERS = [
  'devices devices_leave_rules',
  'readings readings_drop_entry',
  'attachments attachments_queue_file',
]

async function deviceWithAYear(db: Database, group: string, n: number): Promise<string> {
  return db.transaction(SYSTEM, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
      [group, `Meter ${n}`, `BENCH-${n}`],
    )
    const id = rows[0]!.id
    const start = Date.now() - READINGS * 900_000
    const readings = Array.from({ length: READINGS }, (_, i) => ({
      deviceId: id,
      ts: new Date(start + i * 900_000),
      kwh: i * 0.5,
    }))
    const { ids } = await insertReadings(tx, readings, { returnIds: true })
    await tx.query("UPDATE readings SET source = 'manual' WHERE id = $1", [ids.get(READINGS - 1)])
    const { rows: a } = await tx.query<{ id: string }>(
      `INSERT INTO attachments (group_id, device_id, filename, content_type, size_bytes, storage_key)
       VALUES ($1, $2, 'm.png', 'image/png', 1, $3) RETURNING id`,
      [group, id, `${group}/${id}/photo`],
    )
    await tx.query(
      `INSERT INTO manual_entries (reading_id, group_id, device_id, attachment_id) VALUES ($1, $2, $3, $4)`,
      [ids.get(READINGS - 1), group, id, a[0]!.id],
    )
    await tx.query(
      `INSERT INTO notification_rules (group_id, name, alert_type, device_ids, offline_after_minutes)
       VALUES ($1, $2, 'DEVICE_OFFLINE', ARRAY[$3::uuid], 30)`,
      [group, `Rule ${n}`, id],
    )
    return id
  })
}

async function timeDelete(db: Database, id: string): Promise<number> {
  const started = performance.now()
  await db.transaction(SYSTEM, (tx) => devicesRepository(tx).remove(id))
  return performance.now() - started
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function run(kind: Kind) {
  const bench = await openBenchDatabase(kind)
  try {
    const group = await benchTenant(bench.db, 'Bench', 'bench@example.com')
    const times = { with: [] as number[], without: [] as number[] }
    let n = 0
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['with', 'without'] as const) {
        const id = await deviceWithAYear(bench.db, group, (n += 1))
        const toggle = mode === 'with' ? 'ENABLE' : 'DISABLE'
        for (const t of TRIGGERS) {
          const [table, name] = t.split(' ')
          await bench.db.exec(`ALTER TABLE ${table} ${toggle} TRIGGER ${name}`)
        }
        times[mode].push(await timeDelete(bench.db, id))
      }
    }
    const ms = (xs: number[]) => `${median(xs).toFixed(1)} ms`
    console.log(
      `${kind}: delete a device with ${READINGS} readings, median of ${ROUNDS}: ` +
        `with the triggers ${ms(times.with)}, without ${ms(times.without)}`,
    )
  } finally {
    await bench.dispose()
  }
}

for (const kind of await benchKinds()) await run(kind)
