/**
 * Benchmark (issue 19, point 4): a quiet tenant's bulk pushes while another tenant floods the
 * ingest gate, on PGlite and PostgreSQL. The quiet tenant is a gateway pushing one reading every
 * QUIET_INTERVAL_MS for BENCH_SECONDS, one push at a time (the next starts at once if one took
 * longer), first alone, then while the noisy tenant keeps NOISY_IN_FLIGHT pushes of 5,000
 * readings in flight (each of its clients pushes again as soon as it is answered). Printed:
 * the quiet pushes' p50/p99 and how many were refused (429/503) in each phase, the noisy
 * tenant's accepted pushes, and one noisy push alone (a "batch": the quiet push should wait for
 * about one at most). The gate has its production limits (2 at once on PGlite, 5 on PostgreSQL,
 * 16 waiting; INGEST_MAX_CONCURRENT overrides the first).
 *
 * With 60 samples a phase, the p99 is the worst push but one.
 *
 *   npx tsx tests/bench/ingest-fairness.bench.ts   BENCH_SECONDS=30 QUIET_INTERVAL_MS=500 NOISY_IN_FLIGHT=20 BENCH_SKIP_PG=1
 */
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import {
  agent,
  benchKinds,
  benchTenant,
  listen,
  machine,
  ms,
  openBenchDatabase,
  request,
  signIn,
  startServer,
  stopServer,
  summary,
  type Kind,
} from './support/kit.ts'

const file = fileURLToPath(import.meta.url)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const QUIET_INTERVAL_MS = Number(process.env.QUIET_INTERVAL_MS ?? 500)
const NOISY_IN_FLIGHT = Number(process.env.NOISY_IN_FLIGHT ?? 20)
const DEVICES = 1000
const SLOTS = 5
const Q = 15 * 60_000
/** Noisy batches before their timestamps repeat (a repeat is a duplicate: still a full push). */
const NOISY_BATCHES = 2000
const T0 = Math.floor(Date.now() / Q) * Q - (NOISY_BATCHES + 1) * SLOTS * Q
const PUSH = '/api/v1/devices/bulk_push'

interface Info {
  port: number
  noisy: { cookie: string; devices: string[] }
  quiet: { cookie: string; device: string }
}

// ---------------------------------------------------------------- server side (child process)

async function serve(kind: Kind) {
  const bench = await openBenchDatabase(kind)
  const devicesOf = async (groupId: string, prefix: string, count: number) =>
    (
      await bench.db.query<{ id: string }>(
        `INSERT INTO devices (group_id, name, serial_number)
         SELECT $1, $2 || lpad(i::text, 4, '0'), $2 || i FROM generate_series(1, $3::int) AS i
         RETURNING id`,
        [groupId, prefix, count],
      )
    ).rows.map((r) => r.id)
  const noisyGroup = await benchTenant(bench.db, 'Noisy', 'noisy@bench.test')
  const quietGroup = await benchTenant(bench.db, 'Quiet', 'quiet@bench.test')
  const noisyDevices = await devicesOf(noisyGroup, 'Noisy ', DEVICES)
  const [quietDevice] = await devicesOf(quietGroup, 'Quiet ', 1)
  const { app, port } = await listen(bench, {
    ingestLimits: {
      maxConcurrent:
        Number(process.env.INGEST_MAX_CONCURRENT ?? 0) || (kind === 'postgres' ? 5 : 2),
      maxQueued: 16,
      queueTimeoutMs: 15_000,
    },
  })
  const info: Info = {
    port,
    noisy: { cookie: await signIn(app, 'noisy@bench.test'), devices: noisyDevices },
    quiet: { cookie: await signIn(app, 'quiet@bench.test'), device: quietDevice! },
  }
  process.send!(info)
  process.on('message', async (message: { type: string }) => {
    if (message.type !== 'stop') return
    await app.close()
    await bench.dispose()
    process.exit(0)
  })
}

// ---------------------------------------------------------------- load side (this process)

/** Noisy batch k: SLOTS quarter hours of every device. */
function noisyBody(devices: readonly string[], k: number): string {
  const items = []
  for (let s = 0; s < SLOTS; s++) {
    const slot = (k % NOISY_BATCHES) * SLOTS + s
    const timestamp = new Date(T0 + slot * Q).toISOString()
    for (const device_id of devices) items.push({ device_id, timestamp, kwh: 1000 + slot })
  }
  return JSON.stringify({ items })
}

/** One push whatever its answer; resolves with the status. */
function status(port: number, cookie: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: PUSH,
        method: 'POST',
        agent,
        headers: { cookie, 'content-type': 'application/json', 'x-request-id': 'noisy' },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** NOISY_IN_FLIGHT clients pushing back to back until `until` resolves; answers by status. */
async function flood(info: Info, until: Promise<unknown>) {
  let stop = false
  void until.then(() => (stop = true))
  let k = 10
  const answers: Record<number, number> = {}
  const client = async () => {
    while (!stop) {
      const code = await status(info.port, info.noisy.cookie, noisyBody(info.noisy.devices, k++))
      answers[code] = (answers[code] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: NOISY_IN_FLIGHT }, client))
  return answers
}

let minute = 0

/** The quiet tenant: one single-reading push every QUIET_INTERVAL_MS, one at a time. */
async function quietGateway(info: Info) {
  const latencies: number[] = []
  let errors = 0
  const end = performance.now() + SECONDS * 1000
  while (performance.now() < end) {
    const next = performance.now() + QUIET_INTERVAL_MS
    const body = JSON.stringify({
      items: [
        {
          device_id: info.quiet.device,
          timestamp: new Date(T0 + minute++ * 60_000).toISOString(),
          kwh: minute,
        },
      ],
    })
    await request({ port: info.port, path: PUSH, method: 'POST', cookie: info.quiet.cookie, body })
      .then((latency) => latencies.push(latency))
      .catch(() => errors++)
    const wait = next - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
  return { latencies, errors }
}

function line(label: string, run: { latencies: number[]; errors: number }) {
  const s = summary(run.latencies)
  const total = s.n + run.errors
  console.log(
    `  ${label.padEnd(28)} p50 ${ms(s.p50).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  ` +
      `max ${ms(s.max).padStart(9)}  refused ${run.errors} of ${total}`,
  )
}

async function measure(kind: Kind) {
  const server = await startServer<Info>(file, kind)
  const info = server.info
  try {
    console.log(kind)
    // One noisy batch alone: what a quiet push should wait for at most, behind a running one.
    const alone: number[] = []
    for (let k = 0; k < 6; k++) {
      alone.push(
        await request({
          ...info.noisy,
          port: info.port,
          method: 'POST',
          path: PUSH,
          body: noisyBody(info.noisy.devices, k),
        }),
      )
    }
    console.log(`  one noisy push alone        p50 ${ms(summary(alone.slice(1)).p50)}`)
    line('quiet tenant alone', await quietGateway(info))
    let done!: () => void
    const flooding = flood(info, new Promise<void>((resolve) => (done = resolve)))
    // Let the flood fill the gate before measuring.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const quiet = await quietGateway(info)
    done()
    const noisy = await flooding
    line(`quiet, ${NOISY_IN_FLIGHT} noisy in flight`, quiet)
    console.log(`  noisy answers               ${JSON.stringify(noisy)}`)
  } finally {
    await stopServer(server.child)
  }
}

async function main() {
  console.log(
    `ingest fairness: quiet tenant 1 single-reading push every ${QUIET_INTERVAL_MS} ms for ${SECONDS} s, noisy tenant ${NOISY_IN_FLIGHT} pushes of ${DEVICES * SLOTS} readings in flight; ${machine()}`,
  )
  for (const kind of await benchKinds()) await measure(kind)
  process.exit(0)
}

const serveIndex = process.argv.indexOf('--serve')
const run = serveIndex >= 0 ? serve(process.argv[serveIndex + 1] as Kind) : main()
run.catch((error) => {
  console.error(error)
  process.exit(1)
})
