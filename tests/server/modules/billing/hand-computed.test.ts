import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { EnergySettings, TariffWindow } from '~/api/__generated__/types.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { responseValidator } from '../../helpers/spec.ts'

/**
 * Issue 26, "Tests and figures": cost, CO2 and standing charges computed by hand, through the API,
 * on both databases. Every meter here reads 0.25 kWh more every quarter hour on the quarter hour
 * (1 kWh an hour, every edge on a reading: nothing is estimated), so a span's kWh is its length in
 * real hours, and its cost is the hours of each price times that price.
 *
 * The tariff (TOU): peak 07:00-22:00 Mon-Fri at 0.40, off-peak 0.10 otherwise; on Saturday and
 * Sunday 07:00-22:00 is a shoulder at 0.25, so that the daylight-saving Sundays have a 15-hour
 * window to get right too (the changes are on Sundays in Europe and North America). Standing
 * charge 0.90 a day, 300 g CO2e per kWh (CO2 kg = kWh x 0.3). So:
 *
 *   a weekday (24 h):            9 h x 0.10 + 15 h x 0.40 = 0.90 + 6.00 = 6.90
 *   a weekend day (24 h):        9 h x 0.10 + 15 h x 0.25 = 0.90 + 3.75 = 4.65
 *   spring-forward Sunday (23 h): 8 h x 0.10 + 15 h x 0.25 = 0.80 + 3.75 = 4.55
 *   fall-back Sunday (25 h):     10 h x 0.10 + 15 h x 0.25 = 1.00 + 3.75 = 4.75
 */
let t: TestApp
let su: Session
const validate = responseValidator()
const Q = 15 * 60_000
const groups = { berlin: '', newYork: '', kolkata: '' }
const meters = { berlin: '', newYork: '', kolkata: '' }

const weekdays = [1, 2, 3, 4, 5]
const weekend = [6, 7]
const WINDOWS: TariffWindow[] = [
  { days: weekdays, start: '00:00', end: '07:00', price_per_kwh: 0.1 },
  { days: weekdays, start: '07:00', end: '22:00', price_per_kwh: 0.4 },
  { days: weekdays, start: '22:00', end: '24:00', price_per_kwh: 0.1 },
  { days: weekend, start: '00:00', end: '07:00', price_per_kwh: 0.1 },
  { days: weekend, start: '07:00', end: '22:00', price_per_kwh: 0.25 },
  { days: weekend, start: '22:00', end: '24:00', price_per_kwh: 0.1 },
]
const tou = (currency: string, startDay = 1): EnergySettings => ({
  billing_cycle_start_day: startDay,
  currency,
  credit_export_co2: false,
  tariffs: [{ effective_from: '2026-01-01', standing_charge_per_day: 0.9, windows: WINDOWS }],
  emission_factors: [{ effective_from: '2026-01-01', g_co2e_per_kwh: 300 }],
})

const fill = (n: number, value: number) => Array<number>(n).fill(value)
/** Hand sums to the cent and the gram, as the API rounds them. */
const cents = (v: number) => Math.round(v * 100) / 100
const grams = (v: number) => Math.round(v * 1000) / 1000

/** Quarter-hourly readings from `from` to `to` (inclusive), 0.25 kWh apart. */
function quarterHours(deviceId: string, from: string, to: string): NewReading[] {
  const rows: NewReading[] = []
  for (let ms = Date.parse(from), kwh = 1000; ms <= Date.parse(to); ms += Q, kwh += 0.25)
    rows.push({ deviceId, ts: new Date(ms), kwh })
  return rows
}

async function device(group: string, name: string) {
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [group, name, `HC-${name}`],
  )
  return rows[0]!.id
}

async function settings(group: string, body: unknown) {
  return t.call(su, {
    method: 'PUT',
    url: `/api/v1/groups/${group}/energy-settings`,
    payload: body as object,
    headers: { 'content-type': 'application/json' },
  })
}

async function get(url: string, operation: string, query?: Record<string, string | string[]>) {
  const response = await t.call(su, { method: 'GET', url, query })
  expect(response.statusCode, response.body).toBe(200)
  expect(validate(operation, 200, 'application/json', response.json())).toEqual([])
  return response.json()
}

const cumulative = (meter: string, start: string, end: string) =>
  get(`/api/v1/devices/${meter}/consumption/cumulative`, 'getCumulativeConsumption', {
    start_datetime: start,
    end_datetime: end,
  })

const intervals = (meter: string, start: string, end: string, granularity: string, tz: string) =>
  get(`/api/v1/devices/${meter}/consumption/intervals`, 'getConsumptionIntervals', {
    start_datetime: start,
    end_datetime: end,
    granularity,
    timezone: tz,
    include_metadata: 'false',
  })

const report = (meter: string, tz: string, current: string[], previous: string[]) =>
  get('/api/v1/reports/energy', 'getEnergyReport', {
    current_start: current[0]!,
    current_end: current[1]!,
    previous_start: previous[0]!,
    previous_end: previous[1]!,
    device_ids: [meter],
    timezone: tz,
    granularity: 'daily',
  })

const bill = (meter: string, slug: string, operation: string) =>
  get(`/api/v1/devices/${meter}/consumption/cumulative/${slug}`, operation)

beforeAll(async () => {
  t = await build()
  su = await t.as('superuser')
  groups.berlin = t.fx.groups.A // Europe/Berlin in the fixtures
  groups.newYork = t.fx.groups.B // America/New_York
  const { rows } = await t.db.query<{ id: string }>(
    "INSERT INTO groups (name, timezone) VALUES ('Kolkata Mills', 'Asia/Kolkata') RETURNING id",
  )
  groups.kolkata = rows[0]!.id
  meters.berlin = await device(groups.berlin, 'berlin')
  meters.newYork = await device(groups.newYork, 'new-york')
  meters.kolkata = await device(groups.kolkata, 'kolkata')
  const readings = [
    // Bills from 28 Jan to 28 Mar and the spring-forward days; the fall-back days.
    ...quarterHours(meters.berlin, '2026-01-20T00:00:00Z', '2026-04-05T00:00:00Z'),
    ...quarterHours(meters.berlin, '2026-10-20T00:00:00Z', '2026-10-30T00:00:00Z'),
    ...quarterHours(meters.newYork, '2026-03-05T00:00:00Z', '2026-03-12T00:00:00Z'),
    ...quarterHours(meters.newYork, '2026-10-28T00:00:00Z', '2026-11-05T00:00:00Z'),
    ...quarterHours(meters.kolkata, '2026-05-30T00:00:00Z', '2026-06-10T00:00:00Z'),
  ]
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, readings))
  for (const [group, currency] of [
    [groups.berlin, 'EUR'],
    [groups.newYork, 'USD'],
    [groups.kolkata, 'INR'],
  ] as const) {
    const saved = await settings(group, tou(currency))
    expect(saved.statusCode, saved.body).toBe(200)
  }
})
afterAll(async () => t?.close())
afterEach(() => vi.useRealTimers())

describe('time of use across daylight-saving days (the peak is 15 wall-clock hours)', () => {
  /**
   * Each case: the Sunday the clocks change and the Monday after, as local midnights with their
   * offsets; the Sunday's real hours and off-peak hours (00:00-07:00 plus 22:00-24:00 on its clock:
   * the changes fall at 02:00 or 03:00, inside the off-peak morning).
   */
  const cases = [
    {
      name: 'Europe/Berlin, spring forward (29 Mar 2026, 02:00 -> 03:00)',
      tz: 'Europe/Berlin',
      meter: () => meters.berlin,
      currency: 'EUR',
      days: ['2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00', '2026-03-31T00:00:00+02:00'],
      // 00:00-07:00 has 6 real hours (02:00-03:00 does not exist) + 22:00-24:00 = 8; 8 + 15 = 23.
      hours: 23,
      sundayCost: 4.55,
      // The hour buckets of the Sunday morning: 00, 01, 03, 04, 05, 06.
      morning: ['00', '01', '03', '04', '05', '06'],
      peakStart: '2026-03-29T07:00:00+02:00',
    },
    {
      name: 'Europe/Berlin, fall back (25 Oct 2026, 03:00 -> 02:00)',
      tz: 'Europe/Berlin',
      meter: () => meters.berlin,
      currency: 'EUR',
      days: ['2026-10-25T00:00:00+02:00', '2026-10-26T00:00:00+01:00', '2026-10-27T00:00:00+01:00'],
      // 00:00-07:00 has 8 real hours (02:00-03:00 twice) + 2 = 10; 10 + 15 = 25.
      hours: 25,
      sundayCost: 4.75,
      morning: ['00', '01', '02', '02', '03', '04', '05', '06'],
      peakStart: '2026-10-25T07:00:00+01:00',
    },
    {
      name: 'America/New_York, spring forward (8 Mar 2026, 02:00 -> 03:00)',
      tz: 'America/New_York',
      meter: () => meters.newYork,
      currency: 'USD',
      days: ['2026-03-08T00:00:00-05:00', '2026-03-09T00:00:00-04:00', '2026-03-10T00:00:00-04:00'],
      hours: 23,
      sundayCost: 4.55,
      morning: ['00', '01', '03', '04', '05', '06'],
      peakStart: '2026-03-08T07:00:00-04:00',
    },
    {
      name: 'America/New_York, fall back (1 Nov 2026, 02:00 -> 01:00)',
      tz: 'America/New_York',
      meter: () => meters.newYork,
      currency: 'USD',
      days: ['2026-11-01T00:00:00-04:00', '2026-11-02T00:00:00-05:00', '2026-11-03T00:00:00-05:00'],
      // 00:00-07:00 has 8 real hours (01:00-02:00 twice) + 2 = 10; 10 + 15 = 25.
      hours: 25,
      sundayCost: 4.75,
      morning: ['00', '01', '01', '02', '03', '04', '05', '06'],
      peakStart: '2026-11-01T07:00:00-05:00',
    },
  ]

  it.each(cases)('$name', async (c) => {
    const [sunday, monday, tuesday] = c.days as [string, string, string]
    const meter = c.meter()
    // The Sunday alone: its real hours in kWh, 15 of them at the shoulder price.
    const day = await cumulative(meter, sunday, monday)
    expect(day).toMatchObject({
      kwh: c.hours,
      estimated: false,
      cost: c.sundayCost,
      co2_kg: grams(c.hours * 0.3),
      currency: c.currency,
    })
    // Daily buckets: the Sunday, then a weekday (6.90).
    const daily = await intervals(meter, sunday, tuesday, 'daily', c.tz)
    expect(daily.intervals.map((i: { kwh: number }) => i.kwh)).toEqual([c.hours, 24])
    expect(daily.intervals.map((i: { cost: number }) => i.cost)).toEqual([c.sundayCost, 6.9])
    expect(daily.total_cost).toBe(cents(c.sundayCost + 6.9))
    // Hourly buckets on the local clock: which hours are off-peak, shoulder and peak.
    const hourly = await intervals(meter, sunday, tuesday, 'hourly', c.tz)
    const list = hourly.intervals as Array<{ start: string; cost: number; kwh: number }>
    const off = c.morning.length + 2
    expect(list).toHaveLength(c.hours + 24)
    expect(list.slice(0, c.morning.length).map((i) => i.start.slice(11, 13))).toEqual(c.morning)
    expect(list[c.morning.length]!.start).toBe(c.peakStart)
    expect(list.map((i) => i.cost)).toEqual([
      ...fill(c.morning.length, 0.1), // Sunday 00:00-07:00
      ...fill(15, 0.25), // Sunday 07:00-22:00
      ...fill(2, 0.1), // Sunday 22:00-24:00
      ...fill(7, 0.1), // Monday 00:00-07:00
      ...fill(15, 0.4), // Monday 07:00-22:00
      ...fill(2, 0.1), // Monday 22:00-24:00
    ])
    expect(off + 15).toBe(c.hours)
    // The report compares the Sunday with the Saturday before (24 h, 4.65); a 23- or 25-hour day
    // is one day of standing charge.
    const saturday = new Date(Date.parse(sunday) - 86_400_000).toISOString()
    const r = await report(meter, c.tz, [sunday, monday], [saturday, sunday])
    expect(r.currency).toBe(c.currency)
    expect(r.current).toMatchObject({
      total_kwh: c.hours,
      total_cost: c.sundayCost,
      total_co2_kg: grams(c.hours * 0.3),
      standing_charge: 0.9,
    })
    expect(r.previous).toMatchObject({
      total_kwh: 24,
      total_cost: 4.65,
      total_co2_kg: 7.2,
      standing_charge: 0.9,
    })
    expect(r.change.absolute_cost).toBe(cents(c.sundayCost - 4.65))
    expect(r.devices[0]).toMatchObject({ current_cost: c.sundayCost, previous_cost: 4.65 })
    // Sunday and Monday: two days of standing charge, whatever their hours.
    const two = await report(meter, c.tz, [sunday, tuesday], [saturday, monday])
    expect(two.current).toMatchObject({
      total_cost: cents(c.sundayCost + 6.9),
      standing_charge: 1.8,
    })
  })
})

describe('a billing cycle starting on the 28th (Europe/Berlin)', () => {
  it('answers 422 naming the field and its limit for the 29th, 30th and 31st', async () => {
    const before = await get(
      `/api/v1/groups/${groups.berlin}/energy-settings`,
      'getGroupEnergySettings',
    )
    for (const day of [29, 30, 31]) {
      const response = await settings(groups.berlin, tou('EUR', day))
      expect(response.statusCode, response.body).toBe(422)
      // The contract's bound (1-28), in the words of every bounded number of the API.
      expect(response.json().detail).toEqual([
        {
          loc: ['body', 'billing_cycle_start_day'],
          msg: 'Input should be less than or equal to 28',
          type: 'less_than_equal',
        },
      ])
    }
    // Nothing was written.
    expect(
      await get(`/api/v1/groups/${groups.berlin}/energy-settings`, 'getGroupEnergySettings'),
    ).toEqual(before)
  })

  it('bills 28 Jan to 28 Feb (31 days) and runs from the 28th on the 29th to 31st', async () => {
    expect((await settings(groups.berlin, tou('EUR', 28))).statusCode).toBe(200)
    // 1 Mar: the bill that ended on 28 Feb is the last one.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T12:00:00Z') })
    // 28 Jan (Wed) to 28 Feb (Sat) = 31 days, 744 h: weekdays 28-30 Jan (3) and 2-27 Feb (20) =
    // 23 x 6.90 = 158.70; weekend days 31 Jan, 1 Feb and 6 in Feb = 8 x 4.65 = 37.20; 195.90.
    expect(
      await bill(meters.berlin, 'last-bill', 'getCumulativeConsumptionLastBill'),
    ).toMatchObject({
      start: '2026-01-28T00:00:00+01:00',
      end: '2026-02-28T00:00:00+01:00',
      kwh: 744,
      cost: 195.9,
      co2_kg: 223.2,
      currency: 'EUR',
    })
    // This bill: 28 Feb 00:00 (27 Feb 23:00Z) to now (1 Mar 13:00 local), 37 h: Saturday 4.65,
    // Sunday 00:00-07:00 7 x 0.10 + 07:00-13:00 6 x 0.25 = 0.70 + 1.50; 6.85.
    expect(
      await bill(meters.berlin, 'this-bill', 'getCumulativeConsumptionThisBill'),
    ).toMatchObject({ start: '2026-02-28T00:00:00+01:00', kwh: 37, cost: 6.85 })
    // On the 29th, 30th and 31st the bill that started on the 28th runs on.
    for (const now of ['2026-01-29T12:00:00Z', '2026-01-30T12:00:00Z', '2026-01-31T12:00:00Z']) {
      vi.setSystemTime(new Date(now))
      const answer = await bill(meters.berlin, 'this-bill', 'getCumulativeConsumptionThisBill')
      expect(answer.start).toBe('2026-01-28T00:00:00+01:00')
    }
    // 31 Jan 12:00Z: 28 Jan 00:00 local (27 Jan 23:00Z) to 31 Jan 12:00Z = 85 h: Wed-Fri 3 x 6.90
    // = 20.70, Saturday 00:00-07:00 0.70 + 07:00-13:00 1.50; 22.90.
    expect(
      await bill(meters.berlin, 'this-bill', 'getCumulativeConsumptionThisBill'),
    ).toMatchObject({ kwh: 85, cost: 22.9 })
  })

  it('starts a bill at local midnight of the 28th on the spring-forward weekend', async () => {
    expect((await settings(groups.berlin, tou('EUR', 28))).statusCode).toBe(200)
    // Sunday 29 Mar 12:00Z (14:00 CEST): this bill from 28 Mar 00:00+01:00 (27 Mar 23:00Z), 37 h.
    // Saturday 4.65; Sunday 00:00-07:00 is 6 real hours x 0.10 = 0.60, 07:00-14:00 7 x 0.25 = 1.75;
    // 7.00.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-29T12:00:00Z') })
    expect(
      await bill(meters.berlin, 'this-bill', 'getCumulativeConsumptionThisBill'),
    ).toMatchObject({ start: '2026-03-28T00:00:00+01:00', kwh: 37, cost: 7 })
  })
})

describe('a tariff change mid-bill (Europe/Berlin, cycle on the 28th)', () => {
  it('prices each day at the tariff in force, standing charges included', async () => {
    const change: EnergySettings = {
      ...tou('EUR', 28),
      tariffs: [
        { effective_from: '2026-01-01', standing_charge_per_day: 0.5, price_per_kwh: 0.3 },
        { effective_from: '2026-03-10', standing_charge_per_day: 0.9, windows: WINDOWS },
      ],
    }
    expect((await settings(groups.berlin, change)).statusCode).toBe(200)
    // The bill 28 Feb - 28 Mar (672 h, before the clocks change):
    // 28 Feb - 9 Mar, flat: 10 days x 24 h x 0.30 = 72.00, standing 10 x 0.50 = 5.00;
    // 10 Mar (Tue) - 27 Mar (Fri), time of use: weekdays 10-13, 16-20, 23-27 = 14 x 6.90 = 96.60,
    // weekend days 14, 15, 21, 22 = 4 x 4.65 = 18.60; standing 18 x 0.90 = 16.20.
    // Energy 72.00 + 96.60 + 18.60 = 187.20; standing 5.00 + 16.20 = 21.20.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-30T12:00:00Z') })
    expect(
      await bill(meters.berlin, 'last-bill', 'getCumulativeConsumptionLastBill'),
    ).toMatchObject({
      start: '2026-02-28T00:00:00+01:00',
      end: '2026-03-28T00:00:00+01:00',
      kwh: 672,
      cost: 187.2,
      co2_kg: 201.6,
    })
    vi.useRealTimers()
    // The day before the change (Mon 9 Mar) at 0.30, the day of it (Tue 10 Mar) at time of use.
    const days = await intervals(
      meters.berlin,
      '2026-03-09T00:00:00+01:00',
      '2026-03-11T00:00:00+01:00',
      'daily',
      'Europe/Berlin',
    )
    expect(days.intervals.map((i: { cost: number }) => i.cost)).toEqual([7.2, 6.9])
    // Bill against bill: 28 Jan - 28 Feb all flat, 744 h x 0.30 = 223.20, standing 31 x 0.50 =
    // 15.50. Change 187.20 - 223.20 = -36.00.
    const r = await report(
      meters.berlin,
      'Europe/Berlin',
      ['2026-02-28T00:00:00+01:00', '2026-03-28T00:00:00+01:00'],
      ['2026-01-28T00:00:00+01:00', '2026-02-28T00:00:00+01:00'],
    )
    expect(r.current).toMatchObject({ total_kwh: 672, total_cost: 187.2, standing_charge: 21.2 })
    expect(r.previous).toMatchObject({ total_kwh: 744, total_cost: 223.2, standing_charge: 15.5 })
    expect(r.change).toMatchObject({ absolute_cost: -36, absolute_co2_kg: -21.6 })
    // The CSV beside it rebuilds the bill: the devices' energy plus the standing charges.
    const csv = await t.call(su, {
      method: 'GET',
      url: '/api/v1/reports/energy.csv',
      query: {
        current_start: '2026-02-28T00:00:00+01:00',
        current_end: '2026-03-28T00:00:00+01:00',
        previous_start: '2026-01-28T00:00:00+01:00',
        previous_end: '2026-02-28T00:00:00+01:00',
        device_ids: [meters.berlin],
        timezone: 'Europe/Berlin',
        granularity: 'daily',
      },
    })
    expect(csv.statusCode, csv.body).toBe(200)
    const lines = csv.body.split('\r\n').slice(-4, -1)
    expect(lines).toEqual([
      // The peak columns are empty on the total line; the cost parts follow them.
      `total,,672,744,-72,-9.68,744,187.2,223.2,201.6,223.2,EUR,,,,${','.repeat(8)},187.2,0,0,223.2,0,0`,
      `standing_charge,,,,,,,21.2,15.5,,,EUR${','.repeat(18)}`,
      `bill,,,,,,,208.4,238.7,,,EUR${','.repeat(18)}`,
    ])
  })

  it('changes the emission factor on its own date, inside the same bill', async () => {
    const factors: EnergySettings = {
      ...tou('EUR', 28),
      emission_factors: [
        { effective_from: '2026-01-01', g_co2e_per_kwh: 300 },
        { effective_from: '2026-03-20', g_co2e_per_kwh: 200 },
      ],
    }
    expect((await settings(groups.berlin, factors)).statusCode).toBe(200)
    // 28 Feb - 19 Mar: 20 days x 24 kWh x 0.3 kg = 144.0; 20 - 27 Mar: 8 x 24 x 0.2 = 38.4.
    // The tariff is the same throughout: 28 Feb - 27 Mar has 20 weekdays (2-6, 9-13, 16-20,
    // 23-27 Mar) x 6.90 = 138.00 and 8 weekend days x 4.65 = 37.20; 175.20.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-30T12:00:00Z') })
    expect(
      await bill(meters.berlin, 'last-bill', 'getCumulativeConsumptionLastBill'),
    ).toMatchObject({ kwh: 672, cost: 175.2, co2_kg: 182.4 })
  })

  it('has no cost for a span that begins before the first tariff, but its CO2', async () => {
    const late: EnergySettings = {
      ...tou('EUR', 28),
      tariffs: [{ effective_from: '2026-01-25', standing_charge_per_day: 0.5, price_per_kwh: 0.3 }],
    }
    expect((await settings(groups.berlin, late)).statusCode).toBe(200)
    // 24 Jan has no price: 24-25 Jan is 48 kWh, 14.4 kg, and no cost (a partial cost is none).
    expect(
      await cumulative(meters.berlin, '2026-01-24T00:00:00+01:00', '2026-01-26T00:00:00+01:00'),
    ).toMatchObject({ kwh: 48, cost: null, co2_kg: 14.4, currency: 'EUR' })
    // 25 Jan alone: 24 kWh x 0.30 = 7.20.
    expect(
      await cumulative(meters.berlin, '2026-01-25T00:00:00+01:00', '2026-01-26T00:00:00+01:00'),
    ).toMatchObject({ kwh: 24, cost: 7.2, co2_kg: 7.2 })
  })
})

describe('a half-hour zone (Asia/Kolkata, +05:30)', () => {
  it("prices the group's local hours, read in UTC hours that straddle them", async () => {
    // Monday 1 Jun 2026 in Kolkata: 31 May 18:30Z to 1 Jun 18:30Z, a weekday: 6.90 rupees.
    const day = await cumulative(
      meters.kolkata,
      '2026-06-01T00:00:00+05:30',
      '2026-06-02T00:00:00+05:30',
    )
    expect(day).toMatchObject({
      kwh: 24,
      estimated: false,
      cost: 6.9,
      co2_kg: 7.2,
      currency: 'INR',
    })
    // The same day in UTC hours, 31 May 18:00Z to 1 Jun 19:00Z: the peak runs 07:00-22:00 in
    // Kolkata = 01:30Z-16:30Z, so the 01:00Z and 16:00Z hours are half peak, half off-peak
    // (0.5 x 0.40 + 0.5 x 0.10 = 0.25). 18:00Z-01:00Z: 7 x 0.10; 02:00Z-16:00Z: 14 x 0.40;
    // 17:00Z, 18:00Z: 2 x 0.10. Total 0.70 + 0.25 + 5.60 + 0.25 + 0.20 = 7.00 (the Kolkata day's
    // 6.90 and a half hour of 0.10 on each side).
    const hourly = await intervals(
      meters.kolkata,
      '2026-05-31T18:00:00Z',
      '2026-06-01T19:00:00Z',
      'hourly',
      'UTC',
    )
    expect(hourly.intervals.map((i: { cost: number }) => i.cost)).toEqual([
      ...fill(7, 0.1),
      0.25,
      ...fill(14, 0.4),
      0.25,
      ...fill(2, 0.1),
    ])
    expect(hourly.total_cost).toBe(7)
    // The week Mon 1 - Mon 8 Jun in Kolkata days: 5 x 6.90 + 2 x 4.65 = 43.80, standing 7 x 0.90.
    const week = ['2026-06-01T00:00:00+05:30', '2026-06-08T00:00:00+05:30']
    const daily = await intervals(meters.kolkata, week[0]!, week[1]!, 'daily', 'Asia/Kolkata')
    expect(daily.intervals.map((i: { cost: number }) => i.cost)).toEqual([
      ...fill(5, 6.9),
      ...fill(2, 4.65),
    ])
    const r = await report(meters.kolkata, 'Asia/Kolkata', week, [
      '2026-05-31T00:00:00+05:30',
      '2026-06-01T00:00:00+05:30',
    ])
    expect(r.currency).toBe('INR')
    expect(r.current).toMatchObject({ total_kwh: 168, total_cost: 43.8, standing_charge: 6.3 })
    // The Sunday before: data from 30 May 00:00Z, so all 24 of its hours: 4.65.
    expect(r.previous).toMatchObject({ total_kwh: 24, total_cost: 4.65, standing_charge: 0.9 })
  })
})
