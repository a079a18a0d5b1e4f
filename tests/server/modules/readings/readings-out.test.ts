import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sdk from '~/api/__generated__/sdk.gen.ts'
import type { ListDeviceReadingsData, ListDeviceStatusData } from '~/api/__generated__/types.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { statusRepository } from '~/server/modules/devices/status-repository.ts'
import { availability } from '~/server/modules/readings/status-history-repository.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type TestApp } from '../../helpers/build.ts'
import { checked, signedIn, type Api } from '../../helpers/checked-sdk.ts'

const Q = 15 * 60_000
const HOUR = 3_600_000
const T0 = Date.UTC(2025, 0, 5)
const iso = (ms: number) => new Date(ms).toISOString()

let t: TestApp
/** A PM5560 on modbus_tcp with 12 energy readings (the last two pushed in bulk) and 4 power ones. */
let meter: string
/** A device with status history and no readings. */
let flaky: string
let admin: Api
/** When the status history was written; the summary's window ends a little later. */
let NOW: number

async function newDevice(serial: string, model?: { name: string; handler: string }) {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO devices (group_id, name, serial_number, device_model_id, handler)
     VALUES ($1, $2, $3, (SELECT id FROM device_models WHERE name = $4 AND group_id IS NULL), $5)
     RETURNING id`,
    [t.fx.groups.A, `Meter ${serial}`, serial, model?.name ?? null, model?.handler ?? null],
  )
  return rows[0]!.id
}

beforeAll(async () => {
  t = await build()
  meter = await newDevice('RO-1', { name: 'PM5560', handler: 'modbus_tcp' })
  flaky = await newDevice('RO-2')
  const energy: NewReading[] = Array.from({ length: 12 }, (_, i) => ({
    deviceId: meter,
    ts: new Date(T0 + i * Q),
    kwh: 100 + i,
    source: i >= 10 ? 'bulk' : 'mqtt',
  }))
  const power: NewReading[] = Array.from({ length: 4 }, (_, i) => ({
    deviceId: meter,
    ts: new Date(T0 + i * Q),
    kwh: 20 + i,
    readingType: 'power_kw',
    source: 'mqtt',
  }))
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, [...energy, ...power]))
  // online 30 h ago, offline 6 h ago, online again 2 h ago: one change per transaction.
  NOW = Date.now()
  for (const [status, ago] of [
    ['online', 30],
    ['offline', 6],
    ['online', 2],
  ] as const) {
    await t.db.transaction(SYSTEM, (tx) =>
      statusRepository(tx).apply([
        { deviceId: flaky, status, at: new Date(NOW - ago * HOUR), reason: `Went ${status}` },
      ]),
    )
  }
  admin = await signedIn(t, 'admin')
})
afterAll(async () => t?.close())

type Page = {
  items: Array<Record<string, unknown>>
  total: number
  page: number
  page_size: number
}

const readings = async (query: ListDeviceReadingsData['query'], api = admin) =>
  (
    await checked(api, 'listDeviceReadings', 200, () =>
      sdk.listDeviceReadings({ client: api.client, path: { id: meter }, query }),
    )
  ).body as Page

describe('listDeviceReadings', () => {
  it('pages oldest first across reading types, with the total of the filter', async () => {
    const first = await readings({ page_size: 5 })
    expect(first).toMatchObject({ total: 16, page: 1, page_size: 5 })
    expect(first.items.map((r) => [r.timestamp, r.reading_type])).toEqual([
      [iso(T0), 'energy_kwh'],
      [iso(T0), 'power_kw'],
      [iso(T0 + Q), 'energy_kwh'],
      [iso(T0 + Q), 'power_kw'],
      [iso(T0 + 2 * Q), 'energy_kwh'],
    ])
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      device_id: meter,
      timestamp: iso(T0),
      kwh: 100,
      export_kwh: null,
      status: 'ok',
      reading_type: 'energy_kwh',
      source: 'mqtt',
      entered_by: null,
      entered_by_name: null,
      note: null,
      attachment_id: null,
    })
    const last = await readings({ page_size: 5, page: 4 })
    expect(last.items.map((r) => r.kwh)).toEqual([111])
    const beyond = await readings({ page_size: 5, page: 5 })
    expect(beyond).toMatchObject({ items: [], total: 16 })
  })

  it('gives the same pages read from either end: each page size tiles the whole list', async () => {
    const all = await readings({ page_size: 100 })
    const filter = { reading_type_names: ['energy_kwh'], start_date: iso(T0 + Q) }
    const some = await readings({ ...filter, page_size: 100 })
    expect(some.total).toBeGreaterThan(3)
    // All energy readings: the total comes from the device's statistics.
    const energy = { reading_type_names: ['energy_kwh'] }
    const allEnergy = await readings({ ...energy, page_size: 100 })
    expect(allEnergy.total).toBeGreaterThan(some.total)
    for (const [query, whole] of [
      [{}, all],
      [filter, some],
      [energy, allEnergy],
    ] as const) {
      expect(whole.items).toHaveLength(whole.total)
      for (const size of [1, 2, 3, 5, 7]) {
        const tiled: unknown[] = []
        for (let p = 1; p <= Math.ceil(whole.total / size); p++) {
          const page = await readings({ ...query, page_size: size, page: p })
          expect(page.total).toBe(whole.total)
          tiled.push(...page.items.map((r) => r.id))
        }
        expect(tiled).toEqual(whole.items.map((r) => r.id))
      }
    }
  })

  it('filters by window, buffer, reading types and source', async () => {
    const window = { start_date: iso(T0 + HOUR), end_date: iso(T0 + 2 * HOUR) }
    const energy = { ...window, reading_type_names: ['energy_kwh'] }
    expect((await readings(energy)).items.map((r) => r.kwh)).toEqual([104, 105, 106, 107])
    const widened = await readings({ ...energy, buffer_minutes: 15 })
    expect(widened.items.map((r) => r.kwh)).toEqual([103, 104, 105, 106, 107, 108])
    const types = await readings({ reading_type_names: ['power_kw', 'voltage_v'] })
    expect(types.items.map((r) => r.kwh)).toEqual([20, 21, 22, 23])
    const bulk = await readings({ source: 'bulk' })
    expect(bulk.items.map((r) => [r.kwh, r.source])).toEqual([
      [110, 'bulk'],
      [111, 'bulk'],
    ])
    expect((await readings({ source: 'manual' })).total).toBe(0)
  })

  it('refuses an empty window (400) and bad paging (422)', async () => {
    await checked(admin, 'listDeviceReadings', 400, () =>
      sdk.listDeviceReadings({
        client: admin.client,
        path: { id: meter },
        query: { start_date: iso(T0 + HOUR), end_date: iso(T0) },
      }),
    )
    await checked(admin, 'listDeviceReadings', 422, () =>
      sdk.listDeviceReadings({ client: admin.client, path: { id: meter }, query: { page: 0 } }),
    )
    await checked(admin, 'listDeviceReadings', 422, () =>
      sdk.listDeviceReadings({
        client: admin.client,
        path: { id: meter },
        query: { source: 'pigeon' as 'bulk' },
      }),
    )
  })

  it("answers another tenant's device 404, also for an elevated user scoped elsewhere", async () => {
    await checked(admin, 'listDeviceReadings', 404, () =>
      sdk.listDeviceReadings({ client: admin.client, path: { id: t.fx.devicesOf.B[0]! } }),
    )
    const scopedToB = await signedIn(t, 'developer', t.fx.groups.B)
    await checked(scopedToB, 'listDeviceReadings', 404, () =>
      sdk.listDeviceReadings({ client: scopedToB.client, path: { id: meter } }),
    )
    const allGroups = await signedIn(t, 'developer')
    expect((await readings({ page_size: 1 }, allGroups)).total).toBe(16)
  })
})

describe('getReading and getLatestDeviceReading', () => {
  it('gets a reading by id, 404 for another tenant, 422 for a non-integer id', async () => {
    const [item] = (await readings({ page_size: 1 })).items
    const got = await checked(admin, 'getReading', 200, () =>
      sdk.getReading({ client: admin.client, path: { id: item!.id as number } }),
    )
    expect(got.body).toEqual(item)
    const other = await signedIn(t, 'admin2')
    await checked(other, 'getReading', 404, () =>
      sdk.getReading({ client: other.client, path: { id: item!.id as number } }),
    )
    await checked(admin, 'getReading', 422, () =>
      sdk.getReading({ client: admin.client, path: { id: 'abc' as unknown as number } }),
    )
  })

  it('gets the newest energy reading; no_readings and not_found are told apart', async () => {
    const latest = await checked(admin, 'getLatestDeviceReading', 200, () =>
      sdk.getLatestDeviceReading({ client: admin.client, path: { id: meter } }),
    )
    expect(latest.body).toMatchObject({ timestamp: iso(T0 + 11 * Q), kwh: 111, source: 'bulk' })
    const empty = await checked(admin, 'getLatestDeviceReading', 404, () =>
      sdk.getLatestDeviceReading({ client: admin.client, path: { id: flaky } }),
    )
    expect(empty.body).toMatchObject({ code: 'no_readings' })
    const foreign = await checked(admin, 'getLatestDeviceReading', 404, () =>
      sdk.getLatestDeviceReading({ client: admin.client, path: { id: t.fx.devicesOf.B[0]! } }),
    )
    expect(foreign.body).toMatchObject({ code: 'not_found' })
  })
})

describe('listDeviceMeasurements', () => {
  it('lists stored and declared reading types, energy first, each with unit and latest value', async () => {
    const list = await checked(admin, 'listDeviceMeasurements', 200, () =>
      sdk.listDeviceMeasurements({ client: admin.client, path: { id: meter } }),
    )
    expect(list.body).toEqual({
      items: [
        { name: 'energy_kwh', unit: 'kWh', latest_value: 111, latest_at: iso(T0 + 11 * Q) },
        { name: 'power_kw', unit: 'kW', latest_value: 23, latest_at: iso(T0 + 3 * Q) },
        { name: 'voltage_v', unit: 'V', latest_value: null, latest_at: null },
      ],
    })
    const bare = await checked(admin, 'listDeviceMeasurements', 200, () =>
      sdk.listDeviceMeasurements({ client: admin.client, path: { id: flaky } }),
    )
    expect(bare.body).toEqual({
      items: [{ name: 'energy_kwh', unit: 'kWh', latest_value: null, latest_at: null }],
    })
    await checked(admin, 'listDeviceMeasurements', 404, () =>
      sdk.listDeviceMeasurements({ client: admin.client, path: { id: t.fx.devicesOf.B[0]! } }),
    )
  })
})

describe('listDeviceStatus and getDeviceStatusSummary', () => {
  it('pages the status history newest first, within a window', async () => {
    const status = (query: ListDeviceStatusData['query']) =>
      checked(admin, 'listDeviceStatus', 200, () =>
        sdk.listDeviceStatus({ client: admin.client, path: { id: flaky }, query }),
      ).then((e) => e.body as Page)
    const all = await status({})
    expect(all.total).toBe(3)
    expect(all.items.map((e) => [e.status, e.reason])).toEqual([
      ['online', 'Went online'],
      ['offline', 'Went offline'],
      ['online', 'Went online'],
    ])
    expect(all.items[0]).toMatchObject({ device_id: flaky, timestamp: iso(NOW - 2 * HOUR) })
    const second = await status({ page: 2, page_size: 2 })
    expect(second).toMatchObject({ total: 3, page: 2, page_size: 2 })
    expect(second.items.map((e) => e.timestamp)).toEqual([iso(NOW - 30 * HOUR)])
    const recent = await status({ start_date: iso(NOW - 7 * HOUR) })
    expect(recent.items.map((e) => e.status)).toEqual(['online', 'offline'])
    await checked(admin, 'listDeviceStatus', 404, () =>
      sdk.listDeviceStatus({ client: admin.client, path: { id: t.fx.devicesOf.B[0]! } }),
    )
  })

  it('summarises availability over the trailing window', async () => {
    const summary = async (window: '1h' | '24h' | '7d' | '30d') =>
      (
        await checked(admin, 'getDeviceStatusSummary', 200, () =>
          sdk.getDeviceStatusSummary({
            client: admin.client,
            path: { id: flaky },
            query: { window },
          }),
        )
      ).body as Record<string, unknown>
    // The window ends when the server answers, a few seconds after the history was written:
    // the open online span may be a minute longer than whole hours.
    const about = (minutes: number) => [minutes, minutes + 1]
    const day = await summary('24h')
    expect(day).toMatchObject({
      device_id: flaky,
      window: '24h',
      transitions: 2,
      current_status: 'online',
      downtime_minutes: 240,
    })
    expect(about(1200)).toContain(day.uptime_minutes)
    expect(day.online_ratio).toBeCloseTo(20 / 24, 2)
    expect(await summary('1h')).toMatchObject({
      transitions: 0,
      online_ratio: 1,
      uptime_minutes: 60,
    })
    // Before its first entry the device's state is unknown: neither up nor down.
    const week = await summary('7d')
    expect(week).toMatchObject({ transitions: 3, downtime_minutes: 240 })
    expect(about(26 * 60)).toContain(week.uptime_minutes)
    await checked(admin, 'getDeviceStatusSummary', 404, () =>
      sdk.getDeviceStatusSummary({ client: admin.client, path: { id: t.fx.devicesOf.B[0]! } }),
    )
  })

  it('counts time by the status in force, clipped to the window', () => {
    const changes = [
      { status: 'offline' as const, at: 10 },
      { status: 'online' as const, at: 40 },
      { status: 'offline' as const, at: 150 },
    ]
    expect(availability('online', changes, 0, 100)).toEqual({
      onlineMs: 70,
      offlineMs: 30,
      transitions: 2,
    })
    expect(availability(undefined, [], 0, 100)).toEqual({
      onlineMs: 0,
      offlineMs: 0,
      transitions: 0,
    })
  })
})

describe('profile=true', () => {
  it('answers { data, profile } with the SQL that ran, for every profilable readings call', async () => {
    const dev = await signedIn(t, 'developer')
    const client = dev.client
    const [first] = (await readings({ page_size: 1 })).items
    const calls: Array<[string, () => Promise<unknown>, RegExp]> = [
      [
        'listDeviceReadings',
        () => sdk.listDeviceReadings({ client, path: { id: meter }, query: { profile: true } }),
        /FROM readings r WHERE/,
      ],
      [
        'getReading',
        () =>
          sdk.getReading({ client, path: { id: first!.id as number }, query: { profile: true } }),
        /WHERE r\.id = \$1/,
      ],
      [
        'getLatestDeviceReading',
        () => sdk.getLatestDeviceReading({ client, path: { id: meter }, query: { profile: true } }),
        /ORDER BY r\.ts DESC LIMIT 1/,
      ],
      [
        'listDeviceMeasurements',
        () => sdk.listDeviceMeasurements({ client, path: { id: meter }, query: { profile: true } }),
        /WITH RECURSIVE/,
      ],
      [
        'listDeviceStatus',
        () => sdk.listDeviceStatus({ client, path: { id: flaky }, query: { profile: true } }),
        /FROM device_status_history/,
      ],
    ]
    for (const [operationId, call, sql] of calls) {
      const exchange = await checked(dev, operationId, 200, call)
      expect(exchange.contentType).toContain('application/vnd.console.profiled+json')
      const body = exchange.body as {
        data: unknown
        profile: { total_db_queries: number; steps: Array<{ queries: string[] }> }
      }
      expect(body.data).toBeTruthy()
      expect(body.profile.total_db_queries).toBeGreaterThan(0)
      expect(body.profile.steps.flatMap((s) => s.queries).some((q) => sql.test(q))).toBe(true)
    }
    await checked(admin, 'listDeviceReadings', 403, () =>
      sdk.listDeviceReadings({
        client: admin.client,
        path: { id: meter },
        query: { profile: true },
      }),
    )
  })
})
