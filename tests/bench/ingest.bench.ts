/**
 * Benchmark (issue 6): ingest through POST /api/v1/devices/bulk_push, 5,000 readings a request
 * (1,000 devices x 5 quarter hours, moving forward in time), on PGlite and PostgreSQL: readings/s
 * end to end (HTTP, validation, the insert with deltas, hourly and daily rollups, device
 * statistics, status), and the ratio to a raw batched INSERT of the same rows (one unnest()
 * statement per 5,000, no derived data) into the same table in the same run, batches interleaved.
 * The raw INSERT runs twice: with its arrays as text, node-postgres' usual way, and in binary, as
 * the server sends them (src/server/lib/pg-binary-array.ts).
 *
 *   npx tsx tests/bench/ingest.bench.ts          BENCH_BATCHES=40 BENCH_SKIP_PG=1
 *
 * Targets: >= 100,000 readings/s on PostgreSQL, >= 50,000 on PGlite, ratio >= 0.5.
 */
import { fileURLToPath } from 'node:url'
import {
  benchTenant,
  listen,
  machine,
  openBenchDatabase,
  postgresReachable,
  request,
  signIn,
  ask,
  startServer,
  stopServer,
  type Kind,
} from './support/kit.ts'

const file = fileURLToPath(import.meta.url)
const DEVICES = 1000
const SLOTS = 5
const BATCHES = Number(process.env.BENCH_BATCHES ?? 40)
const WARMUP = 3
const Q = 15 * 60_000
// Every batch lies in the past: the server refuses readings from the future.
const T0 = Math.floor(Date.now() / Q) * Q - (WARMUP + BATCHES + 2) * SLOTS * Q

interface Reading {
  device_id: string
  timestamp: string
  kwh: number
}

/** Batch k: SLOTS quarter hours of every device, the meters rising at their own pace. */
function batch(devices: readonly string[], k: number): Reading[] {
  const out: Reading[] = []
  for (let s = 0; s < SLOTS; s++) {
    const slot = k * SLOTS + s
    const ts = new Date(T0 + slot * Q).toISOString()
    devices.forEach((device_id, d) =>
      out.push({ device_id, timestamp: ts, kwh: 1000 + slot * (0.1 + (d % 50) / 100) }),
    )
  }
  return out
}

// ---------------------------------------------------------------- server side (child process)

async function serve(kind: Kind) {
  const { SYSTEM } = await import('../../src/server/db/database.ts')
  const { binaryArray } = await import('../../src/server/lib/pg-binary-array.ts')
  const bench = await openBenchDatabase(kind)
  const groupId = await benchTenant(bench.db, 'Ingest', 'ingest@bench.test')
  const devices = async (prefix: string) =>
    (
      await bench.db.query<{ id: string }>(
        `INSERT INTO devices (group_id, name, serial_number)
         SELECT $1, $2 || lpad(i::text, 4, '0'), $2 || i FROM generate_series(1, $3::int) AS i
         RETURNING id`,
        [groupId, prefix, DEVICES],
      )
    ).rows.map((r) => r.id)
  const pushed = await devices('Pushed ')
  const raw = { text: await devices('Text '), binary: await devices('Binary ') }
  const { app, port } = await listen(bench)
  const cookie = await signIn(app, 'ingest@bench.test')
  process.send!({ port, cookie, pushed })
  process.on('message', async (message: { id: string; type: string; k?: number }) => {
    if (message.type === 'text' || message.type === 'binary') {
      const rows = batch(raw[message.type], message.k!)
      const arrays =
        message.type === 'text'
          ? [rows.map((r) => r.device_id), rows.map((r) => r.timestamp), rows.map((r) => r.kwh)]
          : [
              binaryArray(
                'uuid',
                rows.map((r) => r.device_id),
              ),
              binaryArray(
                'timestamptz',
                rows.map((r) => Date.parse(r.timestamp)),
              ),
              binaryArray(
                'float8',
                rows.map((r) => r.kwh),
              ),
            ]
      const started = performance.now()
      await bench.db.transaction(SYSTEM, (tx) =>
        tx.query(
          `INSERT INTO readings (group_id, device_id, ts, kwh)
           SELECT $1, * FROM unnest($2::uuid[], $3::timestamptz[], $4::float8[])`,
          [groupId, ...arrays],
        ),
      )
      process.send!({ id: message.id, ms: performance.now() - started })
    } else if (message.type === 'stop') {
      await app.close()
      await bench.dispose()
      process.exit(0)
    }
  })
}

// ---------------------------------------------------------------- load side (this process)

async function measure(kind: Kind) {
  const server = await startServer<{ port: number; cookie: string; pushed: string[] }>(file, kind)
  const { port, cookie, pushed } = server.info
  const push = (k: number) =>
    request({
      port,
      cookie,
      method: 'POST',
      path: '/api/v1/devices/bulk_push',
      body: JSON.stringify({ items: batch(pushed, k) }),
    })
  try {
    const total = { push: 0, text: 0, binary: 0 }
    for (let k = 0; k < WARMUP + BATCHES; k++) {
      const p = await push(k)
      const text = (await ask<{ ms: number }>(server.child, { type: 'text', k })).ms
      const binary = (await ask<{ ms: number }>(server.child, { type: 'binary', k })).ms
      if (k < WARMUP) continue
      total.push += p
      total.text += text
      total.binary += binary
    }
    const readings = BATCHES * DEVICES * SLOTS
    const rate = (ms: number) => readings / (ms / 1000)
    const figures = (ms: number) =>
      `${Math.round(rate(ms)).toLocaleString('en')} readings/s (${(ms / BATCHES).toFixed(1)} ms each)`
    const ratio = (raw: number) => (rate(total.push) / rate(raw)).toFixed(2)
    console.log(
      `${kind.padEnd(9)} bulk_push ${figures(total.push)}\n` +
        `          raw INSERT, text arrays   ${figures(total.text)}   ratio ${ratio(total.text)}\n` +
        `          raw INSERT, binary arrays ${figures(total.binary)}   ratio ${ratio(total.binary)}`,
    )
  } finally {
    await stopServer(server.child)
  }
}

async function main() {
  console.log(
    `ingest benchmark: ${BATCHES} requests of ${DEVICES * SLOTS} readings (${DEVICES} devices x ${SLOTS} quarter hours), ${machine()}`,
  )
  const kinds: Kind[] = ['pglite']
  if (await postgresReachable()) kinds.push('postgres')
  for (const kind of kinds) await measure(kind)
  console.log('\nTargets: >= 100,000 readings/s on PostgreSQL, >= 50,000 on PGlite, ratio >= 0.5.')
  process.exit(0)
}

const serveIndex = process.argv.indexOf('--serve')
const run = serveIndex >= 0 ? serve(process.argv[serveIndex + 1] as Kind) : main()
run.catch((error) => {
  console.error(error)
  process.exit(1)
})
