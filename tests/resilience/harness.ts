/**
 * What the resilience scripts share: an HTTP client with explicit keep-alive connections (so a
 * script sees what happens to open connections and to new ones), a signed-in admin, bulk-push
 * batches of readings no other data touches, and a direct look into the database afterwards.
 */
import http from 'node:http'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { ServerDatabase } from '../e2e/support/server'

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export class Client {
  readonly agent: http.Agent
  cookie = ''
  constructor(
    public url: string,
    maxSockets = 16,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets })
  }

  /** One request; network failures reject with the socket error (its `code`, e.g. ECONNREFUSED). */
  request(
    method: string,
    pathname: string,
    body?: string,
    contentType = 'application/json',
    timeoutMs = 120_000,
  ): Promise<Answer> {
    const url = new URL(pathname, this.url)
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          timeout: timeoutMs,
          headers: {
            'x-request-id': crypto.randomUUID(),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...(body === undefined
              ? {}
              : { 'content-type': contentType, 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          )
          res.on('error', reject)
        },
      )
      req.on('timeout', () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  async signIn(email = 'admin@demo.local', password = 'demo-password') {
    const answer = await this.request(
      'POST',
      '/api/v1/auth/cookie/login',
      new URLSearchParams({ username: email, password }).toString(),
      'application/x-www-form-urlencoded',
    )
    if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.body}`)
    const setCookie = answer.headers['set-cookie'] ?? []
    this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ')
  }

  async deviceIds(): Promise<string[]> {
    const answer = await this.request('GET', '/api/v1/devices/?limit=100')
    if (answer.status !== 200) throw new Error(`device list answered ${answer.status}`)
    return (JSON.parse(answer.body) as { items: { id: string }[] }).items.map((d) => d.id)
  }

  close() {
    this.agent.destroy()
  }
}

export const errorCode = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error as Error).message

export interface Reading {
  device_id: string
  timestamp: string
  kwh: number
}
export const keyOf = (r: { device_id: string; timestamp: string }) =>
  `${r.device_id}|${new Date(r.timestamp).toISOString()}`

/**
 * Readings in a window of their own: from `start`, one every `stepMs` per device, cumulative kWh
 * rising, so every batch is new data and its keys never collide with the seed's readings.
 */
export class ReadingSource {
  #next = 0
  constructor(
    readonly devices: string[],
    readonly start: number,
    readonly stepMs = 5_000,
  ) {}

  batch(size: number): Reading[] {
    const items: Reading[] = []
    for (let i = 0; i < size; i++) {
      const n = this.#next++
      const device = this.devices[n % this.devices.length]!
      const step = Math.floor(n / this.devices.length)
      items.push({
        device_id: device,
        timestamp: new Date(this.start + step * this.stepMs).toISOString(),
        kwh: Math.round(step * 25) / 100,
      })
    }
    return items
  }

  /** The end of the window used so far (exclusive). */
  get end(): number {
    return this.start + (Math.floor(this.#next / this.devices.length) + 1) * this.stepMs
  }
}

export interface StoredReading {
  key: string
  kwh: number
}

/**
 * The readings stored for `devices` in [from, to), read from the database itself after the
 * server has stopped, with the hourly rollup's count over the same hours (they must agree).
 */
export async function storedReadings(
  database: ServerDatabase,
  devices: string[],
  from: number,
  to: number,
): Promise<{ readings: StoredReading[]; rollupCount: number }> {
  const params = [devices, new Date(from).toISOString(), new Date(to).toISOString()]
  const readingsSql = `SELECT device_id::text AS device_id, ts, kwh FROM readings
    WHERE device_id = ANY($1::uuid[]) AND reading_type = 'energy_kwh' AND ts >= $2 AND ts < $3`
  const rollupSql = `SELECT coalesce(sum(reading_count), 0)::int AS n FROM readings_hourly
    WHERE device_id = ANY($1::uuid[]) AND hour >= date_trunc('hour', $2::timestamptz) - interval '1 hour'
      AND hour < $3`
  type Row = { device_id: string; ts: Date | string; kwh: number }
  const toStored = (rows: Row[]) =>
    rows.map((r) => ({
      key: keyOf({ device_id: r.device_id, timestamp: new Date(r.ts).toISOString() }),
      kwh: Number(r.kwh),
    }))
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.databaseUrl })
    await client.connect()
    try {
      const rows = (await client.query<Row>(readingsSql, params)).rows
      const rollup = (await client.query<{ n: number }>(rollupSql, params)).rows[0]!.n
      return { readings: toStored(rows), rollupCount: rollup }
    } finally {
      await client.end()
    }
  }
  const db = await PGlite.create(path.join(database.dataDir, 'pglite'))
  try {
    const rows = (await db.query<Row>(readingsSql, params)).rows
    const rollup = (await db.query<{ n: number }>(rollupSql, params)).rows[0]!.n
    return { readings: toStored(rows), rollupCount: rollup }
  } finally {
    await db.close()
  }
}

/** Resident memory of a process in MiB (Linux), or NaN once it has gone. */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
    return Math.round(kb / 1024)
  } catch {
    return Number.NaN
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/**
 * The environment every resilience server gets: a small seed, logs kept off stdout. (A seed of
 * fewer than 4 days fails: its offline device stops reading 3 days before the end.)
 */
// No simulator: its readings for the same demo devices would count as stored but never pushed.
export const resilienceEnv = {
  SEED_DAYS: '4',
  SEED_DEVICES: '2',
  LOG_STDOUT: 'error',
  SIMULATE: '0',
}
