/**
 * The real server as a child process, on a fresh database: a PGlite data directory, or a new
 * PostgreSQL database when TEST_DATABASE_URL (or an explicit URL) is given. Shared by the e2e
 * suite and the resilience scripts, which kill and restart it on the same database.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const root = path.resolve(import.meta.dirname, '../../..')

/** Where a server keeps its data; outlives server processes so a restart finds it again. */
export interface ServerDatabase {
  kind: 'pglite' | 'postgres'
  /** Logs and the session key (and PGlite's files) live here. */
  dataDir: string
  /** The PostgreSQL database, when kind is postgres. */
  databaseUrl?: string
  env: Record<string, string>
  dispose(): Promise<void>
}

/** A fresh PGlite directory, or a fresh database on the PostgreSQL server at `postgresUrl`. */
export async function freshDatabase(
  postgresUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined,
): Promise<ServerDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meterdeck-e2e-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (!postgresUrl) {
    return { kind: 'pglite', dataDir, env: { DATA_DIR: dataDir }, dispose: async () => removeDir() }
  }
  const name = `meterdeck_e2e_${process.pid}_${randomBytes(4).toString('hex')}`
  await onPostgres(postgresUrl, `CREATE DATABASE ${name}`)
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async dispose() {
      await onPostgres(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      removeDir()
    },
  }
}

async function onPostgres(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

export interface ServerProcess {
  url: string
  /**
   * The server's own pid (node runs tsx as a loader, so no wrapper process sits in between); with
   * `npmStart`, the pid of npm, which leads the server's process group.
   */
  pid: number
  child: ChildProcess
  /** Resolves with the exit code (or the signal's name) once the process has gone. */
  exited: Promise<number | string>
  /** The last lines the process printed. */
  output(): string
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has gone. */
  stop(graceMs?: number): Promise<number | string>
}

const OUTPUT_KEPT = 64 * 1024

/** Polls until the server answers HTTP (any answer but 503) or the process dies. */
export async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode})`)
    try {
      const response = await fetch(`${url}/api/v1/users/me`, { signal: AbortSignal.timeout(5000) })
      if (response.status !== 503) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`)
}

/**
 * Starts `npm start`'s server (`src/server/start.ts`) on `database` and a free port (or `port`),
 * with the short demo seed, and waits until it answers. `apiOnly` leaves the console out.
 */
export async function spawnServer(
  database: ServerDatabase,
  options: {
    env?: Record<string, string>
    apiOnly?: boolean
    port?: number
    wait?: boolean
    /**
     * Run as `npm start` does, in a process group of its own (signal it with `-pid`): npm, its
     * shell and node, where npm relays the signals it gets to the server, which gets them twice.
     */
    npmStart?: boolean
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  let output = ''
  const script = ['src/server/start.ts', ...(options.apiOnly ? ['--api-only'] : [])]
  const child = spawn(
    options.npmStart ? 'npm' : process.execPath,
    options.npmStart
      ? ['start', '--silent', '--', ...script.slice(1)]
      : ['--import', 'tsx', ...script],
    {
      detached: options.npmStart === true,
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_ENV: 'development',
        SEED_DAYS: '21',
        // The demo simulator's readings would move the figures tests compare between pages.
        SIMULATE: '0',
        // The embedded MQTT broker on a port of its own, never 1883 (the machine's Mosquitto).
        MQTT_PORT: '0',
        LOG_STDOUT: 'warn',
        // Tests' webhook receivers listen on loopback, which webhooks may not reach otherwise.
        WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
        ...database.env,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const keep = (chunk: unknown) => {
    output = (output + String(chunk)).slice(-OUTPUT_KEPT)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  // A test run that ends or crashes must not leave its servers behind.
  const killWithParent = () => {
    try {
      if (options.npmStart) process.kill(-child.pid!, 'SIGKILL')
      else child.kill('SIGKILL')
    } catch {
      // already gone
    }
  }
  process.once('exit', killWithParent)
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', killWithParent)
      resolve(code ?? signal ?? 'unknown')
    }),
  )
  const url = `http://127.0.0.1:${port}`
  const server: ServerProcess = {
    url,
    pid: child.pid!,
    child,
    exited,
    output: () => output,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      const result = await exited
      clearTimeout(timer)
      return result
    },
  }
  if (options.wait === false) return server
  try {
    await waitUntilUp(url, child, 180_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error })
  }
  return server
}
