import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sdk from '~/api/__generated__/sdk.gen.ts'
import { loadConfig } from '~/server/config.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { insertReadings } from '~/server/modules/readings/readings-repository.ts'
import { simulateTick, startSimulator } from '~/server/seed/simulator.ts'
import { build, type TestApp } from '../helpers/build.ts'
import { checked, signedIn } from '../helpers/checked-sdk.ts'

const Q = 15 * 60_000
const DAY = 86_400_000
/** A quarter hour some days ago: the fake clock of the ticks. */
const START = Math.floor((Date.now() - 200 * DAY) / Q) * Q

let t: TestApp
const ids: Record<string, string> = {}

/** The fixture groups carry the demo groups' names; these devices carry demo serial numbers. */
async function device(group: 'A' | 'B', serial: string, lastAt: number) {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups[group], serial, serial],
  )
  ids[serial] = rows[0]!.id
  await t.db.transaction(SYSTEM, (tx) =>
    insertReadings(tx, [{ deviceId: rows[0]!.id, ts: new Date(lastAt), kwh: 1000 }]),
  )
}

const readingsOf = async (serial: string) =>
  (
    await t.db.query<{ ts: Date; kwh: number }>(
      'SELECT ts, kwh FROM readings WHERE device_id = $1 ORDER BY ts',
      [ids[serial]],
    )
  ).rows.map((r) => ({ ts: r.ts.getTime(), kwh: r.kwh }))

beforeAll(async () => {
  t = await build()
  await device('A', 'NW-EM-1004', START) // Loading dock
  await device('A', 'NW-EM-1005', START) // EV chargers: offline in the seed
  await device('B', 'HU-EM-1001', START - 100 * DAY) // Pump station North, long silent
  await device('A', 'OTHER-1', START) // not a demo device
  // The fixtures' Office block is the demo's two-way meter (a solar roof): its export counts too.
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id FROM devices WHERE serial_number = 'NW-EM-1003'`,
  )
  ids['NW-EM-1003'] = rows[0]!.id
  await t.db.transaction(SYSTEM, (tx) =>
    insertReadings(tx, [
      { deviceId: rows[0]!.id, ts: new Date(START - 7 * DAY), kwh: 1000, exportKwh: 200 },
    ]),
  )
})
afterAll(async () => t?.close())

const options = { devicesPerGroup: 8 }

describe('demo simulator', () => {
  it('appends the quarter hours due since each demo device reading last, on an explicit tick', async () => {
    const now = START + Q * 4 + 7 * 60_000
    await simulateTick(t.db, now, options)
    const dock = await readingsOf('NW-EM-1004')
    expect(dock.map((r) => r.ts)).toEqual([0, 1, 2, 3, 4].map((i) => START + i * Q))
    for (const [i, r] of dock.entries()) if (i > 0) expect(r.kwh).toBeGreaterThan(dock[i - 1]!.kwh)
    // The seed's offline device stays silent; devices that are not part of the demo are left alone.
    expect(await readingsOf('NW-EM-1005')).toHaveLength(1)
    expect(await readingsOf('OTHER-1')).toHaveLength(1)
  })

  it('is idempotent, continues on the next tick, and fills at most 35 days after a long silence', async () => {
    const now = START + Q * 4 + 7 * 60_000
    expect(await simulateTick(t.db, now, options)).toBe(0)
    await simulateTick(t.db, now + Q, options)
    expect((await readingsOf('NW-EM-1004')).at(-1)!.ts).toBe(START + 5 * Q)
    const pump = await readingsOf('HU-EM-1001')
    expect(pump[1]!.ts).toBe(Math.ceil((now - 35 * DAY) / Q) * Q)
    expect(pump.at(-1)!.ts).toBe(START + 5 * Q)
    expect(pump).toHaveLength(1 + 35 * 96 + 1)
  })

  it("continues a two-way meter's export register beside its import, over a week of sun", async () => {
    const registers = async (type: string) =>
      (
        await t.db.query<{ kwh: number }>(
          'SELECT kwh FROM readings WHERE device_id = $1 AND reading_type = $2 ORDER BY ts',
          [ids['NW-EM-1003'], type],
        )
      ).rows.map((r) => r.kwh)
    const imported = await registers('energy_kwh')
    const exported = await registers('export_kwh')
    // The two ticks above filled every quarter hour since its reading, a week before START.
    expect(exported).toHaveLength(imported.length)
    expect(exported).toHaveLength(1 + 7 * 96 + 5)
    for (const list of [imported, exported])
      for (const [i, kwh] of list.entries())
        if (i > 0) expect(kwh).toBeGreaterThanOrEqual(list[i - 1]!)
    // Middays and the weekend feed the roof's surplus back; nights and office hours draw.
    expect(exported.at(-1)!).toBeGreaterThan(200)
    expect(imported.at(-1)!).toBeGreaterThan(1000)
  })

  it('goes on at the next quarter hour after a reading entered between quarters', async () => {
    const manual = START + 5 * Q + 7 * 60_000
    await t.db.transaction(SYSTEM, (tx) =>
      insertReadings(tx, [{ deviceId: ids['NW-EM-1004']!, ts: new Date(manual), kwh: 5000 }]),
    )
    await simulateTick(t.db, START + 6 * Q + 60_000, options)
    const [before, after] = (await readingsOf('NW-EM-1004')).slice(-2)
    expect(before).toEqual({ ts: manual, kwh: 5000 })
    expect(after!.ts).toBe(START + 6 * Q)
    expect(after!.kwh).toBeGreaterThan(5000)
  })

  it('keeps today non-empty while running: a tick at start, stopped with the server', async () => {
    const simulator = startSimulator(t.db, pino({ level: 'silent' }), {
      ...options,
      intervalMs: 60_000,
    })
    await simulator.stop()
    const now = Date.now()
    const latest = (await readingsOf('NW-EM-1004')).at(-1)!.ts
    expect(now - latest).toBeLessThan(Q + 60_000)
    const admin = await signedIn(t, 'admin')
    const today = await checked(admin, 'getCumulativeConsumptionToday', 200, () =>
      sdk.getCumulativeConsumptionToday({
        client: admin.client,
        path: { id: ids['NW-EM-1004']! },
        query: { timezone: 'UTC' },
      }),
    )
    // Right after midnight UTC the first quarter may not be due yet.
    if (now % DAY >= Q)
      expect((today.body as { reading_count: number }).reading_count).toBeGreaterThan(0)
  })

  it('runs by default in development and staging, not in test or production unless asked', () => {
    const enabled = (env: Record<string, string>) => loadConfig(env).simulator.enabled
    expect(enabled({ APP_ENV: 'development' })).toBe(true)
    expect(enabled({ APP_ENV: 'staging' })).toBe(true)
    expect(enabled({ APP_ENV: 'test' })).toBe(false)
    expect(enabled({ APP_ENV: 'production' })).toBe(false)
    expect(enabled({ APP_ENV: 'test', SIMULATE: '1' })).toBe(true)
    expect(enabled({ APP_ENV: 'development', SIMULATE: '0' })).toBe(false)
  })
})
