/**
 * Benchmark (issue 6): ingest through POST /api/v1/devices/bulk_push, 5,000 readings a request
 * (1,000 devices x 5 quarter hours, moving forward in time), on PGlite and PostgreSQL: readings/s
 * end to end (HTTP, validation, the insert with deltas, hourly and daily rollups, device
 * statistics, status), and the ratio to a raw batched INSERT of the same rows (one unnest()
 * statement per 5,000, no derived data) into the same table in the same run, batches interleaved.
 * The raw INSERT runs twice: with its arrays as text, node-postgres' usual way, and in binary, as
 * the server sends them (src/server/lib/pg-binary-array.ts).
 *
 * Two loads: one client pushing after another (each push's latency), then BENCH_CLIENTS clients
 * at once (default: one per core), each a gateway with its own 1,000 devices, as a fleet's
 * gateways push; the raw INSERTs then run as many at once. The second is the server's ingest
 * rate: PostgreSQL runs each transaction in its own process while Node parses the next body.
 *
 * Each load also prints the pushes' CPU time per request, the server process's and PostgreSQL's
 * (the backends of the bench's own database, from /proc), and the rate at which that would keep every core busy: a
 * ceiling no amount of overlap can pass on this machine.
 *
 *   npx tsx tests/bench/ingest.bench.ts   BENCH_BATCHES=40 BENCH_CLIENTS=2 BENCH_SKIP_PG=1 BENCH_SKIP_PGLITE=1
 *
 * Targets: >= 100,000 readings/s on PostgreSQL, >= 50,000 on PGlite, ratio >= 0.5.
 */
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { binaryArray } from '~/server/lib/pg-binary-array.ts'
import {
  benchTenant,
  listen,
  machine,
  openBenchDatabase,
  ownBackends,
  backendCpuMs,
  backendCpuSpent,
  benchKinds,
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
const CORES = availableParallelism()
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? CORES)
const WARMUP = 3
/** Batches per client in the concurrent load: as many readings as the one-client load. */
const ROUNDS = Math.ceil(BATCHES / CLIENTS)
const Q = 15 * 60_000
// Every batch lies in the past: the server refuses readings from the future.
const T0 = Math.floor(Date.now() / Q) * Q - (WARMUP + BATCHES + ROUNDS + 2) * SLOTS * Q

type Format = 'text' | 'binary'
const FORMATS: Format[] = ['text', 'binary']

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

/** A raw insert's parameters: the rows' three columns as arrays in `format`. */
function rawArrays(format: Format, rows: readonly Reading[]): unknown[] {
  const devices = rows.map((r) => r.device_id)
  const kwh = rows.map((r) => r.kwh)
  if (format === 'text') return [devices, rows.map((r) => r.timestamp), kwh]
  return [
    binaryArray('uuid', devices),
    binaryArray(
      'timestamptz',
      rows.map((r) => Date.parse(r.timestamp)),
    ),
    binaryArray('float8', kwh),
  ]
}

/** Asks the server process for the CPU time it has used so far, and its database's backends. */
interface CpuRequest {
  id: string
  type: 'cpu'
}

/** Tells the server process to insert raw batch k of each client's devices, all at once. */
interface RawRequest {
  id: string
  type: Format
  k: number
}

// ---------------------------------------------------------------- server side (child process)

async function serve(kind: Kind) {
  const { SYSTEM } = await import('~/server/db/database.ts')
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
  const fleets = async (prefix: string) => {
    const out: string[][] = []
    for (let c = 0; c < CLIENTS; c++) out.push(await devices(`${prefix} ${c} `))
    return out
  }
  const pushed = await fleets('Pushed')
  const raw = { text: await fleets('Text'), binary: await fleets('Binary') }
  const { app, port } = await listen(bench)
  const cookie = await signIn(app, 'ingest@bench.test')
  process.send!({ port, cookie, pushed })
  const insert = (arrays: unknown[]) =>
    bench.db.transaction(SYSTEM, (tx) =>
      tx.query(
        `INSERT INTO readings (group_id, device_id, ts, kwh)
         SELECT $1, * FROM unnest($2::uuid[], $3::timestamptz[], $4::float8[])`,
        [groupId, ...arrays],
      ),
    )
  process.on('message', async (message: RawRequest | { type: 'stop' } | CpuRequest) => {
    if (message.type === 'stop') {
      await app.close()
      await bench.dispose()
      process.exit(0)
    }
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage()
      const backends = await ownBackends(kind, bench.db)
      process.send!({ id: message.id, ms: (user + system) / 1000, backends })
      return
    }
    const { id, type, k } = message
    // One client inserts the one-client load's batches; every client, the concurrent load's.
    const fleet = k < WARMUP + BATCHES ? raw[type].slice(0, 1) : raw[type]
    const params = fleet.map((devices) => rawArrays(type, batch(devices, k)))
    const started = performance.now()
    await Promise.all(params.map(insert))
    process.send!({ id, ms: performance.now() - started })
  })
}

// ---------------------------------------------------------------- load side (this process)

interface Totals {
  push: number
  text: number
  binary: number
  /** CPU time of the pushes: the server process's, and PostgreSQL's (0 for PGlite, in-process). */
  serverCpu: number
  postgresCpu: number
}

type Server = Awaited<
  ReturnType<typeof startServer<{ port: number; cookie: string; pushed: string[][] }>>
>

/** CPU used so far by the server process and by its database's PostgreSQL backends. */
const cpuNow = async (server: Server) => {
  const { ms, backends } = await ask<{ ms: number; backends: number[] }>(server.child, {
    type: 'cpu',
  })
  return { server: ms, postgres: backendCpuMs(backends) }
}

/**
 * Batches `from` to `to`, each a round of `clients` pushes at once, then the same rows raw in
 * both formats; the first WARMUP rounds are not counted. Each round's wall time is summed.
 */
async function load(server: Server, clients: number, from: number, to: number): Promise<Totals> {
  const { port, cookie, pushed } = server.info
  const total: Totals = { push: 0, text: 0, binary: 0, serverCpu: 0, postgresCpu: 0 }
  for (let k = from; k < to; k++) {
    const bodies = pushed
      .slice(0, clients)
      .map((devices) => JSON.stringify({ items: batch(devices, k) }))
    const cpuBefore = await cpuNow(server)
    const started = performance.now()
    await Promise.all(
      bodies.map((body) =>
        request({ port, cookie, method: 'POST', path: '/api/v1/devices/bulk_push', body }),
      ),
    )
    const push = performance.now() - started
    const cpuAfter = await cpuNow(server)
    const raw: Record<Format, number> = { text: 0, binary: 0 }
    for (const type of FORMATS)
      raw[type] = (await ask<{ ms: number }>(server.child, { type, k })).ms
    if (k < from + WARMUP) continue
    total.push += push
    total.text += raw.text
    total.binary += raw.binary
    total.serverCpu += cpuAfter.server - cpuBefore.server
    total.postgresCpu += backendCpuSpent(cpuBefore.postgres, cpuAfter.postgres)
  }
  return total
}

function report(label: string, readings: number, total: Totals) {
  const rate = (ms: number) => readings / (ms / 1000)
  const figures = (ms: number) => `${Math.round(rate(ms)).toLocaleString('en')} readings/s`
  const ratio = (raw: number) => (rate(total.push) / rate(raw)).toFixed(2)
  console.log(
    `          ${label}\n` +
      `            bulk_push                 ${figures(total.push)}\n` +
      `            raw INSERT, text arrays   ${figures(total.text)}   ratio ${ratio(total.text)}\n` +
      `            raw INSERT, binary arrays ${figures(total.binary)}   ratio ${ratio(total.binary)}\n` +
      cpuLine(readings, total),
  )
}

/**
 * The pushes' CPU time per request (server process and PostgreSQL), and the rate at which it
 * would fill every core: what this machine could ingest if nothing ever waited.
 */
function cpuLine(readings: number, total: Totals) {
  const perPush = (ms: number) => ((ms * DEVICES * SLOTS) / readings).toFixed(1)
  const cpu = total.serverCpu + total.postgresCpu
  const ceiling = Math.round((readings / (cpu / 1000)) * CORES).toLocaleString('en')
  return (
    `            CPU a push: server ${perPush(total.serverCpu)} ms, PostgreSQL ${perPush(total.postgresCpu)} ms;` +
    ` all ${CORES} cores busy: ${ceiling} readings/s`
  )
}

async function measure(kind: Kind) {
  const server = await startServer<{ port: number; cookie: string; pushed: string[][] }>(file, kind)
  try {
    console.log(kind)
    const one = await load(server, 1, 0, WARMUP + BATCHES)
    const perPush = (one.push / BATCHES).toFixed(1)
    report(`one client: ${BATCHES} pushes, ${perPush} ms each`, BATCHES * DEVICES * SLOTS, one)
    const start = WARMUP + BATCHES
    const many = await load(server, CLIENTS, start, start + WARMUP + ROUNDS)
    report(
      `${CLIENTS} clients at once: ${ROUNDS} rounds of ${CLIENTS} pushes`,
      ROUNDS * CLIENTS * DEVICES * SLOTS,
      many,
    )
  } finally {
    await stopServer(server.child)
  }
}

async function main() {
  console.log(
    `ingest benchmark: requests of ${DEVICES * SLOTS} readings (${DEVICES} devices x ${SLOTS} quarter hours), ${machine()}`,
  )
  for (const kind of await benchKinds()) await measure(kind)
  console.log('\nTargets: >= 100,000 readings/s on PostgreSQL, >= 50,000 on PGlite, ratio >= 0.5.')
  process.exit(0)
}

const serveIndex = process.argv.indexOf('--serve')
const run = serveIndex >= 0 ? serve(process.argv[serveIndex + 1] as Kind) : main()
run.catch((error) => {
  console.error(error)
  process.exit(1)
})
