/**
 * Benchmark (issue 3): GET /api/v1/devices/ tenant-scoped, 50 rows, with 10,000 devices in the
 * database, at a fixed 500 requests/s for 30 s (open loop: requests go out on schedule whether or
 * not earlier ones answered, and latency counts from the scheduled time). p50/p99 on PGlite and on
 * PostgreSQL, and the ratio of the list's maximum throughput to a bare Fastify route's.
 *
 *   npx tsx tests/bench/devices-list.bench.ts              # PGlite, and PostgreSQL if reachable
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  (default; BENCH_SKIP_PG=1 skips,
 *   BENCH_SKIP_PGLITE=1 skips PGlite)
 *   BENCH_SECONDS=30 BENCH_RATE=500
 *
 * Servers run in child processes, so the load generator never shares their event loop.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchKinds } from './support/kit.ts'

const file = fileURLToPath(import.meta.url)
const RATE = Number(process.env.BENCH_RATE ?? 500)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const DEVICES = 10_000
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

// ---------------------------------------------------------------- server side (child process)

async function serve(kind: 'pglite' | 'postgres' | 'bare') {
  const send = (message: object) => process.send!(message)
  // CPU time is what a busy shared machine distorts least: the load side asks for it around runs.
  process.on('message', (message) => {
    if (message === 'cpu') send({ cpu: process.cpuUsage() })
    if (message === 'stop' && kind === 'bare') process.exit(0)
  })
  if (kind === 'bare') {
    const { default: Fastify } = await import('fastify')
    const app = Fastify()
    app.get('/bare', async () => ({ ok: true }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    send({ port: (app.server.address() as { port: number }).port })
    return
  }
  const { buildApp } = await import('~/server/app.ts')
  const { loadConfig } = await import('~/server/config.ts')
  const { migrate, SYSTEM } = await import('~/server/db/index.ts')
  const { openPglite } = await import('~/server/db/pglite.ts')
  const { openPostgres } = await import('~/server/db/postgres.ts')
  const { createLogs } = await import('~/server/logging.ts')
  const { hashPassword } = await import('~/server/modules/auth/passwords.ts')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-bench-'))
  let dropDatabase = async () => {}
  let db
  if (kind === 'postgres') {
    const pg = (await import('pg')).default
    const name = `meterdeck_bench_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: PG_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(PG_URL)
    url.pathname = `/${name}`
    db = await openPostgres(url.toString())
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: PG_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    }
  } else {
    db = await openPglite(dir)
  }
  await migrate(db)
  const hash = await hashPassword('bench-password', 10)
  const { groupA, devices } = await db.transaction(SYSTEM, async (tx) => {
    const a = (
      await tx.query<{ id: string }>(
        "INSERT INTO groups (name, timezone) VALUES ('Bench A', 'Europe/Berlin') RETURNING id",
      )
    ).rows[0]!.id
    const b = (
      await tx.query<{ id: string }>("INSERT INTO groups (name) VALUES ('Bench B') RETURNING id")
    ).rows[0]!.id
    await tx.query(
      "INSERT INTO users (email, role, group_id, password_hash) VALUES ('bench@x.test', 'admin', $1, $2)",
      [a, hash],
    )
    // 9,000 devices in the caller's tenant and 1,000 in another: 10,000 in the database.
    await tx.query(
      `INSERT INTO devices (group_id, name, serial_number, location, status, last_seen)
       SELECT CASE WHEN i <= 9000 THEN $1::uuid ELSE $2::uuid END, 'Meter ' || lpad(i::text, 5, '0'),
              'SN-' || i, 'Site ' || (i % 97), CASE WHEN i % 10 = 0 THEN 'offline' ELSE 'online' END,
              now() - (i % 600) * interval '1 minute'
       FROM generate_series(1, $3::int) AS i`,
      [a, b, DEVICES],
    )
    const ids = (
      await tx.query<{ id: string }>(
        'SELECT id FROM devices WHERE group_id = $1 ORDER BY lower(name) LIMIT 50',
        [a],
      )
    ).rows
    return { groupA: a, devices: ids.map((r) => r.id) }
  })
  // Today's readings for the first page, so today_kwh is computed for real.
  const { insertReadings } = await import('~/server/modules/readings/readings-repository.ts')
  const start = Math.floor(Date.now() / 900_000) * 900_000 - 24 * 3_600_000
  await db.transaction(SYSTEM, (tx) =>
    insertReadings(
      tx,
      devices.flatMap((deviceId) =>
        Array.from({ length: 96 }, (_, i) => ({
          deviceId,
          ts: new Date(start + i * 900_000),
          kwh: 100 + i,
        })),
      ),
    ),
  )
  await db.exec('ANALYZE') // as server.ts does at start
  const config = loadConfig({
    APP_ENV: 'production',
    DATA_DIR: dir,
    LOG_LEVEL: 'info',
    LOG_STDOUT: 'silent',
  })
  const logs = createLogs({ dir: path.join(dir, 'logs'), level: 'info', stdout: 'silent' })
  const app = await buildApp({ config, db, logs, sessionSecret: randomBytes(32) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/cookie/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'bench' },
    payload: 'username=bench%40x.test&password=bench-password',
  })
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  send({ port: (app.server.address() as { port: number }).port, cookie, groupA })
  process.on('message', async (message) => {
    if (message !== 'stop') return
    await app.close()
    await db.close()
    logs.close()
    await dropDatabase()
    fs.rmSync(dir, { recursive: true, force: true })
    process.exit(0)
  })
}

// ---------------------------------------------------------------- load side (this process)

interface Target {
  port: number
  path: string
  headers: Record<string, string>
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

function once(target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: target.port, path: target.path, headers: target.headers, agent },
      (res) => {
        res.resume()
        res.on('end', () =>
          res.statusCode === 200 ? resolve(200) : reject(new Error(`status ${res.statusCode}`)),
        )
      },
    )
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end()
  })
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/** Fixed-rate open loop: latency from each request's scheduled start, so stalls are not hidden. */
async function openLoop(target: Target, rate: number, seconds: number) {
  const total = Math.round(rate * seconds)
  const interval = 1000 / rate
  const latencies: number[] = []
  let errors = 0
  const pending: Promise<void>[] = []
  let inFlight = 0
  let abandoned = 0
  const t0 = performance.now()
  for (let i = 0; i < total; i++) {
    const scheduled = t0 + i * interval
    const wait = scheduled - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait))
    // A server that cannot keep up would otherwise collect an unbounded backlog: give up instead.
    if (inFlight > rate * 2) {
      abandoned = total - i
      break
    }
    inFlight++
    pending.push(
      once(target)
        .then(
          () => void latencies.push(performance.now() - scheduled),
          () => void errors++,
        )
        .finally(() => inFlight--),
    )
  }
  await Promise.race([Promise.allSettled(pending), new Promise((r) => setTimeout(r, 15_000))])
  const elapsed = (performance.now() - t0) / 1000
  latencies.sort((a, b) => a - b)
  return {
    sent: total - abandoned,
    abandoned,
    ok: latencies.length,
    errors,
    achievedRps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  }
}

/** The server process's CPU time so far (user + system), in milliseconds. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      const cpu = (message as { cpu?: NodeJS.CpuUsage }).cpu
      if (!cpu) return
      child.off('message', listen)
      resolve((cpu.user + cpu.system) / 1000)
    }
    child.on('message', listen)
    child.send('cpu')
  })
}

/**
 * Closed loop with `concurrency` requests always in flight: the most it can answer per second,
 * and the server's CPU milliseconds per answer (what one idle core would make of it).
 */
async function maxThroughput(
  child: ChildProcess,
  target: Target,
  seconds: number,
  concurrency = 32,
) {
  let done = 0
  const cpuBefore = await cpuOf(child)
  const end = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await once(target).catch(() => {})
        done++
      }
    }),
  )
  return { rps: done / seconds, cpuMs: ((await cpuOf(child)) - cpuBefore) / done }
}

function start(
  kind: string,
): Promise<{ child: ChildProcess; info: { port: number; cookie?: string; groupA?: string } }> {
  return new Promise((resolve, reject) => {
    const child = fork(file, ['--serve', kind], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    child.once('message', (info) => resolve({ child, info: info as { port: number } }))
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)))
  })
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r))
  if (child.connected) child.send('stop')
  else child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-')
/** The machine may be shared: every figure is printed with the load it was measured under. */
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

async function main() {
  console.log(
    `devices list benchmark: ${DEVICES} devices, 50 rows a page, ${RATE} req/s for ${SECONDS} s, ${os.cpus().length} cores, load ${load()}`,
  )
  const bare = await start('bare')
  const bareTarget = { port: bare.info.port, path: '/bare', headers: {} }
  await maxThroughput(bare.child, bareTarget, 2)
  const bareMax = await maxThroughput(bare.child, bareTarget, 5)
  await stop(bare.child)
  console.log(
    `bare Fastify route: ${bareMax.rps.toFixed(0)} req/s at most, ${bareMax.cpuMs.toFixed(3)} ms server CPU a request (load ${load()})`,
  )
  const kinds = await benchKinds(PG_URL)
  const rows: string[] = []
  for (const kind of kinds) {
    const server = await start(kind)
    try {
      const target: Target = {
        port: server.info.port,
        path: '/api/v1/devices/?limit=50&sort=name&order=asc',
        headers: { cookie: server.info.cookie!, 'x-request-id': 'bench' },
      }
      await maxThroughput(server.child, target, 2) // warm-up
      const max = await maxThroughput(server.child, target, 5)
      const loadBefore = load()
      const cpuBefore = await cpuOf(server.child)
      const fixed = await openLoop(target, RATE, SECONDS)
      const fixedCpu = ((await cpuOf(server.child)) - cpuBefore) / Math.max(1, fixed.ok)
      rows.push(
        `${kind.padEnd(9)} p50 ${fmt(fixed.p50)} ms  p90 ${fmt(fixed.p90)} ms  p99 ${fmt(fixed.p99)} ms  max ${fmt(fixed.max)} ms  ` +
          `ok ${fixed.ok}/${fixed.sent} (${fixed.errors} errors${fixed.abandoned ? `, ${fixed.abandoned} not sent: backlog` : ''}, ${fixed.achievedRps.toFixed(0)} req/s)  ` +
          `max throughput ${max.rps.toFixed(0)} req/s = ${((max.rps / bareMax.rps) * 100).toFixed(1)}% of bare  ` +
          `Node CPU ${max.cpuMs.toFixed(2)} ms a request (bare ${bareMax.cpuMs.toFixed(2)}; ${fixedCpu.toFixed(2)} at the fixed rate)` +
          (kind === 'pglite'
            ? ` = ~${(1000 / max.cpuMs).toFixed(0)} req/s on one idle core  `
            : '  ') +
          `(load ${loadBefore} -> ${load()})`,
      )
      console.log(rows.at(-1))
    } finally {
      await stop(server.child)
    }
  }
  console.log(
    '\nTargets: p99 <= 50 ms on PGlite, <= 25 ms on PostgreSQL. Node CPU excludes the PostgreSQL server; PGlite runs inside Node.',
  )
  agent.destroy()
}

const serveIndex = process.argv.indexOf('--serve')
if (serveIndex >= 0) {
  serve(process.argv[serveIndex + 1] as 'pglite' | 'postgres' | 'bare').catch((error) => {
    console.error(error)
    process.exit(1)
  })
} else {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
