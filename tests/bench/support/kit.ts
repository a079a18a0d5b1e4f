/**
 * What the ingest and consumption benchmarks share: a fresh database of either kind (a PostgreSQL
 * database created for the run and dropped after), the app on a port with a signed-in admin, a
 * child-process server so load generation never shares its event loop, HTTP helpers, percentiles.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Config } from '~/server/config.ts'
import type { Database } from '~/server/db/database.ts'

export type Kind = 'pglite' | 'postgres'
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface BenchDatabase {
  db: Database
  dir: string
  dispose(): Promise<void>
}

/** A migrated, empty database: PGlite in a temp dir, or a new PostgreSQL database. */
export async function openBenchDatabase(kind: Kind): Promise<BenchDatabase> {
  const { migrate } = await import('~/server/db/index.ts')
  const { openPglite } = await import('~/server/db/pglite.ts')
  const { openPostgres } = await import('~/server/db/postgres.ts')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-bench-'))
  let drop = async () => {}
  let db: Database
  if (kind === 'postgres') {
    const pg = (await import('pg')).default
    const name = `meterdeck_bench_${randomBytes(4).toString('hex')}`
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: PG_URL })
      await c.connect()
      await c.query(sql)
      await c.end()
    }
    await admin(`CREATE DATABASE ${name}`)
    const url = new URL(PG_URL)
    url.pathname = `/${name}`
    db = await openPostgres(url.toString())
    drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  } else {
    db = await openPglite(dir)
  }
  await migrate(db)
  return {
    db,
    dir,
    async dispose() {
      await db.close().catch(() => {})
      await drop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A group and an admin in it; returns the group id. */
export async function benchTenant(db: Database, name: string, email: string): Promise<string> {
  const { SYSTEM } = await import('~/server/db/database.ts')
  const { hashPassword } = await import('~/server/modules/auth/passwords.ts')
  const hash = await hashPassword('bench-password', 10)
  return db.transaction(SYSTEM, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      "INSERT INTO groups (name, timezone) VALUES ($1, 'Europe/Berlin') RETURNING id",
      [name],
    )
    await tx.query(
      "INSERT INTO users (email, role, group_id, password_hash) VALUES ($1, 'admin', $2, $3)",
      [email, rows[0]!.id, hash],
    )
    return rows[0]!.id
  })
}

/**
 * The app as in production (no demo data, no background jobs), listening on a free port;
 * `overrides` replace parts of its configuration.
 */
export async function listen(
  bench: BenchDatabase,
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; port: number }> {
  const { buildApp } = await import('~/server/app.ts')
  const { loadConfig } = await import('~/server/config.ts')
  const { createLogs } = await import('~/server/logging.ts')
  const config = loadConfig(
    {
      APP_ENV: 'production',
      DATA_DIR: bench.dir,
      LOG_LEVEL: 'info',
      LOG_STDOUT: 'silent',
      SIMULATE: 'false',
      RULES_EVALUATOR: 'false',
      // A bench may compare gate sizes: INGEST_MAX_CONCURRENT=2 npx tsx tests/bench/...
      ...(process.env.INGEST_MAX_CONCURRENT && {
        INGEST_MAX_CONCURRENT: process.env.INGEST_MAX_CONCURRENT,
      }),
    },
    {
      loginLimits: {
        perAccount: 1000,
        accountUnderAttack: 1000,
        perAddressFailures: 1000,
        perAddressPerMinute: 10_000,
        windowMs: 60_000,
      },
      ...overrides,
    },
  )
  const logs = createLogs({ dir: path.join(bench.dir, 'logs'), level: 'info', stdout: 'silent' })
  const app = await buildApp({ config, db: bench.db, logs, sessionSecret: randomBytes(32) })
  app.addHook('onClose', async () => logs.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as { port: number }).port }
}

/** The session cookie of a user signed in through the API. */
export async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/cookie/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'bench' },
    payload: new URLSearchParams({ username: email, password: 'bench-password' }).toString(),
  })
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`)
  return login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

// ---------------------------------------------------------------- the load side

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

export interface Call {
  port: number
  path: string
  cookie?: string
  /** A device token or an API key, as `Bearer ...`, instead of a session. */
  authorization?: string
  method?: 'GET' | 'POST'
  body?: string
}

/** One request; resolves with its duration in ms, rejects on a status other than 200. */
export function request(call: Call): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: call.port,
        path: call.path,
        method: call.method ?? 'GET',
        agent,
        headers: {
          ...(call.cookie && { cookie: call.cookie }),
          ...(call.authorization && { authorization: call.authorization }),
          'x-request-id': randomBytes(8).toString('hex'),
          ...(call.body && { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${call.path}: ${res.statusCode} ${Buffer.concat(chunks)}`)),
        )
      },
    )
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end(call.body)
  })
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

export function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  }
}

export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : '-')

/** `count` requests one after another (after `warmup` unmeasured ones); their latencies. */
export async function sequential(call: Call, count: number, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await request(call)
  const out: number[] = []
  for (let i = 0; i < count; i++) out.push(await request(call))
  return out
}

/**
 * Requests at a fixed rate for `seconds` (`next` makes each one); latency from each one's
 * scheduled start, so a stalled server cannot hide behind a slow client. Failures are counted.
 */
export async function openLoop(
  next: Call | (() => Call),
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = []
  let errors = 0
  const pending: Array<Promise<unknown>> = []
  const t0 = performance.now()
  for (let i = 0; i < rate * seconds; i++) {
    const scheduled = t0 + (i * 1000) / rate
    const wait = scheduled - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait))
    const call = typeof next === 'function' ? next() : next
    pending.push(
      request(call).then(
        () => latencies.push(performance.now() - scheduled),
        () => errors++,
      ),
    )
  }
  await Promise.all(pending)
  return { latencies, errors }
}

/** The databases to measure: PGlite unless BENCH_SKIP_PGLITE, PostgreSQL when reachable. */
export async function benchKinds(url = PG_URL): Promise<Kind[]> {
  const kinds: Kind[] = []
  if (!process.env.BENCH_SKIP_PGLITE) kinds.push('pglite')
  if (await postgresReachable(url)) kinds.push('postgres')
  return kinds
}

export async function postgresReachable(url = PG_URL): Promise<boolean> {
  if (process.env.BENCH_SKIP_PG) return false
  try {
    const pg = (await import('pg')).default
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
    await c.connect()
    await c.end()
    return true
  } catch {
    return false
  }
}

/** This benchmark file again as a server child (`--serve <kind>`); resolves with its first message. */
export function startServer<T>(
  file: string,
  kind: Kind,
): Promise<{ child: ChildProcess; info: T }> {
  return new Promise((resolve, reject) => {
    const child = fork(file, ['--serve', kind], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    child.once('message', (info) => resolve({ child, info: info as T }))
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)))
  })
}

/** Asks the child something and waits for its answer (messages are `{ id, ... }`). */
export function ask<T>(child: ChildProcess, message: Record<string, unknown>): Promise<T> {
  const id = randomBytes(4).toString('hex')
  return new Promise((resolve) => {
    const listener = (reply: unknown) => {
      if ((reply as { id?: string }).id !== id) return
      child.off('message', listener)
      resolve(reply as T)
    }
    child.on('message', listener)
    child.send({ ...message, id })
  })
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r))
  child.send({ type: 'stop' })
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

let clockTicks: number | undefined

/** The backends (process ids) of the database `db` is connected to; none for PGlite. */
export async function ownBackends(kind: Kind, db: Database): Promise<number[]> {
  if (kind !== 'postgres') return []
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  )
  return rows.map((r) => r.pid)
}

/**
 * CPU time, in ms, that each of these PostgreSQL backends has used so far, from /proc: only the
 * bench's own database's (ownBackends), not every postgres process on the machine (another
 * database's backend ending mid-measure made the difference negative). A backend that has ended
 * is missing from the map.
 */
export function backendCpuMs(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>()
  if (!fs.existsSync('/proc/self/stat')) return out
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))
  for (const pid of pids) {
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // the backend has ended
    }
    // pid (comm) state ...: fields after the command's closing parenthesis, utime and stime 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    out.set(pid, ((Number(fields[11]) + Number(fields[12])) / clockTicks) * 1000)
  }
  return out
}

/**
 * The CPU the backends used between two readings: a backend new in `after` counts whole, one that
 * ended in between counts nothing (its last figure is gone), so the result is never negative.
 */
export function backendCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0)
  return ms
}

export const machine = () =>
  `${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`
