import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  EnergySettings,
  EnergySettingsInput,
  TariffWindow,
} from '~/api/__generated__/types.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { insertReadings, type NewReading } from '~/server/modules/readings/readings-repository.ts'
import { auditEntries } from '../../helpers/audit.ts'
import { build, type Session, type TestApp } from '../../helpers/build.ts'
import { responseValidator } from '../../helpers/spec.ts'

/**
 * Issue 35: a tariff's feed-in prices and demand charge, and the group's `credit_export_co2`
 * (GET/PUT energy-settings and the preview). Group A in Europe/Berlin; a meter rising 1 kWh every
 * hour from 2026-03-01 to 2026-03-08 UTC, so the import figures can be checked unchanged.
 */
let t: TestApp
let admin: Session
let meter = ''
const validate = responseValidator()
const HOUR = 3_600_000

const all = [1, 2, 3, 4, 5, 6, 7]
const windows = (feedIn?: [number, number]): TariffWindow[] =>
  [
    { days: all, start: '00:00', end: '07:00', price_per_kwh: 0.2 },
    { days: all, start: '07:00', end: '22:00', price_per_kwh: 0.4 },
    { days: all, start: '22:00', end: '24:00', price_per_kwh: 0.2 },
  ].map((w, i) => (feedIn ? { ...w, feed_in_price_per_kwh: i === 1 ? feedIn[0] : feedIn[1] } : w))

/** A flat tariff with one feed-in price and a Flemish demand charge, then time of use. */
const TWO_WAY: EnergySettings = {
  billing_cycle_start_day: 1,
  currency: 'EUR',
  credit_export_co2: true,
  tariffs: [
    {
      effective_from: '2026-01-01',
      standing_charge_per_day: 0.25,
      price_per_kwh: 0.3,
      feed_in_price_per_kwh: 0.04,
      demand_charge: { price_per_kw: 4.36, basis: 'rolling_mean_12', floor_kw: 2.5 },
    },
    {
      effective_from: '2026-03-04',
      standing_charge_per_day: 0.25,
      windows: windows([0.1, 0.03]),
      demand_charge: { price_per_kw: 5, basis: 'bill_peak' },
    },
  ],
  emission_factors: [{ effective_from: '2026-01-01', g_co2e_per_kwh: 300 }],
}
/** The same import prices, without anything of issue 35. */
const ONE_WAY: EnergySettings = {
  ...TWO_WAY,
  credit_export_co2: false,
  tariffs: [
    { effective_from: '2026-01-01', standing_charge_per_day: 0.25, price_per_kwh: 0.3 },
    { effective_from: '2026-03-04', standing_charge_per_day: 0.25, windows: windows() },
  ],
}

const settingsUrl = (group: string) => `/api/v1/groups/${group}/energy-settings`
const json = { 'content-type': 'application/json' }
const put = (session: Session, group: string, body: unknown) =>
  t.call(session, {
    method: 'PUT',
    url: settingsUrl(group),
    payload: body as object,
    headers: json,
  })
const preview = (session: Session, group: string, body: unknown) =>
  t.call(session, {
    method: 'POST',
    url: `${settingsUrl(group)}/preview`,
    payload: body as object,
    headers: json,
  })
const read = async (group = t.fx.groups.A, session = admin) =>
  (await t.call(session, { method: 'GET', url: settingsUrl(group) })).json() as EnergySettings

beforeAll(async () => {
  t = await build()
  admin = await t.as('admin')
  await t.db.query(`UPDATE groups SET timezone = 'Europe/Berlin' WHERE id = $1`, [t.fx.groups.A])
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO devices (group_id, name, serial_number) VALUES ($1, $2, $3) RETURNING id',
    [t.fx.groups.A, 'Two-way meter', 'TWO-WAY-1'],
  )
  meter = rows[0]!.id
  const readings: NewReading[] = []
  const from = Date.parse('2026-03-01T00:00:00Z')
  for (let ms = from, kwh = 500; ms <= Date.parse('2026-03-08T00:00:00Z'); ms += HOUR, kwh++)
    readings.push({ deviceId: meter, ts: new Date(ms), kwh })
  await t.db.transaction(SYSTEM, (tx) => insertReadings(tx, readings))
})
afterAll(async () => t?.close())

describe('feed-in prices, demand charges and crediting exported CO2', () => {
  it('answers false for a group that never set credit_export_co2', async () => {
    const settings = await read(t.fx.groups.B, await t.as('admin2'))
    expect(settings).toMatchObject({ tariffs: [], credit_export_co2: false })
  })

  it('saves them, reads them back and audits the change', async () => {
    const saved = await put(admin, t.fx.groups.A, TWO_WAY)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(validate('updateGroupEnergySettings', 200, 'application/json', saved.json())).toEqual([])
    expect(saved.json()).toEqual(TWO_WAY)
    const got = await t.call(await t.as('user'), { method: 'GET', url: settingsUrl(t.fx.groups.A) })
    expect(validate('getGroupEnergySettings', 200, 'application/json', got.json())).toEqual([])
    expect(got.json()).toEqual(TWO_WAY)
    const entry = (await auditEntries(t)).findLast(
      (e) => e.action === 'group.energy_settings.update',
    )!
    // From the defaults: the start day stays the 1st.
    expect(entry.changed).toEqual(['currency', 'credit_export_co2', 'tariffs', 'emission_factors'])
  })

  it('keeps the saved credit_export_co2 when a save leaves it out, and changes it when sent', async () => {
    expect((await put(admin, t.fx.groups.A, TWO_WAY)).statusCode).toBe(200)
    const { credit_export_co2: _, ...without } = TWO_WAY
    const kept = await put(admin, t.fx.groups.A, without satisfies EnergySettingsInput)
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json().credit_export_co2).toBe(true)
    expect((await read()).credit_export_co2).toBe(true)
    const off = await put(admin, t.fx.groups.A, { ...TWO_WAY, credit_export_co2: false })
    expect(off.json().credit_export_co2).toBe(false)
    expect((await read()).credit_export_co2).toBe(false)
    // A group without a row yet gets false from a save that leaves it out.
    const superuser = await t.as('superuser')
    const fresh = await put(superuser, t.fx.groups.B, { ...without, tariffs: [] })
    expect(fresh.statusCode, fresh.body).toBe(200)
    expect(fresh.json().credit_export_co2).toBe(false)
  })

  it('refuses what breaks the rules, in words, and writes nothing', async () => {
    expect((await put(admin, t.fx.groups.A, TWO_WAY)).statusCode).toBe(200)
    const tou = TWO_WAY.tariffs[1]!
    const refused = async (body: unknown, message: RegExp, loc?: Array<string | number>) => {
      for (const send of [put, preview]) {
        const response = await send(admin, t.fx.groups.A, body)
        expect(response.statusCode, response.body).toBe(422)
        const detail = response.json().detail as Array<{ loc: unknown[]; msg: string }>
        expect(JSON.stringify(detail)).toMatch(message)
        if (loc) expect(detail[0]!.loc).toEqual(loc)
      }
    }
    const withTariff = (tariff: object) => ({ ...TWO_WAY, tariffs: [TWO_WAY.tariffs[0], tariff] })
    await refused(
      withTariff({ ...tou, feed_in_price_per_kwh: 0.05 }),
      /A tariff has either one feed_in_price_per_kwh or one per window, not both/,
      ['body', 'tariffs', 1, 'feed_in_price_per_kwh'],
    )
    const [peak, ...rest] = windows([0.1, 0.03])
    const { feed_in_price_per_kwh: _, ...late } = rest[1]!
    await refused(
      withTariff({ ...tou, windows: [peak, rest[0], late] }),
      /Window 3 \(Mon-Sun 22:00-24:00\) has no feed_in_price_per_kwh: when one window has a feed-in price, every window needs one/,
      ['body', 'tariffs', 1, 'windows', 2, 'feed_in_price_per_kwh'],
    )
    const demand = TWO_WAY.tariffs[0]!.demand_charge!
    const withDemand = (demand_charge: object) => ({
      ...TWO_WAY,
      tariffs: [{ ...TWO_WAY.tariffs[0], demand_charge }, tou],
    })
    await refused(withDemand({ ...demand, basis: 'yearly_peak' }), /basis/)
    await refused(withDemand({ ...demand, price_per_kw: -1 }), /price_per_kw/)
    await refused(withDemand({ ...demand, floor_kw: -0.5 }), /floor_kw/)
    await refused(withDemand({ basis: 'bill_peak' }), /price_per_kw/)
    await refused(withDemand({ ...demand, kva: 3 }), /kva|additional/i)
    await refused(
      { ...TWO_WAY, tariffs: [{ ...TWO_WAY.tariffs[0], feed_in_price_per_kwh: -0.01 }] },
      /feed_in_price_per_kwh/,
    )
    // A JSON body is taken as sent: "true" is not a boolean.
    await refused({ ...TWO_WAY, credit_export_co2: 'true' }, /credit_export_co2/)
    await refused({ ...TWO_WAY, credit_export_co2: null }, /credit_export_co2/)
    expect(await read()).toEqual(TWO_WAY)
  })

  it("keeps each group's settings to the group: other tenants 403 and 404, users 403", async () => {
    expect((await put(admin, t.fx.groups.A, TWO_WAY)).statusCode).toBe(200)
    const admin2 = await t.as('admin2')
    expect(
      (await t.call(admin2, { method: 'GET', url: settingsUrl(t.fx.groups.A) })).statusCode,
    ).toBe(404)
    const changed = { ...TWO_WAY, credit_export_co2: false }
    expect((await put(admin2, t.fx.groups.A, changed)).statusCode).toBe(403)
    expect((await preview(admin2, t.fx.groups.A, changed)).statusCode).toBe(403)
    const user = await t.as('user')
    expect((await put(user, t.fx.groups.A, changed)).statusCode).toBe(403)
    expect((await preview(user, t.fx.groups.A, changed)).statusCode).toBe(403)
    expect(await read()).toEqual(TWO_WAY)
  })

  it('previews a change that brings them in, with or without credit_export_co2', async () => {
    expect((await put(admin, t.fx.groups.A, ONE_WAY)).statusCode).toBe(200)
    const { credit_export_co2: _, ...without } = TWO_WAY
    for (const body of [TWO_WAY, without]) {
      const response = await preview(admin, t.fx.groups.A, body)
      expect(response.statusCode, response.body).toBe(200)
      expect(
        validate('previewGroupEnergySettings', 200, 'application/json', response.json()),
      ).toMatchObject([])
      expect(response.json()).toMatchObject({ recut: false, currency_after: 'EUR' })
    }
    // Nothing saved by a preview.
    expect(await read()).toEqual(ONE_WAY)
  })

  it('prices imported energy as before: feed-in prices split no import figure', async () => {
    // 1 kWh every hour; 1-8 March 2026 UTC is 1 Mar 01:00 to 8 Mar 01:00 in Berlin.
    const week = {
      start_datetime: '2026-03-01T00:00:00Z',
      end_datetime: '2026-03-08T00:00:00Z',
    }
    const cost = async (body: EnergySettings) => {
      expect((await put(admin, t.fx.groups.A, body)).statusCode).toBe(200)
      const response = await t.call(admin, {
        method: 'GET',
        url: `/api/v1/devices/${meter}/consumption/cumulative`,
        query: week,
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    // 1 Mar 01:00 to 4 Mar 00:00 Berlin: 71 h at 0.30 = 21.30. From 4 Mar: 4 days and the hour
    // to 01:00 of the 8th; each day 9 h at 0.20 and 15 h at 0.40 = 7.80, the last hour 0.20:
    // 31.40. Together 52.70; 168 kWh x 300 g = 50.4 kg.
    const one = await cost(ONE_WAY)
    expect(one).toMatchObject({ kwh: 168, cost: 52.7, co2_kg: 50.4 })
    expect(await cost(TWO_WAY)).toMatchObject({ kwh: 168, cost: 52.7, co2_kg: 50.4 })
  })
})
