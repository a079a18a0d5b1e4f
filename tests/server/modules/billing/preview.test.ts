import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { billTotal } from '~/common/bill.ts'
import type {
  BillChange,
  EnergyReport,
  EnergySettings,
  EnergySettingsPreview,
} from '~/api/__generated__/types.gen.ts'
import { SYSTEM, type DbScope } from '~/server/db/database.ts'
import { billsRepository } from '~/server/modules/billing/bills-repository.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { responseValidator } from '../../helpers/spec.ts'

/**
 * Issue 32: before saving energy settings, which closed bills the change re-prices
 * (POST energy-settings/preview). Group A in Europe/Berlin, its cycle on the 28th, a meter rising
 * 1 kWh every hour on the hour from 2026-02-25 to 2026-05-01 UTC, now 30 Apr 2026 12:00 UTC: the
 * closed bills are 28 Dec-28 Jan, 28 Jan-28 Feb, 28 Feb-28 Mar and 28 Mar-28 Apr (743 hours,
 * across spring-forward), the running one began 28 Apr. Hand-computed where it says so, and every
 * figure compared with the bill the energy report gives for the same cycle.
 */
let t: TestApp
let admin: Session
const validate = responseValidator()
const HOUR = 3_600_000
const NOW = new Date('2026-04-30T12:00:00Z')

const FLAT: EnergySettings = {
  billing_cycle_start_day: 28,
  currency: 'EUR',
  credit_export_co2: false,
  tariffs: [{ effective_from: '2026-01-01', standing_charge_per_day: 0.5, price_per_kwh: 0.3 }],
  emission_factors: [{ effective_from: '2026-01-01', g_co2e_per_kwh: 400 }],
}
const withTariff = (effective_from: string, price_per_kwh = 0.4): EnergySettings => ({
  ...FLAT,
  tariffs: [...FLAT.tariffs, { effective_from, standing_charge_per_day: 0.5, price_per_kwh }],
})

const settingsUrl = (group: string) => `/api/v1/groups/${group}/energy-settings`
const json = { 'content-type': 'application/json' }

const preview = (session: Session, group: string, body: unknown) =>
  t.call(session, {
    method: 'POST',
    url: `${settingsUrl(group)}/preview`,
    payload: body as object,
    headers: json,
  })

async function previewed(body: EnergySettings): Promise<EnergySettingsPreview> {
  const response = await preview(admin, t.fx.groups.A, body)
  expect(response.statusCode, response.body).toBe(200)
  expect(validate('previewGroupEnergySettings', 200, 'application/json', response.json())).toEqual(
    [],
  )
  return response.json()
}

async function save(body: EnergySettings) {
  const response = await t.call(admin, {
    method: 'PUT',
    url: settingsUrl(t.fx.groups.A),
    payload: body,
    headers: json,
  })
  expect(response.statusCode, response.body).toBe(200)
}

/** The bill the console shows for a cycle: the energy report over it (energy + standing). */
async function billOf(start: string, end: string) {
  const query = new URLSearchParams({
    current_start: start,
    current_end: end,
    previous_start: '2025-01-01T00:00:00Z',
    previous_end: '2025-02-01T00:00:00Z',
    timezone: 'Europe/Berlin',
    granularity: 'monthly',
  })
  const response = await t.call(admin, { method: 'GET', url: `/api/v1/reports/energy?${query}` })
  expect(response.statusCode, response.body).toBe(200)
  const { current } = response.json() as EnergyReport
  const parts = current.cost_breakdown
  return {
    energy_charge: parts?.energy ?? current.total_cost,
    feed_in_credit: parts?.feed_in_credit ?? current.total_cost,
    demand_charge: parts?.demand ?? current.total_cost,
    standing_charge: current.standing_charge,
    total: billTotal(current.total_cost, current.standing_charge),
  }
}

const periods = (bills: BillChange[]) => bills.map((b) => [b.start, b.end])

beforeAll(async () => {
  t = await build()
  admin = await t.as('admin')
  await t.db.query(`UPDATE groups SET timezone = 'Europe/Berlin' WHERE id = $1`, [t.fx.groups.A])
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Bill meter', 'BILL-1'],
  )
  const readings: NewReading[] = []
  const from = Date.parse('2026-02-25T00:00:00Z')
  for (let ms = from, kwh = 1000; ms <= Date.parse('2026-05-01T00:00:00Z'); ms += HOUR, kwh++)
    readings.push({ deviceId: rows[0]!.id, ts: new Date(ms), kwh })
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, readings))
})
afterAll(async () => t?.close())
afterEach(async () => {
  vi.useRealTimers()
  await save(FLAT)
})

describe('preview of a change to energy settings', () => {
  it('lists exactly the two closed bills a new price from 1 March re-prices, as the bills give them', async () => {
    await save(FLAT)
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    const proposed = withTariff('2026-03-01')
    const answer = await previewed(proposed)
    expect(answer).toMatchObject({
      timezone: 'Europe/Berlin',
      current_cycle_start: '2026-04-28',
      recut: false,
      currency_before: 'EUR',
      currency_after: 'EUR',
    })
    expect(periods(answer.bills)).toEqual([
      ['2026-02-28T00:00:00+01:00', '2026-03-28T00:00:00+01:00'],
      ['2026-03-28T00:00:00+01:00', '2026-04-28T00:00:00+02:00'],
    ])
    // Hand-computed. 28 Feb-28 Mar: 672 kWh, 24 of them on 28 Feb at 0.30, 648 at 0.40 after;
    // 28 standing days at 0.50. 28 Mar-28 Apr: 743 kWh, 31 standing days.
    expect(answer.bills.map((b) => [b.before, b.after])).toEqual([
      [
        {
          energy_charge: 201.6,
          feed_in_credit: 0,
          demand_charge: 0,
          standing_charge: 14,
          total: 215.6,
        },
        {
          energy_charge: 266.4,
          feed_in_credit: 0,
          demand_charge: 0,
          standing_charge: 14,
          total: 280.4,
        },
      ],
      [
        {
          energy_charge: 222.9,
          feed_in_credit: 0,
          demand_charge: 0,
          standing_charge: 15.5,
          total: 238.4,
        },
        {
          energy_charge: 297.2,
          feed_in_credit: 0,
          demand_charge: 0,
          standing_charge: 15.5,
          total: 312.7,
        },
      ],
    ])
    // The bills as the console shows them now are the `before`, and nothing was saved.
    for (const bill of answer.bills) expect(await billOf(bill.start, bill.end)).toEqual(bill.before)
    const untouched = await t.call(admin, { method: 'GET', url: settingsUrl(t.fx.groups.A) })
    expect(untouched.json()).toEqual(FLAT)
    const january = ['2026-01-28T00:00:00+01:00', '2026-02-28T00:00:00+01:00'] as const
    const januaryBefore = await billOf(...january)
    // Once saved, the bills show the `after`; the bill not listed keeps its total.
    await save(proposed)
    for (const bill of answer.bills) expect(await billOf(bill.start, bill.end)).toEqual(bill.after)
    expect(await billOf(...january)).toEqual(januaryBefore)
  })

  it('lists none for a new price from the running cycle, and the last bill for one a day earlier', async () => {
    await save(FLAT)
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    const running = await previewed(withTariff('2026-04-28'))
    expect(running.bills).toEqual([])
    const dayEarlier = await previewed(withTariff('2026-04-27'))
    expect(periods(dayEarlier.bills)).toEqual([
      ['2026-03-28T00:00:00+01:00', '2026-04-28T00:00:00+02:00'],
    ])
    // 27 Apr (Berlin) at 0.40: 24 kWh, 2.40 more.
    expect(dayEarlier.bills[0]!.after!.total).toBe(240.8)
    // Emission factors never change a bill; the same settings change none.
    expect((await previewed({ ...FLAT, emission_factors: [] })).bills).toEqual([])
    expect((await previewed(FLAT)).bills).toEqual([])
  })

  it('lists every closed bill with a total for a new currency or a new start day', async () => {
    await save(FLAT)
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    const closed = [
      ['2025-12-28T00:00:00+01:00', '2026-01-28T00:00:00+01:00'],
      ['2026-01-28T00:00:00+01:00', '2026-02-28T00:00:00+01:00'],
      ['2026-02-28T00:00:00+01:00', '2026-03-28T00:00:00+01:00'],
      ['2026-03-28T00:00:00+01:00', '2026-04-28T00:00:00+02:00'],
    ]
    const dollars = await previewed({ ...FLAT, currency: 'USD' })
    expect(dollars).toMatchObject({ currency_before: 'EUR', currency_after: 'USD', recut: false })
    expect(periods(dollars.bills)).toEqual(closed)
    for (const bill of dollars.bills) expect(bill.after).toEqual(bill.before)
    // The first bill holds the first tariff's date: standing charges from 1 Jan only, no kWh.
    expect(dollars.bills[0]!.before).toEqual({
      energy_charge: 0,
      feed_in_credit: 0,
      demand_charge: 0,
      standing_charge: 13.5,
      total: 13.5,
    })
    const recut = await previewed({ ...FLAT, billing_cycle_start_day: 1 })
    expect(recut.recut).toBe(true)
    expect(periods(recut.bills)).toEqual(closed)
    expect(recut.bills.every((b) => b.after === null)).toBe(true)
    // Without any tariff saved, no closed bill has a total: a first tariff re-prices none.
    await save({ ...FLAT, currency: null, tariffs: [] })
    expect((await previewed(FLAT)).bills).toEqual([])
  })

  it('refuses users and other tenants as a save does; unknown groups are 404', async () => {
    const user = await t.as('user')
    expect((await preview(user, t.fx.groups.A, FLAT)).statusCode).toBe(403)
    const admin2 = await t.as('admin2')
    const foreign = await preview(admin2, t.fx.groups.A, FLAT)
    expect(foreign.statusCode).toBe(403)
    expect(foreign.body).not.toContain('total')
    const developer = await t.as('developer')
    const missing = await preview(developer, '00000000-0000-4000-8000-00000000abcd', FLAT)
    expect(missing.statusCode).toBe(404)
    const superuser = await t.as('superuser')
    expect((await preview(superuser, t.fx.groups.B, FLAT)).statusCode).toBe(200)
  })

  it('answers over a real connection (a POST whose body was read is no client that left)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as { port: number }
    const response = await fetch(`http://127.0.0.1:${port}${settingsUrl(t.fx.groups.A)}/preview`, {
      method: 'POST',
      headers: { ...json, cookie: admin.cookie, 'x-request-id': 'preview-over-http' },
      body: JSON.stringify(withTariff('2026-03-01')),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(((await response.json()) as EnergySettingsPreview).recut).toBe(false)
  })

  it("row-level security: a tenant's transaction sees no other group or its devices", async () => {
    const tenant = (groupId: string): DbScope => ({
      kind: 'tenant',
      groupId,
      all: false,
      userId: t.fx.users.admin,
      role: 'admin',
    })
    const asA = (group: string) =>
      t.db.transaction(tenant(t.fx.groups.A), (tx) => billsRepository(tx).group(group))
    expect(await asA(t.fx.groups.B)).toBeNull()
    const own = await asA(t.fx.groups.A)
    expect(own?.timezone).toBe('Europe/Berlin')
    expect(own?.devices).toHaveLength(t.fx.devicesOf.A.length + 1)
    expect(own?.devices.some((d) => t.fx.devicesOf.B.includes(d))).toBe(false)
  })

  it('refuses bad settings with the save’s 4xx and its words, writing nothing', async () => {
    const refused = async (body: unknown, status: number, message: RegExp) => {
      const response = await preview(admin, t.fx.groups.A, body)
      expect(response.statusCode, response.body).toBe(status)
      expect(JSON.stringify(response.json().detail)).toMatch(message)
    }
    await refused({ ...FLAT, billing_cycle_start_day: 29 }, 422, /billing_cycle_start_day/)
    await refused({ ...FLAT, currency: 'XYZ' }, 422, /Unknown ISO 4217 currency: XYZ/)
    await refused(
      { ...FLAT, tariffs: [...FLAT.tariffs, ...FLAT.tariffs] },
      422,
      /Entries 1 and 2 both take effect on 2026-01-01/,
    )
    await refused({ ...FLAT, tariffs: undefined }, 422, /tariffs/)
    const malformed = await t.call(admin, {
      method: 'POST',
      url: `${settingsUrl(t.fx.groups.A)}/preview`,
      payload: '{"billing_cycle_start_day": 1,',
      headers: json,
    })
    expect(malformed.statusCode).toBe(400)
    const read = await t.call(admin, { method: 'GET', url: settingsUrl(t.fx.groups.A) })
    expect(read.json()).toEqual(FLAT)
  })
})
