/**
 * Issue 26 in the real app: an admin gives the group a flat tariff in the Users & Groups page and
 * sees what today has cost on the dashboard, as the server priced it. Harbor Utilities, the demo
 * group without a tariff (Northwind's is seeded), on a server of its own: the tariff would add
 * cost lines to other files' figures.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeviceList, EnergyReport, EnergySettings, Reading } from '~/api'
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

const api = (path: string) =>
  page.context().request.get(path, { headers: { 'X-Request-ID': 'e2e-billing' } })

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
