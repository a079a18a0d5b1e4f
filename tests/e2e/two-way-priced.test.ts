/**
 * Issue 35, done when: an admin sets a feed-in price and a demand charge, a meter with solar sends
 * both registers over MQTT, and the consumption view, the report, its CSV and the dashboard agree
 * on import, export, net, the peak with its time and every part of the cost.
 *
 * Harbor Utilities (no tariff in the seed) on a server of its own: its tariff would add cost lines
 * to other files' figures. The meter sends the last two hours, a reading each quarter hour: 0.5 kWh
 * imported (2 kW) and 0.1 kWh exported a quarter, but 1.5 kWh (6 kW) in one quarter: its peak.
 */
import mqtt from 'mqtt'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CumulativeConsumption, EnergyReport } from '~/api'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'
import { freePort } from './support/server'

const Q = 15 * 60_000
const PRICE = 0.3
const FEED_IN = 0.08
const PER_KW = 4.36

let app: RunningApp
let page: Page
let mqttPort = 0
let deviceId = ''
/** The quarter of the peak (its start, ms) and the readings' first instant. */
let peakAt = 0

beforeAll(async () => {
  mqttPort = await freePort()
  app = await startApp({ MQTT_PORT: String(mqttPort) })
  page = await newPage(app)
  await signInByApi(page, 'admin2@demo.local')
})
afterAll(() => app?.stop())

const headers = () => ({ 'X-Request-ID': crypto.randomUUID() })
/** Money as the console writes it (the browser's locale, as lib/format/money.ts). */
const money = (value: number) =>
  page.evaluate(
    (v) =>
      new Intl.NumberFormat(navigator.languages, { style: 'currency', currency: 'EUR' }).format(v),
    value,
  )
const getJson = async <T>(path: string) => {
  const response = await page.request.get(path, { headers: headers() })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as T
}

describe('a priced two-way meter, end to end', () => {
  it('an admin sets a feed-in price and a Flemish demand charge in the console', async () => {
    await page.goto('/users?page=groups')
    await page.getByRole('button', { name: 'Energy & billing of Harbor Utilities' }).click()
    const dialog = page.getByRole('dialog', { name: 'Energy & billing: Harbor Utilities' })
    await dialog.getByRole('textbox', { name: 'Currency' }).fill('eur')
    await dialog.getByRole('button', { name: 'Add tariff' }).click()
    const tariff = dialog.getByRole('region', { name: 'Tariff 1' })
    await tariff.getByRole('textbox', { name: 'Price per kWh', exact: true }).fill(String(PRICE))
    await tariff.getByRole('button', { name: /Exported energy/ }).click()
    await page.getByRole('option', { name: 'One price' }).click()
    await tariff
      .getByRole('textbox', { name: 'Feed-in price per kWh', exact: true })
      .fill(String(FEED_IN))
    // The switch's input lies under its drawn track: a person clicks the label.
    await tariff.getByText('Demand charge', { exact: true }).click()
    expect(await tariff.getByRole('switch', { name: 'Demand charge' }).isChecked()).toBe(true)
    await tariff.getByRole('textbox', { name: 'Price per kW', exact: true }).fill(String(PER_KW))
    await tariff.getByRole('button', { name: /Billed on/ }).click()
    await page.getByRole('option', { name: 'Mean of the last 12 bills’ peaks' }).click()
    await tariff.getByRole('textbox', { name: 'Floor (kW)', exact: true }).fill('2.5')
    // From 1 Jan 2020, so the running bill is priced whatever today is.
    await tariff
      .getByRole('group', { name: 'Effective from' })
      .getByRole('spinbutton')
      .first()
      .click()
    for (const part of ['01', '01', '2020']) await page.keyboard.type(part)
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/energy-settings'),
    )
    await dialog.getByRole('button', { name: 'Save energy settings' }).click()
    const response = await saved
    expect(response.status(), await response.text()).toBe(200)
    expect((await response.json()).tariffs).toEqual([
      {
        effective_from: '2020-01-01',
        standing_charge_per_day: 0,
        price_per_kwh: PRICE,
        feed_in_price_per_kwh: FEED_IN,
        demand_charge: { price_per_kw: PER_KW, basis: 'rolling_mean_12', floor_kw: 2.5 },
      },
    ])
  })

  it('a solar meter sends both registers over MQTT with its own token', async () => {
    const created = await page.request.post('/api/v1/devices/', {
      headers: headers(),
      data: { name: 'Solar roof', serial_number: `SOLAR-${Date.now().toString(36)}` },
    })
    expect(created.status(), await created.text()).toBe(201)
    deviceId = ((await created.json()) as { id: string }).id
    const credentials = await page.request.post(`/api/v1/devices/${deviceId}/credentials`, {
      headers: headers(),
    })
    expect(credentials.status()).toBe(201)
    const { token } = (await credentials.json()) as { token: string }

    const last = Math.floor(Date.now() / Q) * Q
    const first = last - 8 * Q
    peakAt = first + 5 * Q
    const readings = []
    let kwh = 1200
    let exported = 300
    for (let ts = first; ts <= last; ts += Q) {
      if (ts > first) {
        kwh += ts - Q === peakAt ? 1.5 : 0.5
        exported += 0.1
      }
      readings.push({
        timestamp: new Date(ts).toISOString(),
        kwh: Math.round(kwh * 1000) / 1000,
        export_kwh: Math.round(exported * 1000) / 1000,
      })
    }
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      protocolVersion: 4,
      username: deviceId,
      password: token,
      reconnectPeriod: 0,
    })
    await client.publishAsync(
      `meterdeck/v1/devices/${deviceId}/readings`,
      JSON.stringify({ readings }),
      { qos: 1 },
    )
    await client.endAsync()
    // Acknowledged at QoS 1 is stored: the readings are there when the publish returns.
    const list = await getJson<{ total: number; items: Array<{ export_kwh: number | null }> }>(
      `/api/v1/devices/${deviceId}/readings?page_size=20`,
    )
    expect(list.total).toBe(9)
    expect(list.items.every((r) => r.export_kwh !== null)).toBe(true)
  })

  it('the consumption view, the report, its CSV and the dashboard agree', async () => {
    const bill = await getJson<CumulativeConsumption>(
      `/api/v1/devices/${deviceId}/consumption/cumulative/this-bill`,
    )
    // 7 quarters at 0.5 kWh and one at 1.5; 0.1 kWh exported each quarter.
    expect(bill).toMatchObject({ kwh: 5, export_kwh: 0.8, net_kwh: 4.2, peak_kw: 6 })
    expect(Date.parse(bill.peak_at!)).toBe(peakAt)
    expect(bill.cost_breakdown).toMatchObject({
      energy: 5 * PRICE,
      feed_in_credit: Math.round(0.8 * FEED_IN * 100) / 100,
    })
    // The bill's demand charge, 4.36 x 6 kW, carried by the part of the bill elapsed so far.
    expect(bill.cost_breakdown!.demand).toBeGreaterThan(0)
    expect(bill.cost_breakdown!.demand).toBeLessThanOrEqual(PER_KW * 6)

    const report = await getJson<EnergyReport>(
      `/api/v1/reports/energy?period=this_bill&device_ids=${deviceId}`,
    )
    const row = report.devices[0]!
    expect(row).toMatchObject({
      current_kwh: bill.kwh,
      current_export_kwh: bill.export_kwh,
      current_net_kwh: bill.net_kwh,
      current_peak_kw: bill.peak_kw,
      current_peak_at: bill.peak_at,
    })
    expect(row.current_cost_breakdown).toMatchObject({
      energy: bill.cost_breakdown!.energy,
      feed_in_credit: bill.cost_breakdown!.feed_in_credit,
    })
    // The running bill's share grows by the second: a cent apart at most between two requests.
    expect(
      Math.abs(row.current_cost_breakdown!.demand! - bill.cost_breakdown!.demand!),
    ).toBeLessThanOrEqual(0.01)

    const csv = await page.request.get(
      `/api/v1/reports/energy.csv?period=this_bill&device_ids=${deviceId}`,
      { headers: headers() },
    )
    const lines = (await csv.text()).split('\r\n')
    const header = lines[0]!.split(',')
    const line = lines.find((l) => l.startsWith(deviceId))!.split(',')
    const column = (name: string) => line[header.indexOf(name)]
    expect(column('current_kwh')).toBe('5')
    expect(column('current_export_kwh')).toBe('0.8')
    expect(column('current_net_kwh')).toBe('4.2')
    expect(column('current_peak_kw')).toBe('6')
    expect(column('current_peak_at')).toBe(row.current_peak_at)
    expect(column('current_energy_cost')).toBe(String(row.current_cost_breakdown!.energy))
    expect(column('current_feed_in_credit')).toBe(
      String(row.current_cost_breakdown!.feed_in_credit),
    )

    // The dashboard's This bill card: the fleet's parts as the report sums them.
    const fleet = await getJson<EnergyReport>('/api/v1/reports/energy?period=this_bill')
    const parts = fleet.current.cost_breakdown!
    expect(parts.feed_in_credit).toBeGreaterThanOrEqual(row.current_cost_breakdown!.feed_in_credit!)
    await page.goto('/dashboard')
    const card = page.getByRole('region', { name: 'This bill' })
    await card.getByText('Feed-in credit', { exact: true }).waitFor()
    const part = (term: string) =>
      card
        .locator('dt', { hasText: term })
        .locator('xpath=following-sibling::dd[1]')
        .innerText()
        // The console keeps the sign and the amount together with a no-break space.
        .then((text) => text.replace(/\s/g, ' '))
    expect(await part('Energy')).toBe((await money(parts.energy!)).replace(/\s/g, ' '))
    expect(await part('Feed-in credit')).toBe(
      `\u2212 ${await money(parts.feed_in_credit!)}`.replace(/\s/g, ' '),
    )
    await card.getByText('Demand charge', { exact: true }).waitFor()

    // The device's consumption view shows export, net and the peak with its time.
    await page.goto(`/devices/${deviceId}/consumption`)
    const main = page.getByRole('main')
    await main
      .getByText(/0\.8(0)? kWh/)
      .first()
      .waitFor()
    await main
      .getByText(/6(\.0+)? kW/)
      .first()
      .waitFor()
  })
})
