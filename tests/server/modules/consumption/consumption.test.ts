import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SYSTEM } from '~/server/db/database.ts'
import { buckets, presetWindow } from '~/server/modules/energy/windows.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { responseValidator } from '../../helpers/spec.ts'

let t: TestApp
let admin: Session
beforeAll(async () => {
  t = await build()
  admin = await t.as('admin')
})
afterAll(async () => t?.close())
afterEach(() => vi.useRealTimers())

const Q = 15 * 60_000
let serial = 0

async function newDevice(group: 'A' | 'B' = 'A'): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups[group], 'Consumption meter', `CT-${++serial}`],
  )
  return rows[0]!.id
}

/**
 * Readings every 15 minutes from `from` (inclusive) to `to` (inclusive): the meter starts at
 * `base` and rises by `step(ts)` kWh per quarter; `skip` leaves readings out; `value` overrides.
 */
async function series(
  deviceId: string,
  from: string,
  to: string,
  options: {
    base?: number
    step?: (ts: Date) => number
    skip?: (ts: Date) => boolean
    value?: (ts: Date, kwh: number) => number
  } = {},
) {
  const rows: NewReading[] = []
  let kwh = options.base ?? 1000
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += Q) {
    const ts = new Date(ms)
    if (ms > Date.parse(from)) kwh += options.step?.(ts) ?? 1
    if (options.skip?.(ts)) continue
    rows.push({ deviceId, ts, kwh: options.value ? options.value(ts, kwh) : kwh })
  }
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, rows))
}

const get = (url: string, query: Record<string, string>, session: Session = admin) =>
  t.call(session, { method: 'GET', url, query })

async function intervals(deviceId: string, query: Record<string, string>) {
  const response = await get(`/api/v1/devices/${deviceId}/consumption/intervals`, query)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as {
    total_kwh: number
    start: string
    end: string
    intervals: Array<{
      start: string
      end: string
      kwh: number | null
      metadata?: {
        expected_readings: number
        present_readings: number
        coverage: number
        gaps: number
        resets: number
        estimated: boolean
      }
    }>
  }
}

async function cumulative(deviceId: string, query: Record<string, string>, preset = '') {
  const response = await get(`/api/v1/devices/${deviceId}/consumption/cumulative${preset}`, query)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Record<string, unknown>
}

describe('daylight-saving days', () => {
  // A steady 1 kWh per quarter hour: a day's consumption is 4 kWh per hour it really has.
  const cases = [
    ['Europe/Berlin', '2026-03-28T00:00:00+01:00', '2026-03-31T00:00:00+02:00', 92, '+02:00'],
    ['Europe/Berlin', '2026-10-24T00:00:00+02:00', '2026-10-27T00:00:00+01:00', 100, '+01:00'],
    ['America/New_York', '2026-03-07T00:00:00-05:00', '2026-03-10T00:00:00-04:00', 92, '-04:00'],
    ['America/New_York', '2026-10-31T00:00:00-04:00', '2026-11-03T00:00:00-05:00', 100, '-05:00'],
  ] as const
  for (const [tz, from, to, dayKwh, after] of cases) {
    it(`cuts days at local midnight in ${tz} around ${from.slice(0, 10)} (${dayKwh / 4} h)`, async () => {
      const d = await newDevice()
      await series(d, from, to)
      const daily = await intervals(d, { start_datetime: from, end_datetime: to, timezone: tz })
      expect(daily.intervals.map((i) => i.kwh)).toEqual([96, dayKwh, 96])
      expect(daily.total_kwh).toBe(192 + dayKwh)
      expect(daily.intervals[2]!.start.endsWith(after)).toBe(true)
      expect(daily.intervals[1]!.metadata).toEqual({
        expected_readings: dayKwh,
        present_readings: dayKwh,
        coverage: 1,
        gaps: 0,
        resets: 0,
        estimated: false,
      })
      const day = daily.intervals[1]!
      const hourly = await intervals(d, {
        start_datetime: day.start,
        end_datetime: day.end,
        timezone: tz,
        granularity: 'hourly',
      })
      expect(hourly.intervals).toHaveLength(dayKwh / 4)
      expect(hourly.intervals.every((i) => i.kwh === 4)).toBe(true)
      const total = await cumulative(d, {
        start_datetime: day.start,
        end_datetime: day.end,
        timezone: tz,
      })
      expect(total).toMatchObject({
        kwh: dayKwh,
        reading_count: dayKwh,
        has_gaps: false,
        resets: 0,
      })
    })
  }
})

describe('half-hour zone', () => {
  it('cuts Asia/Kolkata days and hours at :30 UTC', async () => {
    const d = await newDevice()
    // 1 kWh per quarter until local midnight of 10 May (18:30 UTC on the 9th), then 2.
    const midnight = Date.parse('2026-05-09T18:30:00Z')
    await series(d, '2026-05-09T00:00:00Z', '2026-05-11T00:00:00Z', {
      step: (ts) => (ts.getTime() <= midnight ? 1 : 2),
    })
    const daily = await intervals(d, {
      start_datetime: '2026-05-09T00:00:00Z',
      end_datetime: '2026-05-11T00:00:00Z',
      timezone: 'Asia/Kolkata',
    })
    expect(daily.intervals.map((i) => [i.start, i.end, i.kwh])).toEqual([
      ['2026-05-09T05:30:00+05:30', '2026-05-10T00:00:00+05:30', 74],
      ['2026-05-10T00:00:00+05:30', '2026-05-11T00:00:00+05:30', 192],
      ['2026-05-11T00:00:00+05:30', '2026-05-11T05:30:00+05:30', 44],
    ])
    const hourly = await intervals(d, {
      start_datetime: '2026-05-09T17:00:00Z',
      end_datetime: '2026-05-09T20:00:00Z',
      timezone: 'Asia/Kolkata',
      granularity: 'hourly',
    })
    expect(hourly.intervals.map((i) => [i.start, i.kwh])).toEqual([
      ['2026-05-09T22:30:00+05:30', 2],
      ['2026-05-09T23:00:00+05:30', 4],
      ['2026-05-10T00:00:00+05:30', 8],
      ['2026-05-10T01:00:00+05:30', 4],
    ])
  })
})

describe('gaps and resets', () => {
  it('flags a gap and puts its rise on the first reading after it', async () => {
    const d = await newDevice()
    const gapFrom = Date.parse('2026-06-01T10:00:00Z')
    const gapTo = Date.parse('2026-06-01T12:00:00Z')
    await series(d, '2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z', {
      skip: (ts) => ts.getTime() > gapFrom && ts.getTime() < gapTo,
    })
    const window = { start_datetime: '2026-06-01T00:00:00Z', end_datetime: '2026-06-02T00:00:00Z' }
    const daily = await intervals(d, window)
    expect(daily.intervals).toEqual([
      {
        start: '2026-06-01T00:00:00+00:00',
        end: '2026-06-02T00:00:00+00:00',
        kwh: 96,
        cost: null,
        cost_breakdown: null,
        co2_kg: null,
        metadata: {
          expected_readings: 96,
          present_readings: 89,
          coverage: 0.9271,
          gaps: 1,
          resets: 0,
          estimated: false,
        },
      },
    ])
    const hourly = await intervals(d, { ...window, granularity: 'hourly' })
    expect(hourly.intervals.slice(9, 13).map((i) => [i.kwh, i.metadata?.gaps])).toEqual([
      [4, 0],
      [4, 1],
      [4, 1],
      [4, 0],
    ])
    // The hours in the gap share its rise by time: 11:00 is half way from 10:00 to 12:00.
    expect(hourly.intervals.slice(9, 13).map((i) => i.metadata?.estimated)).toEqual([
      false,
      true,
      true,
      false,
    ])
    expect(hourly.total_kwh).toBe(96)
    // The readings reported lie in [start, end): the one at the exclusive end is not.
    expect(await cumulative(d, window)).toMatchObject({
      kwh: 96,
      estimated: false,
      reading_count: 89,
      has_gaps: true,
      resets: 0,
      first_reading_at: '2026-06-01T00:00:00+00:00',
      last_reading_at: '2026-06-01T23:45:00+00:00',
    })
  })

  it('adds a meter reset back and never shows a negative bucket', async () => {
    const d = await newDevice()
    const reset = Date.parse('2026-06-03T10:15:00Z')
    // The meter reads 1040 at 10:00, restarts at 2 at 10:15 and rises 1 per quarter after.
    await series(d, '2026-06-03T00:00:00Z', '2026-06-04T00:00:00Z', {
      value: (ts, kwh) => (ts.getTime() < reset ? kwh : kwh - 1039),
    })
    const window = { start_datetime: '2026-06-03T00:00:00Z', end_datetime: '2026-06-04T00:00:00Z' }
    const hourly = await intervals(d, { ...window, granularity: 'hourly' })
    expect(hourly.intervals.every((i) => i.kwh !== null && i.kwh >= 0)).toBe(true)
    expect(hourly.intervals[10]).toMatchObject({ kwh: 5, metadata: { resets: 1 } })
    expect(hourly.total_kwh).toBe(97)
    expect(await cumulative(d, window)).toMatchObject({ kwh: 97, resets: 1, has_gaps: false })
  })
})

describe('calendar months and weeks', () => {
  it('uses true calendar months in Europe/Berlin', async () => {
    const d = await newDevice()
    await series(d, '2026-01-31T00:00:00+01:00', '2026-03-01T00:00:00+01:00')
    const monthly = await intervals(d, {
      start_datetime: '2026-01-31T00:00:00+01:00',
      end_datetime: '2026-03-01T00:00:00+01:00',
      timezone: 'Europe/Berlin',
      granularity: 'monthly',
    })
    expect(monthly.intervals.map((i) => [i.start, i.end, i.kwh])).toEqual([
      ['2026-01-31T00:00:00+01:00', '2026-02-01T00:00:00+01:00', 96],
      ['2026-02-01T00:00:00+01:00', '2026-03-01T00:00:00+01:00', 28 * 96],
    ])
    expect(monthly.intervals[1]!.metadata).toMatchObject({ expected_readings: 28 * 96, gaps: 0 })
  })

  it('starts weeks on Sunday by default and on Monday when asked', async () => {
    const d = await newDevice()
    // 1 March 2026 is a Sunday.
    await series(d, '2026-03-01T00:00:00Z', '2026-03-15T00:00:00Z')
    const window = { start_datetime: '2026-03-01T00:00:00Z', end_datetime: '2026-03-15T00:00:00Z' }
    const sunday = await intervals(d, { ...window, granularity: 'weekly' })
    expect(sunday.intervals.map((i) => [i.start, i.kwh])).toEqual([
      ['2026-03-01T00:00:00+00:00', 672],
      ['2026-03-08T00:00:00+00:00', 672],
    ])
    const monday = await intervals(d, { ...window, granularity: 'weekly', week_start: 'monday' })
    expect(monday.intervals.map((i) => [i.start, i.kwh])).toEqual([
      ['2026-03-01T00:00:00+00:00', 96],
      ['2026-03-02T00:00:00+00:00', 672],
      ['2026-03-09T00:00:00+00:00', 576],
    ])

    // Wednesday 11 March, noon: the week presets in both conventions.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-11T12:00:00Z') })
    const preset = async (name: string, week_start: string) =>
      (await cumulative(d, { timezone: 'UTC', week_start }, `/${name}`)).kwh
    expect(await preset('this-week', 'sunday')).toBe(336)
    expect(await preset('last-week', 'sunday')).toBe(672)
    expect(await preset('this-week', 'monday')).toBe(240)
    expect(await preset('last-week', 'monday')).toBe(672)
    expect(await cumulative(d, {}, '/yesterday')).toMatchObject({
      start: '2026-03-10T00:00:00+00:00',
      end: '2026-03-11T00:00:00+00:00',
      kwh: 96,
    })
  })

  it('computes presets and buckets in pure functions', () => {
    const now = new Date('2026-04-01T10:00:00Z')
    expect(presetWindow('last_month', 'Europe/Berlin', now)).toEqual({
      start: new Date('2026-02-28T23:00:00Z'),
      end: new Date('2026-03-31T22:00:00Z'),
    })
    const window = {
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-03-01T00:00:00Z'),
    }
    expect(buckets(window, 'hourly', 'UTC', 'sunday', 1000)).toBeUndefined()
    expect(buckets(window, 'daily', 'UTC')).toHaveLength(59)
  })
})

describe('errors and tenancy', () => {
  it('answers 422 for an unknown timezone with its location', async () => {
    const d = await newDevice()
    for (const url of [
      `/api/v1/devices/${d}/consumption/cumulative/today`,
      `/api/v1/devices/${d}/consumption/intervals/today`,
    ]) {
      const response = await get(url, { timezone: 'Mars/Olympus_Mons' })
      expect(response.statusCode).toBe(422)
      expect(response.json().detail).toEqual([
        expect.objectContaining({ loc: ['query', 'timezone'], type: expect.any(String) }),
      ])
    }
  })

  it('answers 400 when the window is empty and 422 beyond 1,000 buckets', async () => {
    const d = await newDevice()
    const url = `/api/v1/devices/${d}/consumption/intervals`
    const empty = await get(url, {
      start_datetime: '2026-03-02T00:00:00Z',
      end_datetime: '2026-03-01T00:00:00Z',
    })
    expect(empty.statusCode).toBe(400)
    const wide = await get(url, {
      start_datetime: '2026-01-01T00:00:00Z',
      end_datetime: '2026-03-01T00:00:00Z',
      granularity: 'hourly',
    })
    expect(wide.statusCode).toBe(422)
  })

  it("answers 404 for another tenant's device as for a missing one", async () => {
    const foreign = await newDevice('B')
    await series(foreign, '2026-06-01T00:00:00Z', '2026-06-01T02:00:00Z')
    const window = { start_datetime: '2026-06-01T00:00:00Z', end_datetime: '2026-06-02T00:00:00Z' }
    for (const id of [foreign, '00000000-0000-4000-8000-000000000000']) {
      expect((await get(`/api/v1/devices/${id}/consumption/intervals`, window)).statusCode).toBe(
        404,
      )
      expect((await get(`/api/v1/devices/${id}/consumption/cumulative`, window)).statusCode).toBe(
        404,
      )
      expect((await get(`/api/v1/devices/${id}/consumption/cumulative/today`, {})).statusCode).toBe(
        404,
      )
    }
    const own = await get(
      `/api/v1/devices/${foreign}/consumption/cumulative`,
      window,
      await t.as('admin2'),
    )
    expect(own.json()).toMatchObject({ kwh: 8, reading_count: 9 })
  })

  it('answers today presets with empty data when there are no readings', async () => {
    const d = await newDevice()
    const today = await cumulative(d, { timezone: 'Asia/Kolkata' }, '/today')
    // No data is not zero: null, as the device list's today_kwh.
    expect(today).toMatchObject({ kwh: null, reading_count: 0, first_reading_at: null, resets: 0 })
    const response = await get(`/api/v1/devices/${d}/consumption/intervals/today`, {})
    expect(response.statusCode).toBe(200)
    expect(response.json().intervals.every((i: { kwh: null }) => i.kwh === null)).toBe(true)
    const lastMonth = await get(`/api/v1/devices/${d}/consumption/intervals/last-month`, {
      timezone: 'Europe/Berlin',
    })
    expect(lastMonth.statusCode).toBe(200)
    expect(lastMonth.json().intervals.length).toBeGreaterThanOrEqual(28)
  })
})

describe('contract', () => {
  it('answers every consumption operation in the shapes of openapi.yaml', async () => {
    const validate = responseValidator()
    const d = await newDevice()
    const now = Date.now()
    const from = new Date(now - 40 * 24 * 3600_000 - (now % Q)).toISOString()
    await series(d, from, new Date(now - (now % Q)).toISOString(), { step: () => 0.25 })
    const window = {
      start_datetime: new Date(now - 3 * 24 * 3600_000).toISOString(),
      end_datetime: new Date(now).toISOString(),
    }
    const base = `/api/v1/devices/${d}/consumption`
    const calls: Array<[string, string, Record<string, string>, number]> = [
      ['getCumulativeConsumption', '/cumulative', { ...window, timezone: 'Asia/Kolkata' }, 200],
      ['getCumulativeConsumptionToday', '/cumulative/today', { timezone: 'Europe/Berlin' }, 200],
      ['getCumulativeConsumptionYesterday', '/cumulative/yesterday', {}, 200],
      ['getCumulativeConsumptionThisWeek', '/cumulative/this-week', { week_start: 'monday' }, 200],
      ['getCumulativeConsumptionLastWeek', '/cumulative/last-week', {}, 200],
      ['getCumulativeConsumptionThisMonth', '/cumulative/this-month', {}, 200],
      ['getCumulativeConsumptionLastMonth', '/cumulative/last-month', {}, 200],
      ['getConsumptionIntervals', '/intervals', { ...window, granularity: 'hourly' }, 200],
      ['getConsumptionIntervals', '/intervals', { ...window, include_metadata: 'false' }, 200],
      ['getConsumptionIntervalsLastMonth', '/intervals/last-month', {}, 200],
      ['getConsumptionIntervalsToday', '/intervals/today', { timezone: 'America/New_York' }, 200],
      ['getConsumptionIntervalsToday', '/intervals/today', { timezone: 'Nowhere/Land' }, 422],
      ['getConsumptionIntervals', '/intervals', { ...window, end_datetime: from }, 400],
    ]
    for (const [operationId, path, query, status] of calls) {
      const response = await get(base + path, query)
      expect(response.statusCode, `${path} ${response.body}`).toBe(status)
      const type = String(response.headers['content-type'])
      expect(validate(operationId, status, type, response.json()), path).toEqual([])
    }
    const missing = await get(
      '/api/v1/devices/00000000-0000-4000-8000-000000000000/consumption/intervals',
      window,
    )
    expect(
      validate(
        'getConsumptionIntervals',
        404,
        String(missing.headers['content-type']),
        missing.json(),
      ),
    ).toEqual([])
  })
})
