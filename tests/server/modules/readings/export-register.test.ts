import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sdk from '~/api/__generated__/sdk.gen.ts'
import type { CreateManualReadingData } from '~/api/__generated__/types.gen.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { checked, signedIn, type Api } from '../../helpers/checked-sdk.ts'

/** Issue 35: a two-way meter's export register through every ingest path but MQTT's (mqtt/). */

const MINUTE = 60_000
const base = Math.floor(Date.now() / MINUTE) * MINUTE
const iso = (minutesAgo: number) => new Date(base - minutesAgo * MINUTE).toISOString()

let t: TestApp
let admin: Api
let session: Session
let serial = 0

beforeAll(async () => {
  t = await build()
  admin = await signedIn(t, 'admin')
  session = await t.as('admin')
})
afterAll(async () => t?.close())

async function newDevice(): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Two-way meter', `EX-${++serial}`],
  )
  return rows[0]!.id
}

interface Row {
  ts: string
  kwh: number
  is_reset: boolean
  source: string
}

/** A series of the device as stored, oldest first. */
async function series(deviceId: string, type = 'export_kwh'): Promise<Row[]> {
  const { rows } = await t.db.query<Row & { ts: Date }>(
    `SELECT ts, kwh, is_reset, source FROM readings
     WHERE device_id = $1 AND reading_type = $2 ORDER BY ts`,
    [deviceId, type],
  )
  return rows.map((r) => ({ ...r, ts: r.ts.toISOString() }))
}

async function rowCount(deviceId: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM readings WHERE device_id = $1',
    [deviceId],
  )
  return rows[0]!.n
}

interface Listed {
  id: number
  timestamp: string
  kwh: number
  export_kwh: number | null
  reading_type: string
}

/** The device's readings as listReadings answers them, checked against the contract. */
async function listed(deviceId: string, query: Record<string, unknown> = {}) {
  const page = await checked(admin, 'listDeviceReadings', 200, () =>
    sdk.listDeviceReadings({ client: admin.client, path: { id: deviceId }, query }),
  )
  return page.body as { items: Listed[]; total: number }
}

const bulkPush = (items: unknown[]) =>
  t.call(session, { method: 'POST', url: '/api/v1/devices/bulk_push', payload: { items } })

const issues = (response: { json(): unknown }) =>
  (response.json() as { detail: Array<{ loc: unknown[]; msg: string }> }).detail

/** Values the contract refuses for a register, and the message each gets. */
const BAD_VALUES: Array<[unknown, string]> = [
  [-0.5, 'Input should be greater than or equal to 0'],
  [1e13, 'Input should be less than or equal to 1000000000000'],
  ['12.5', 'Input should be a valid number'],
  [null, 'Input should be a valid number'],
  [true, 'Input should be a valid number'],
]

describe('bulk push', () => {
  it('stores export_kwh as the export series beside kwh; an item without it stays import-only', async () => {
    const [twoWay, importOnly] = [await newDevice(), await newDevice()]
    const answer = await bulkPush([
      { device_id: twoWay, timestamp: iso(60), kwh: 100, export_kwh: 10 },
      { device_id: twoWay, timestamp: iso(45), kwh: 101, export_kwh: 10.5 },
      { device_id: twoWay, timestamp: iso(30), kwh: 102 },
      { device_id: importOnly, timestamp: iso(30), kwh: 7 },
    ])
    expect(answer.json()).toMatchObject({ accepted: 4, duplicates: 0, rejected: 0 })
    expect(await series(twoWay)).toEqual([
      { ts: iso(60), kwh: 10, is_reset: false, source: 'bulk' },
      { ts: iso(45), kwh: 10.5, is_reset: false, source: 'bulk' },
    ])
    const page = await listed(twoWay)
    expect(page.total).toBe(3)
    expect(page.items.map((r) => [r.timestamp, r.kwh, r.export_kwh, r.reading_type])).toEqual([
      [iso(60), 100, 10, 'energy_kwh'],
      [iso(45), 101, 10.5, 'energy_kwh'],
      [iso(30), 102, null, 'energy_kwh'],
    ])
    expect(await series(importOnly)).toEqual([])
    expect((await listed(importOnly)).items.map((r) => r.export_kwh)).toEqual([null])
  })

  it('counts up the export register on its own: a drop is a reset, as for kwh', async () => {
    const d = await newDevice()
    await bulkPush([
      { device_id: d, timestamp: iso(60), kwh: 100, export_kwh: 40 },
      { device_id: d, timestamp: iso(45), kwh: 101, export_kwh: 41 },
      { device_id: d, timestamp: iso(30), kwh: 102, export_kwh: 0.5 },
    ])
    expect((await series(d)).map((r) => r.is_reset)).toEqual([false, false, true])
    expect((await series(d, 'energy_kwh')).map((r) => r.is_reset)).toEqual([false, false, false])
  })

  it('answers a repeat as a duplicate and stores nothing twice', async () => {
    const d = await newDevice()
    const items = [
      { device_id: d, timestamp: iso(60), kwh: 100, export_kwh: 10 },
      { device_id: d, timestamp: iso(45), kwh: 101, export_kwh: 11 },
    ]
    expect((await bulkPush(items)).json()).toMatchObject({ accepted: 2, duplicates: 0 })
    const again = await bulkPush(items)
    expect(again.json()).toMatchObject({
      accepted: 0,
      duplicates: 2,
      rejected: 0,
      results: [{ status: 'duplicate' }, { status: 'duplicate' }],
    })
    expect(await rowCount(d)).toBe(4)
    expect((await listed(d)).total).toBe(2)
  })

  it('refuses a bad export_kwh as kwh is refused: the whole body, naming the field, nothing written', async () => {
    const d = await newDevice()
    for (const [value, message] of BAD_VALUES) {
      const good = { device_id: d, timestamp: iso(60), kwh: 5, export_kwh: 1 }
      const bad = { device_id: d, timestamp: iso(45), kwh: 6, export_kwh: value }
      const answer = await bulkPush([good, bad])
      expect(answer.statusCode, String(value)).toBe(422)
      expect(issues(answer)).toEqual([
        { loc: ['body', 'items', 1, 'export_kwh'], msg: message, type: expect.any(String) },
      ])
      const asKwh = await bulkPush([good, { ...bad, kwh: value, export_kwh: 1 }])
      expect(issues(asKwh).map((i) => i.msg)).toEqual([message])
    }
    expect(await rowCount(d)).toBe(0)
  })

  it('refuses per item the export register as a type of its own, or beside another type', async () => {
    const d = await newDevice()
    const answer = await bulkPush([
      { device_id: d, timestamp: iso(60), kwh: 5, reading_type: 'export_kwh' },
      { device_id: d, timestamp: iso(60), kwh: 230, export_kwh: 1, reading_type: 'voltage_v' },
      { device_id: d, timestamp: iso(60), kwh: 9, export_kwh: 2 },
    ])
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      accepted: 1,
      rejected: 2,
      results: [
        {
          status: 'error',
          error: 'Reading type export_kwh is the export register: send it as export_kwh beside kwh',
        },
        {
          status: 'error',
          error: 'export_kwh is only taken beside energy_kwh readings, not voltage_v',
        },
        { status: 'success', error: null },
      ],
    })
    expect(await series(d)).toEqual([{ ts: iso(60), kwh: 2, is_reset: false, source: 'bulk' }])
    expect(await series(d, 'voltage_v')).toEqual([])
  })
})

describe("a device's own push over HTTP", () => {
  let device: string
  let token: string
  beforeAll(async () => {
    device = await newDevice()
    const created = await t.call(session, {
      method: 'POST',
      url: `/api/v1/devices/${device}/credentials`,
    })
    token = created.json<{ token: string }>().token
  })

  const push = (readings: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${device}/readings`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { readings },
    })

  it('stores export_kwh beside kwh (source http); without it the reading is import-only', async () => {
    const first = await push([
      { timestamp: iso(60), kwh: 300, export_kwh: 20 },
      { timestamp: iso(45), kwh: 301 },
    ])
    expect(first.json()).toMatchObject({ accepted: 2, duplicates: 0, rejected: 0 })
    expect(await series(device)).toEqual([
      { ts: iso(60), kwh: 20, is_reset: false, source: 'http' },
    ])
    expect((await listed(device)).items.map((r) => [r.kwh, r.export_kwh])).toEqual([
      [300, 20],
      [301, null],
    ])
    const again = await push([{ timestamp: iso(60), kwh: 300, export_kwh: 20 }])
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 1 })
    expect(await rowCount(device)).toBe(3)
  })

  it('refuses a bad export_kwh with 422 naming it, and writes none of the push', async () => {
    const before = await rowCount(device)
    for (const [value, message] of BAD_VALUES) {
      const answer = await push([
        { timestamp: iso(30), kwh: 302, export_kwh: 21 },
        { timestamp: iso(15), kwh: 303, export_kwh: value },
      ])
      expect(answer.statusCode, String(value)).toBe(422)
      expect(issues(answer)).toEqual([
        { loc: ['body', 'readings', 1, 'export_kwh'], msg: message, type: expect.any(String) },
      ])
    }
    expect(await rowCount(device)).toBe(before)
  })
})

describe('manual readings', () => {
  let device: string
  beforeAll(async () => {
    device = await newDevice()
    await bulkPush([{ device_id: device, timestamp: iso(60), kwh: 500, export_kwh: 50 }])
  })

  const post = (body: Record<string, unknown>) =>
    sdk.createManualReading({
      client: admin.client,
      path: { id: device },
      body: body as CreateManualReadingData['body'],
    })

  it('stores the export register read by hand beside the meter value', async () => {
    const created = await checked(admin, 'createManualReading', 201, () =>
      post({ kwh: 510, export_kwh: 52.25, timestamp: iso(40) }),
    )
    expect(created.body).toMatchObject({ kwh: 510, export_kwh: 52.25, source: 'manual' })
    expect(await series(device)).toEqual([
      { ts: iso(60), kwh: 50, is_reset: false, source: 'bulk' },
      { ts: iso(40), kwh: 52.25, is_reset: false, source: 'manual' },
    ])
    const newest = (await listed(device)).items.at(-1)!
    expect(newest).toEqual(created.body)
  })

  it('stays import-only without it', async () => {
    const created = await checked(admin, 'createManualReading', 201, () =>
      post({ kwh: 511, timestamp: iso(35) }),
    )
    expect(created.body).toMatchObject({ kwh: 511, export_kwh: null })
    expect((await series(device)).map((r) => r.ts)).not.toContain(iso(35))
  })

  it('refuses an export value below the previous export reading unless it is a reset', async () => {
    const before = await rowCount(device)
    const lower = await checked(admin, 'createManualReading', 422, () =>
      post({ kwh: 512, export_kwh: 51, timestamp: iso(30) }),
    )
    expect((lower.body as { detail: unknown }).detail).toEqual([
      {
        loc: ['body', 'export_kwh'],
        msg:
          `51.00 kWh is lower than the previous export reading (52.25 kWh at ${iso(40)}). ` +
          'If the meter was reset or replaced, mark the reading as a meter reset.',
        type: 'below_previous',
      },
    ])
    const higher = await checked(admin, 'createManualReading', 422, () =>
      post({ kwh: 505, export_kwh: 60, timestamp: iso(50) }),
    )
    expect((higher.body as { detail: Array<{ loc: unknown }> }).detail[0]!.loc).toEqual([
      'body',
      'export_kwh',
    ])
    expect(await rowCount(device)).toBe(before)
    const reset = await checked(admin, 'createManualReading', 201, () =>
      post({ kwh: 2, export_kwh: 1, timestamp: iso(30), is_reset: true }),
    )
    expect(reset.body).toMatchObject({ kwh: 2, export_kwh: 1, status: 'reset' })
    expect((await series(device)).at(-1)).toMatchObject({ kwh: 1, is_reset: true })
  })

  it('refuses a negative, non-finite, text or absurd export value with 422 naming it', async () => {
    const before = await rowCount(device)
    for (const value of [-1, Number.NaN, Number.POSITIVE_INFINITY, 'lots', 1e13]) {
      const answer = await checked(admin, 'createManualReading', 422, () =>
        post({ kwh: 600, export_kwh: value, timestamp: iso(20) }),
      )
      const detail = (answer.body as { detail: Array<{ loc: unknown[] }> }).detail
      expect(
        detail.map((i) => i.loc),
        String(value),
      ).toEqual([['body', 'export_kwh']])
    }
    expect(await rowCount(device)).toBe(before)
  })
})

describe('reading lists', () => {
  it('never list or count an export row as a reading of its own', async () => {
    const d = await newDevice()
    await bulkPush([
      { device_id: d, timestamp: iso(60), kwh: 100, export_kwh: 10, status: 'online' },
      { device_id: d, timestamp: iso(45), kwh: 101, export_kwh: 11 },
    ])
    expect(await rowCount(d)).toBe(4)
    // Counted from the device row, by count(*) under a filter, and for the type asked for.
    expect((await listed(d)).total).toBe(2)
    expect((await listed(d, { start_date: iso(90), source: 'bulk' })).total).toBe(2)
    expect(await listed(d, { reading_type_names: ['export_kwh'] })).toMatchObject({
      items: [],
      total: 0,
    })
    const both = await listed(d, { reading_type_names: ['energy_kwh', 'export_kwh'] })
    expect(both.items.map((r) => r.export_kwh)).toEqual([10, 11])
    const latest = await checked(admin, 'getLatestDeviceReading', 200, () =>
      sdk.getLatestDeviceReading({ client: admin.client, path: { id: d } }),
    )
    expect(latest.body).toMatchObject({ kwh: 101, export_kwh: 11 })
    const found = await checked(admin, 'getReading', 200, () =>
      sdk.getReading({ client: admin.client, path: { id: both.items[0]!.id } }),
    )
    expect(found.body).toEqual(both.items[0])
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM readings WHERE device_id = $1 AND reading_type = 'export_kwh' LIMIT 1`,
      [d],
    )
    await checked(admin, 'getReading', 404, () =>
      sdk.getReading({ client: admin.client, path: { id: rows[0]!.id } }),
    )
    const device = await t.call(session, { method: 'GET', url: `/api/v1/devices/${d}` })
    expect(device.json()).toMatchObject({ latest_kwh: 101, summary: { reading_count: 2 } })
  })
})
