import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SYSTEM } from '~/server/db/database.ts'
import { untilClientLeaves } from '~/server/lib/client-gone.ts'
import { HttpError } from '~/server/lib/http-errors.ts'
import { insertReadings } from '~/server/modules/readings/readings-repository.ts'
import { build, type Session, type TestApp } from '../helpers/build.ts'

let t: TestApp
let admin: Session
let port: number
let device: string

beforeAll(async () => {
  t = await build()
  admin = await t.as('admin')
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Cancelled meter', 'CX-1'],
  )
  device = rows[0]!.id
  const end = Math.floor(Date.now() / 900_000) * 900_000
  const readings = Array.from({ length: 96 * 40 }, (_, i) => ({
    deviceId: device,
    ts: new Date(end - i * 900_000),
    kwh: 10_000 - i,
  }))
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, readings))
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as { port: number }).port
})
afterAll(async () => t?.close())

const window = {
  start_datetime: new Date(Date.now() - 40 * 86_400_000).toISOString(),
  end_datetime: new Date().toISOString(),
}
const month = {
  current_start: window.start_datetime,
  current_end: window.end_datetime,
  previous_start: new Date(Date.now() - 80 * 86_400_000).toISOString(),
  previous_end: window.start_datetime,
}

/** Every consumption operation and both reports, as the console calls them. */
const urls = () => {
  const base = `/api/v1/devices/${device}/consumption`
  const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`
  return [
    `${base}/cumulative${q(window)}`,
    ...['today', 'yesterday', 'this-week', 'last-week', 'this-month', 'last-month'].map(
      (preset) => `${base}/cumulative/${preset}${q({ timezone: 'Europe/Berlin' })}`,
    ),
    `${base}/intervals${q({ ...window, granularity: 'hourly', timezone: 'Asia/Kolkata' })}`,
    `${base}/intervals/last-month${q({ timezone: 'Europe/Berlin' })}`,
    `${base}/intervals/today${q({ timezone: 'UTC' })}`,
    `/api/v1/reports/energy${q({ ...month, granularity: 'hourly' })}`,
    `/api/v1/reports/energy.csv${q(month)}`,
  ]
}

/**
 * Sends the request and, once the server has it, closes the connection after `afterMs`: before
 * the answer if it can (`Infinity`: waits for the answer).
 */
function abandon(url: string, afterMs: number, id: string): Promise<void> {
  return new Promise((resolve) => {
    const received = new Promise((r) => t.app.server.once('request', r))
    const req = http.get({
      host: '127.0.0.1',
      port,
      path: url,
      headers: { cookie: admin.cookie, 'x-request-id': id },
    })
    req.on('response', (res) => res.resume().on('close', resolve))
    req.on('error', () => resolve())
    if (Number.isFinite(afterMs)) void received.then(() => setTimeout(() => req.destroy(), afterMs))
  })
}

const logLines = (name: string) => {
  const file = path.join(t.dataDir, 'logs', `${name}.log`)
  return fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : []
}

describe('cancelled requests', () => {
  it('stop at their next statement with a 499, not a server error', async () => {
    const gone = { raw: { socket: { destroyed: true } } } as never
    const tx = untilClientLeaves(
      { query: async () => ({ rows: [], rowCount: 0 }), exec: async () => {} },
      gone,
    )
    const error = await tx.query('SELECT 1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).statusCode).toBe(499)
  })

  it('leave one line each, no 500 and no error log line when the client goes away at any moment', async () => {
    const ids: string[] = []
    for (const url of urls()) {
      for (const afterMs of [0, 1, 3, 8, 20, Infinity]) {
        const id = `cancel-${ids.length}`
        ids.push(id)
        await abandon(url, afterMs, id)
      }
    }
    // The server writes a request's line once it has answered, also when nobody was left to
    // read the answer: with every line in, nothing the test started is still running.
    const lines = () =>
      logLines('main').filter((l) => ids.includes(String(l.request_id)) && 'status' in l)
    await vi.waitFor(
      async () => {
        await t.app.logs.flushed()
        expect(new Set(lines().map((l) => l.request_id)).size).toBe(ids.length)
      },
      { timeout: 20_000, interval: 50 },
    )
    const ours = lines()
    expect(ours).toHaveLength(ids.length)
    expect(ours.filter((l) => Number(l.status) >= 500)).toEqual([])
    expect(ours.filter((l) => l.client_gone).length).toBeGreaterThan(0)
    expect(logLines('errors').filter((l) => ids.includes(String(l.request_id)))).toEqual([])
  })
})
