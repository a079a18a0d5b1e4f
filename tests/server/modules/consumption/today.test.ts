import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SYSTEM } from '~/server/db/database.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { responseValidator } from '../../helpers/spec.ts'

/**
 * Issue 20, point 1: "today" is one quantity with one definition, in the viewer's timezone,
 * wherever it appears (device list, device, cumulative/today, the reports behind the dashboard),
 * and no data is not zero.
 *
 * Hand-computed, the clock at 2026-03-11 12:00 UTC; group A keeps its devices in Asia/Tokyo
 * (UTC+9), the viewer is in Europe/Berlin (UTC+1 in March):
 * - Busy meter: +1 kWh every quarter hour from 10 Mar 12:00 UTC to now. Since Berlin midnight
 *   (10 Mar 23:00 UTC) that is 13 h x 4 = 52 kWh; since UTC midnight 48; since Tokyo's 84.
 * - Quiet meter: readings on 9 Mar only: nothing today, which is no data (null), not 0.
 */
const NOW = new Date('2026-03-11T12:00:00Z')
const Q = 15 * 60_000
const VIEWER = 'Europe/Berlin'

let t: TestApp
let admin: Session
const ids = { busy: '', quiet: '' }
const validate = responseValidator()

async function device(name: string, serial: string) {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, name, serial],
  )
  return rows[0]!.id
}

function quarterly(deviceId: string, from: string, to: string): NewReading[] {
  const rows: NewReading[] = []
  for (let ms = Date.parse(from), kwh = 500; ms <= Date.parse(to); ms += Q, kwh += 1)
    rows.push({ deviceId, ts: new Date(ms), kwh })
  return rows
}

beforeAll(async () => {
  t = await build()
  admin = await t.as('admin')
  await t.db.query(`UPDATE groups SET timezone = 'Asia/Tokyo' WHERE id = $1`, [t.fx.groups.A])
  ids.busy = await device('Busy meter', 'TD-1')
  ids.quiet = await device('Quiet meter', 'TD-2')
  const rows = [
    ...quarterly(ids.busy, '2026-03-10T12:00:00Z', NOW.toISOString()),
    ...quarterly(ids.quiet, '2026-03-09T06:00:00Z', '2026-03-09T18:00:00Z'),
  ]
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, rows))
})
afterAll(async () => t?.close())
afterEach(() => vi.useRealTimers())

async function get(operation: string, url: string, query: Record<string, string | string[]>) {
  const response = await t.call(admin, { method: 'GET', url, query })
  expect(response.statusCode, response.body).toBe(200)
  expect(validate(operation, 200, 'application/json', response.json())).toEqual([])
  return response.json()
}

const todayInList = async (query: Record<string, string>) => {
  const list = await get('listDevices', '/api/v1/devices/', { search: 'meter', ...query })
  const byId = new Map(list.items.map((d: { id: string; today_kwh: number | null }) => [d.id, d]))
  return (id: string) => (byId.get(id) as { today_kwh: number | null }).today_kwh
}

describe("today's consumption", () => {
  it('is the same figure in the list, the device, cumulative/today and the report', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    const tz = { timezone: VIEWER }
    const list = await todayInList(tz)
    const one = await get('getDevice', `/api/v1/devices/${ids.busy}`, tz)
    const cumulative = await get(
      'getCumulativeConsumptionToday',
      `/api/v1/devices/${ids.busy}/consumption/cumulative/today`,
      tz,
    )
    const report = await get('getEnergyReport', '/api/v1/reports/energy', {
      current_start: '2026-03-11T00:00:00+01:00',
      current_end: '2026-03-12T00:00:00+01:00',
      previous_start: '2026-03-10T00:00:00+01:00',
      previous_end: '2026-03-11T00:00:00+01:00',
      device_ids: [ids.busy],
      ...tz,
    })
    expect(list(ids.busy)).toBe(52)
    expect(one.today_kwh).toBe(52)
    expect(cumulative).toMatchObject({ kwh: 52, reading_count: 52 })
    expect(report.devices[0]).toMatchObject({ device_id: ids.busy, current_kwh: 52 })
  })

  it("is cut at midnight in the viewer's timezone (UTC when the request names none)", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    expect((await todayInList({}))(ids.busy)).toBe(48)
    expect((await todayInList({ timezone: 'Asia/Tokyo' }))(ids.busy)).toBe(84)
  })

  it('is null, not 0, for a device without readings today', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    const tz = { timezone: VIEWER }
    expect((await todayInList(tz))(ids.quiet)).toBeNull()
    const cumulative = await get(
      'getCumulativeConsumptionToday',
      `/api/v1/devices/${ids.quiet}/consumption/cumulative/today`,
      tz,
    )
    expect(cumulative).toMatchObject({ kwh: null, reading_count: 0 })
  })

  it('answers 422 for an unknown timezone on the list', async () => {
    const response = await t.call(admin, {
      method: 'GET',
      url: '/api/v1/devices/',
      query: { timezone: 'Mars/Olympus' },
    })
    expect(response.statusCode).toBe(422)
  })
})
