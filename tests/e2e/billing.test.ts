/**
 * Issue 26 in the real app: an admin gives the group a flat tariff in the Users & Groups page and
 * sees what today has cost on the dashboard, as the server priced it. Harbor Utilities, the demo
 * group without a tariff (Northwind's is seeded), on a server of its own: the tariff would add
 * cost lines to other files' figures. Issue 32: Northwind's admin raises a price, is shown the
 * closed bills it would re-price, and starts the new price with the running bill instead.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  DeviceList,
  EnergyReport,
  EnergySettings,
  EnergySettingsPreview,
  Reading,
} from '~/api'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'
import { freePort } from './support/server'

let app: RunningApp
let page: Page
beforeAll(async () => {
  app = await startApp({ MQTT_PORT: String(await freePort()) })
  page = await newPage(app)
  await signInByApi(page, 'admin2@demo.local')
})
afterAll(() => app?.stop())

const api = (path: string, on = page) =>
  on.context().request.get(path, { headers: { 'X-Request-ID': 'e2e-billing' } })

/** A closed bill's total as the console's reports give it: energy plus standing charges. */
async function billTotal(on: Page, start: string, end: string) {
  const query = new URLSearchParams({
    current_start: start,
    current_end: end,
    previous_start: '2020-01-01T00:00:00Z',
    previous_end: '2020-02-01T00:00:00Z',
    granularity: 'monthly',
  })
  const report = (await (await api(`/api/v1/reports/energy?${query}`, on)).json()) as EnergyReport
  const { total_cost, standing_charge } = report.current
  expect(total_cost).not.toBeNull()
  return Math.round((total_cost! + standing_charge!) * 100) / 100
}

/** Money as the console writes it (the browser's locale, as lib/format/money.ts). */
const money = (on: Page, value: number, currency: string) =>
  on.evaluate(
    ([v, c]) =>
      new Intl.NumberFormat(navigator.languages, { style: 'currency', currency: c }).format(v),
    [value, currency] as const,
  )

/** A manual reading now on one of Harbor's meters, 1.5 kWh above its latest. */
async function readToday() {
  const devices = (await (await api('/api/v1/devices/?limit=1')).json()) as DeviceList
  const deviceId = devices.items[0]!.id
  const latest = (await (
    await api(`/api/v1/devices/${deviceId}/readings/latest`)
  ).json()) as Reading
  const answer = await page.context().request.post(`/api/v1/devices/${deviceId}/manual-reading`, {
    headers: { 'X-Request-ID': 'e2e-billing-reading' },
    multipart: { kwh: String(latest.kwh + 1.5) },
  })
  expect(answer.status(), await answer.text()).toBe(201)
}

describe('billing against the real server', () => {
  it('an admin sets a flat tariff and the dashboard shows today’s cost', async () => {
    await page.goto('/users?page=groups')
    await page.getByRole('button', { name: 'Energy & billing of Harbor Utilities' }).click()
    const dialog = page.getByRole('dialog', { name: 'Energy & billing: Harbor Utilities' })
    await dialog.getByRole('button', { name: 'Add tariff' }).waitFor()

    // Without a currency the form refuses the tariff in our words, before any request.
    await dialog.getByRole('button', { name: 'Add tariff' }).click()
    const tariff = dialog.getByRole('region', { name: 'Tariff 1' })
    await tariff.getByRole('textbox', { name: 'Price per kWh' }).fill('0.3')
    await dialog.getByRole('button', { name: 'Save energy settings' }).click()
    await dialog.getByText('Choose the currency of the tariffs').waitFor()

    await dialog.getByRole('textbox', { name: 'Currency' }).fill('usd')
    // From 1 Jan 2020, so every kWh the demo has is priced (typed into the date's segments).
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
    expect((await saved).status()).toBe(200)
    await page.getByText('Energy settings saved', { exact: true }).waitFor()

    const groupId = new URL((await saved).url()).pathname.split('/')[4]!
    const settings = (await (
      await api(`/api/v1/groups/${groupId}/energy-settings`)
    ).json()) as EnergySettings
    expect(settings.currency).toBe('USD')
    expect(settings.tariffs).toEqual([
      { effective_from: '2020-01-01', standing_charge_per_day: 0, price_per_kwh: 0.3 },
    ])

    // Today holds a reading whatever the hour: the demo's readings come each quarter hour, and in
    // the first one after midnight in New York today had none, so the card had no cost to show.
    await readToday()

    // The dashboard's today card: the server's energy charge, in dollars, beside the kWh.
    const reports: EnergyReport[] = []
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/reports/energy' && r.ok())
        void r.json().then((body: EnergyReport) => reports.push(body))
    })
    await page.goto('/dashboard')
    const today = page.getByRole('region', { name: 'Today' })
    const cost = today.getByText(/^\$\d[\d,]*\.\d\d$/)
    await cost.waitFor()
    const shown = Number((await cost.innerText()).replace(/[$,]/g, ''))
    const todays = () => reports.find((r) => r.granularity === 'hourly' && r.currency === 'USD')
    await expect.poll(todays).toBeDefined()
    const priced = todays()
    expect(priced?.current.total_cost).not.toBeNull()
    expect(shown).toBeCloseTo(priced!.current.total_cost!, 2)
    expect(shown).toBeCloseTo(priced!.current.total_kwh * 0.3, 0)
    // Bills carry cost too.
    await page
      .getByRole('region', { name: 'This bill' })
      .getByText(/^\$\d[\d,]*\.\d\d$/)
      .waitFor()
  })
})

describe('closed bills against the real server (issue 32)', () => {
  it('an admin raising a price sees the closed bills it re-prices and starts it with the running bill instead', async () => {
    const admin = await newPage(app)
    await signInByApi(admin, 'admin@demo.local')
    await admin.goto('/users?page=groups')
    await admin.getByRole('button', { name: 'Energy & billing of Northwind Energy' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Energy & billing: Northwind Energy' })
    // The demo's 2026 tariff: weekday peak 07:00-22:00 from €0.36 to €0.40 per kWh, and the
    // standing charge from €0.45 to €0.50 a day (the e2e server's readings are three weeks old:
    // closed bills have standing charges only).
    const tariff = dialog.getByRole('region', { name: 'Tariff 2' })
    await tariff.getByRole('textbox', { name: 'Standing charge per day' }).fill('0.5')
    await tariff
      .getByRole('region', { name: 'Window 2 of tariff 2' })
      .getByRole('textbox', { name: 'Price per kWh' })
      .fill('0.4')

    const previewed = admin.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/energy-settings/preview'),
    )
    await dialog.getByRole('button', { name: 'Save energy settings' }).click()
    const answer = await previewed
    expect(answer.status()).toBe(200)
    const preview = (await answer.json()) as EnergySettingsPreview
    // Each closed bill of 2026 is re-priced (its standing charges at least).
    expect(preview.bills.map((b) => b.start.slice(0, 7))).toContain('2026-01')
    expect(preview.recut).toBe(false)
    const last = preview.bills.at(-1)!
    expect(last.end.slice(0, 10)).toBe(preview.current_cycle_start)
    expect(last.after!.total!).toBeGreaterThan(last.before.total!)
    // The listed totals are the bills the console shows now.
    const before = await billTotal(admin, last.start, last.end)
    expect(last.before.total).toBe(before)

    const bills = admin.getByRole('alertdialog', { name: /^Re-price \d+ closed bills?\?$/ })
    const rows = bills
      .getByRole('grid', { name: 'Closed bills this change re-prices' })
      .getByRole('row')
    await expect.poll(() => rows.count()).toBe(preview.bills.length + 1)
    const lastRow = rows.last()
    await lastRow.getByText(await money(admin, before, 'EUR'), { exact: true }).waitFor()
    await lastRow
      .getByText(await money(admin, last.after!.total!, 'EUR'), { exact: true })
      .waitFor()

    // Instead: the new price from the running bill's start, which the date field offers.
    const saved = admin.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/energy-settings'),
    )
    await bills.getByRole('button', { name: /^Start new prices on / }).click()
    expect((await saved).status()).toBe(200)
    await admin.getByText('Energy settings saved', { exact: true }).waitFor()

    const groupId = new URL((await saved).url()).pathname.split('/')[4]!
    const settings = (await (
      await api(`/api/v1/groups/${groupId}/energy-settings`, admin)
    ).json()) as EnergySettings
    expect(settings.tariffs.map((t) => t.effective_from)).toEqual([
      '2020-01-01',
      '2026-01-01',
      preview.current_cycle_start,
    ])
    const peakOf = (i: number) =>
      settings.tariffs[i]!.windows!.find((w) => w.start === '07:00')!.price_per_kwh
    expect([peakOf(1), peakOf(2)]).toEqual([0.36, 0.4])
    expect(settings.tariffs.map((t) => t.standing_charge_per_day)).toEqual([0.42, 0.45, 0.5])
    // The last closed bill kept its total.
    expect(await billTotal(admin, last.start, last.end)).toBe(before)
    await admin.context().close()
  })
})
