import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { EnergySettings } from '~/api/__generated__/types.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { billWindow, isoIn } from '~/server/modules/energy/windows.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { expectAudited } from '../../helpers/audit.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { responseValidator } from '../../helpers/spec.ts'

/**
 * Issue 26: a group's billing cycle, tariffs and emission factors (GET/PUT energy-settings), and
 * the bill presets. Hand-computed: group A in Europe/Berlin, a meter rising 1 kWh every hour on
 * the hour from 2026-02-25 to 2026-05-01 UTC; the cycle starts on the 28th.
 */
let t: TestApp
let admin: Session
let meter = ''
const validate = responseValidator()
const HOUR = 3_600_000

const FLAT: EnergySettings = {
  billing_cycle_start_day: 28,
  currency: 'EUR',
  credit_export_co2: false,
  tariffs: [{ effective_from: '2026-01-01', standing_charge_per_day: 0.5, price_per_kwh: 0.3 }],
  emission_factors: [{ effective_from: '2026-01-01', g_co2e_per_kwh: 400 }],
}

const settingsUrl = (group: string) => `/api/v1/groups/${group}/energy-settings`

async function put(session: Session, group: string, body: unknown) {
  return t.call(session, {
    method: 'PUT',
    url: settingsUrl(group),
    payload: body as object,
    headers: { 'content-type': 'application/json' },
  })
}

beforeAll(async () => {
  t = await build()
  admin = await t.as('admin')
  await t.db.query(`UPDATE groups SET timezone = 'Europe/Berlin' WHERE id = $1`, [t.fx.groups.A])
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Bill meter', 'BILL-1'],
  )
  meter = rows[0]!.id
  const readings: NewReading[] = []
  const from = Date.parse('2026-02-25T00:00:00Z')
  for (let ms = from, kwh = 1000; ms <= Date.parse('2026-05-01T00:00:00Z'); ms += HOUR, kwh++)
    readings.push({ deviceId: meter, ts: new Date(ms), kwh })
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, readings))
})
afterAll(async () => t?.close())
afterEach(() => vi.useRealTimers())

describe('energy settings', () => {
  it('answers the defaults, saves a whole replacement and audits each change', async () => {
    const user = await t.as('user')
    const before = await t.call(user, { method: 'GET', url: settingsUrl(t.fx.groups.A) })
    expect(before.statusCode).toBe(200)
    expect(before.json()).toEqual({
      billing_cycle_start_day: 1,
      currency: null,
      credit_export_co2: false,
      tariffs: [],
      emission_factors: [],
    })
    const saved = await put(admin, t.fx.groups.A, FLAT)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(validate('updateGroupEnergySettings', 200, 'application/json', saved.json())).toEqual([])
    expect(saved.json()).toEqual(FLAT)
    const read = await t.call(user, { method: 'GET', url: settingsUrl(t.fx.groups.A) })
    expect(read.json()).toEqual(FLAT)
    const audit = await expectAudited(t, ['group.energy_settings.update'])
    const entry = audit.findLast((e) => e.action === 'group.energy_settings.update')!
    expect(entry.changed).toEqual([
      'billing_cycle_start_day',
      'currency',
      'tariffs',
      'emission_factors',
    ])
    expect(entry.group_id).toBe(t.fx.groups.A)
  })

  it("keeps each group's settings to the group: other tenants get 404 and 403, users 403", async () => {
    const admin2 = await t.as('admin2')
    expect(
      (await t.call(admin2, { method: 'GET', url: settingsUrl(t.fx.groups.A) })).statusCode,
    ).toBe(404)
    expect((await put(admin2, t.fx.groups.A, FLAT)).statusCode).toBe(403)
    expect((await put(await t.as('user'), t.fx.groups.A, FLAT)).statusCode).toBe(403)
    const superuser = await t.as('superuser')
    expect(
      (await put(superuser, t.fx.groups.B, { ...FLAT, billing_cycle_start_day: 3 })).statusCode,
    ).toBe(200)
  })

  const refused = async (body: unknown, message: RegExp) => {
    const response = await put(admin, t.fx.groups.A, body)
    expect(response.statusCode, response.body).toBe(422)
    expect(JSON.stringify(response.json().detail)).toMatch(message)
  }

  it('refuses start days 29 to 31 and 0, but takes the 28th', async () => {
    for (const day of [29, 31, 0])
      await refused({ ...FLAT, billing_cycle_start_day: day }, /billing_cycle_start_day/)
    expect((await put(admin, t.fx.groups.A, FLAT)).json().billing_cycle_start_day).toBe(28)
  })

  it('refuses bad tariffs with a message naming the problem', async () => {
    const tou = (windows: unknown[]) => ({
      ...FLAT,
      tariffs: [{ effective_from: '2026-01-01', standing_charge_per_day: 0, windows }],
    })
    const all = { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00', price_per_kwh: 0.2 }
    const peak = { days: [1, 2, 3, 4, 5], start: '07:00', end: '22:00', price_per_kwh: 0.4 }
    await refused({ ...FLAT, currency: 'XYZ' }, /Unknown ISO 4217 currency: XYZ/)
    await refused({ ...FLAT, currency: null }, /currency of the tariffs/)
    await refused(
      tou([peak, all]),
      /Windows 1 \(Mon-Fri 07:00-22:00\) and 2 \(Mon-Sun 00:00-24:00\) overlap on Monday from 07:00 to 22:00/,
    )
    await refused(tou([peak]), /leave Monday 00:00 to 07:00 without a price/)
    await refused(tou([{ ...all, start: '07:15' }]), /on the hour or half hour/)
    await refused(tou([{ ...all, start: '22:00', end: '07:00' }]), /ends before it starts/)
    await refused(
      { ...FLAT, tariffs: [{ ...FLAT.tariffs[0], windows: [all] }] },
      /either one price_per_kwh or time-of-use windows/,
    )
    await refused(
      { ...FLAT, emission_factors: [...FLAT.emission_factors, ...FLAT.emission_factors] },
      /Entries 1 and 2 both take effect on 2026-01-01/,
    )
    // Nothing was written by the refused requests.
    expect(
      (await t.call(admin, { method: 'GET', url: settingsUrl(t.fx.groups.A) })).json(),
    ).toEqual(FLAT)
  })
})

describe('bills', () => {
  it('runs a cycle on the 28th from local midnight to local midnight, across DST', () => {
    const berlin = 'Europe/Berlin'
    const at = (iso: string, preset: 'this_bill' | 'last_bill' | 'bill_year_ago', day = 28) => {
      const w = billWindow(preset, day, berlin, new Date(iso))
      return [isoIn(w.start, berlin), isoIn(w.end, berlin)]
    }
    // 27 Mar 23:30 Berlin is still February's bill; 28 Mar 00:00 starts March's.
    expect(at('2026-03-27T22:30:00Z', 'this_bill')[0]).toBe('2026-02-28T00:00:00+01:00')
    expect(at('2026-03-27T23:00:00Z', 'this_bill')[0]).toBe('2026-03-28T00:00:00+01:00')
    // The bill across spring-forward: 28 Mar to 28 Apr, 743 hours.
    expect(at('2026-04-30T12:00:00Z', 'last_bill')).toEqual([
      '2026-03-28T00:00:00+01:00',
      '2026-04-28T00:00:00+02:00',
    ])
    expect(at('2026-04-30T12:00:00Z', 'bill_year_ago')).toEqual([
      '2025-04-28T00:00:00+02:00',
      '2025-05-28T00:00:00+02:00',
    ])
    // January's day 31 does not exist in February: a cycle on the 28th never needs clamping.
    expect(at('2026-03-01T12:00:00Z', 'last_bill')).toEqual([
      '2026-01-28T00:00:00+01:00',
      '2026-02-28T00:00:00+01:00',
    ])
  })

  it('answers this bill, last bill and the bill a year ago in the group timezone', async () => {
    await put(admin, t.fx.groups.A, FLAT)
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-30T12:00:00Z') })
    const get = async (slug: string, operation: string) => {
      const response = await t.call(admin, {
        method: 'GET',
        url: `/api/v1/devices/${meter}/consumption/cumulative/${slug}`,
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(validate(operation, 200, 'application/json', response.json())).toEqual([])
      return response.json()
    }
    const last = await get('last-bill', 'getCumulativeConsumptionLastBill')
    expect(last).toMatchObject({
      start: '2026-03-28T00:00:00+01:00',
      end: '2026-04-28T00:00:00+02:00',
      timezone: 'Europe/Berlin',
      kwh: 743,
      estimated: false,
    })
    // 28 Apr 00:00 Berlin (27 Apr 22:00 UTC) to 30 Apr 12:00 UTC: 62 hours.
    const now = await get('this-bill', 'getCumulativeConsumptionThisBill')
    expect(now).toMatchObject({ start: '2026-04-28T00:00:00+02:00', kwh: 62 })
    const old = await get('bill-year-ago', 'getCumulativeConsumptionBillYearAgo')
    expect(old).toMatchObject({ start: '2025-04-28T00:00:00+02:00', kwh: null })
  })
})

describe('cost and CO2 (hand-computed: 1 kWh every hour, 400 g/kWh)', () => {
  const allWeek = [1, 2, 3, 4, 5, 6, 7]
  const tou = (peak: number, off: number) => ({
    ...FLAT,
    tariffs: [
      {
        effective_from: '2026-01-01',
        standing_charge_per_day: 1,
        windows: [
          { days: allWeek, start: '00:00', end: '07:00', price_per_kwh: off },
          { days: allWeek, start: '07:00', end: '22:00', price_per_kwh: peak },
          { days: allWeek, start: '22:00', end: '24:00', price_per_kwh: off },
        ],
      },
    ],
  })
  const window = async (start: string, end: string) => {
    const response = await t.call(admin, {
      method: 'GET',
      url: `/api/v1/devices/${meter}/consumption/cumulative`,
      query: { start_datetime: start, end_datetime: end },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(validate('getCumulativeConsumption', 200, 'application/json', response.json())).toEqual(
      [],
    )
    return response.json()
  }

  it('prices a peak of 07:00-22:00 on the spring-forward day in Berlin as 15 hours', async () => {
    expect((await put(admin, t.fx.groups.A, tou(1, 0.1))).statusCode).toBe(200)
    // 29 Mar 2026 in Berlin has 23 hours: 15 at 1.00, 8 at 0.10.
    const day = await window('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z')
    expect(day).toMatchObject({ kwh: 23, cost: 15.8, co2_kg: 9.2, currency: 'EUR' })
    const intervals = await t.call(admin, {
      method: 'GET',
      url: `/api/v1/devices/${meter}/consumption/intervals`,
      query: {
        start_datetime: '2026-03-28T23:00:00Z',
        end_datetime: '2026-03-29T22:00:00Z',
        granularity: 'hourly',
        timezone: 'Europe/Berlin',
      },
    })
    const body = intervals.json()
    expect(body.total_cost).toBe(15.8)
    expect(body.intervals.filter((i: { cost: number }) => i.cost === 1)).toHaveLength(15)
  })

  it('prices a tariff change mid-bill at each tariff, day by day', async () => {
    const change = {
      ...FLAT,
      tariffs: [
        ...FLAT.tariffs,
        { effective_from: '2026-04-10', standing_charge_per_day: 0.5, price_per_kwh: 0.5 },
      ],
    }
    expect((await put(admin, t.fx.groups.A, change)).statusCode).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-30T12:00:00Z') })
    const response = await t.call(admin, {
      method: 'GET',
      url: `/api/v1/devices/${meter}/consumption/cumulative/last-bill`,
    })
    // 28 Mar - 10 Apr: 311 h at 0.30 = 93.30; 10 Apr - 28 Apr: 432 h at 0.50 = 216.
    expect(response.json()).toMatchObject({ kwh: 743, cost: 309.3, co2_kg: 297.2 })
  })

  it('prices local half hours in Asia/Kolkata (+05:30), and answers null without a tariff', async () => {
    await t.db.query(`UPDATE groups SET timezone = 'Asia/Kolkata' WHERE id = $1`, [t.fx.groups.A])
    try {
      expect((await put(admin, t.fx.groups.A, tou(1, 0))).statusCode).toBe(200)
      // 15 Apr in Kolkata: 07:00-22:00 local is 01:30-16:30 UTC, 15 of the day's 24 kWh.
      const day = await window('2026-04-14T18:30:00Z', '2026-04-15T18:30:00Z')
      expect(day).toMatchObject({ kwh: 24, cost: 15, co2_kg: 9.6 })
      expect((await put(admin, t.fx.groups.A, { ...FLAT, tariffs: [] })).statusCode).toBe(200)
      expect(await window('2026-04-14T18:30:00Z', '2026-04-15T18:30:00Z')).toMatchObject({
        kwh: 24,
        cost: null,
        co2_kg: 9.6,
      })
    } finally {
      await t.db.query(`UPDATE groups SET timezone = 'Europe/Berlin' WHERE id = $1`, [
        t.fx.groups.A,
      ])
    }
  })
})

describe('one window, one figure', () => {
  it("gives a month's intervals the total cost of the month's cumulative figure", async () => {
    // 24 kWh a day at 0.12345: each day costs 2.9628, shown 2.96; the 30 days of April cost
    // 88.884, shown 88.88, where adding the shown days up gives 88.80.
    const price = { ...FLAT, tariffs: [{ ...FLAT.tariffs[0]!, price_per_kwh: 0.12345 }] }
    expect((await put(admin, t.fx.groups.A, price)).statusCode).toBe(200)
    const month = {
      start_datetime: '2026-04-01T00:00:00+02:00',
      end_datetime: '2026-05-01T00:00:00+02:00',
    }
    const cumulative = await t.call(admin, {
      method: 'GET',
      url: `/api/v1/devices/${meter}/consumption/cumulative`,
      query: month,
    })
    expect(cumulative.json()).toMatchObject({ kwh: 720, cost: 88.88 })
    const intervals = await t.call(admin, {
      method: 'GET',
      url: `/api/v1/devices/${meter}/consumption/intervals`,
      query: { ...month, granularity: 'daily', timezone: 'Europe/Berlin' },
    })
    expect(intervals.statusCode, intervals.body).toBe(200)
    const body = intervals.json()
    expect(validate('getConsumptionIntervals', 200, 'application/json', body)).toEqual([])
    expect(body.intervals.map((i: { cost: number }) => i.cost)).toEqual(Array(30).fill(2.96))
    expect(body).toMatchObject({ total_kwh: 720, total_cost: 88.88, total_co2_kg: 288 })
  })
})
