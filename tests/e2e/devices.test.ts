/**
 * Devices end to end against the real server: register a device, push readings for it in bulk, see
 * its consumption today move, add a manual reading with a photo and see it in the logs, update and
 * delete it with the toasts of spec §8. Steps whose endpoints the server does not implement yet
 * (they answer 501) are skipped at run time, saying so.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, newPage, signIn, startApp, type RunningApp } from './support/app'

let app: RunningApp
let page: Page
const serial = `E2E-${Date.now().toString(36).toUpperCase()}`
let deviceId = ''

beforeAll(async () => {
  app = await startApp()
  page = await newPage(app)
  await page.goto('/login')
  await signIn(page, 'admin@demo.local')
  try {
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 })
  } catch {
    // The login form's POST fails in this Chromium build (net::ERR_ALPN_NEGOTIATION_FAILED) while
    // the same call through Playwright's request API works: sign in that way so the device flows
    // still run. The shell's own e2e covers the form.
    const response = await page.context().request.post('/api/v1/auth/cookie/login', {
      form: { username: 'admin@demo.local', password: DEMO_PASSWORD },
      headers: { 'X-Request-ID': crypto.randomUUID() },
    })
    expect(response.status()).toBe(200)
    await page.goto('/dashboard')
    await page.waitForURL((url) => url.pathname === '/dashboard')
  }
})
afterAll(() => app?.stop())

/** Whether the server implements an endpoint yet (another issue brings readings and consumption). */
async function implemented(path: string, init: { method?: string } = {}) {
  const status = await page.evaluate(
    async ({ path, method }) =>
      (
        await fetch(path, {
          method: method ?? 'GET',
          headers: { 'X-Request-ID': crypto.randomUUID() },
        })
      ).status,
    { path, method: init.method },
  )
  return status !== 501
}

const toast = (title: string) => page.getByText(title, { exact: true }).first()

describe('devices against the real server', () => {
  it('lists the fleet and filters it from the search box', async () => {
    await page.goto('/devices')
    await page.getByRole('table', { name: 'Devices' }).waitFor()
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('no device is called this')
    await page.getByText('No devices match').waitFor()
    // The URL follows the search box after a short debounce.
    await page.waitForURL((url) => url.searchParams.get('search') === 'no device is called this')
  })

  it('registers a device with the single wizard', async () => {
    await page.goto('/register-device/single')
    await page.getByRole('textbox', { name: /^Name/ }).fill('E2E meter')
    await page.getByRole('textbox', { name: /^Serial number/ }).fill(serial)
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('textbox', { name: /^Location/ }).fill('Test bench')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText(serial).waitFor()
    await page.getByRole('button', { name: 'Register device' }).click()
    await page.getByText('E2E meter is registered').waitFor()
    await page.getByRole('link', { name: 'Open the device' }).click()
    await page.waitForURL(/\/devices\/[0-9a-f-]{36}$/)
    deviceId = new URL(page.url()).pathname.split('/')[2]!
    await page.getByRole('heading', { name: 'E2E meter', level: 1 }).waitFor()
  })

  it('pushes readings for it in bulk', async () => {
    const hour = 3_600_000
    const now = Date.now()
    const at = (ms: number) => new Date(ms).toISOString()
    const csv = `serial_number,timestamp,kwh,status\n${serial},${at(now - 2 * hour)},100,online\n${serial},${at(now - hour)},105.5,online\n`
    await page.goto('/devices/bulk-push')
    await page.getByRole('textbox', { name: 'Readings' }).fill(csv)
    await page.getByRole('button', { name: 'Check rows' }).click()
    await page.getByText('2 ready.').waitFor()
    await page.getByRole('button', { name: 'Push 2 readings' }).click()
    await page.getByText('2 stored, 0 already stored, 0 failed.').waitFor()
  })

  it('shows consumption today moving', async (ctx) => {
    if (
      !(await implemented(`/api/v1/devices/${deviceId}/consumption/cumulative/today?timezone=UTC`))
    )
      ctx.skip()
    await page.goto(`/devices/${deviceId}/consumption`)
    const today = page.getByText('Today', { exact: true }).locator('..')
    await expect.poll(async () => today.innerText(), { timeout: 20_000 }).toMatch(/5\.5/)
  })

  it('adds a manual reading with a photo and shows it in the logs', async (ctx) => {
    if (!(await implemented(`/api/v1/devices/${deviceId}/attachments`))) ctx.skip()
    await page.goto(`/devices/${deviceId}/add_log`)
    await page.getByRole('textbox', { name: /Meter value/ }).fill('110')
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('img', { name: 'Preview of meter.png' }).waitFor()
    await page.getByRole('button', { name: 'Save reading' }).click()
    await page.waitForURL((url) => url.pathname === `/devices/${deviceId}/logs`)
    await page.getByRole('list', { name: 'Log photos' }).getByText('110.0 kWh').waitFor()
  })

  it('updates the device with the spec toast', async () => {
    await page.goto(`/devices/${deviceId}/settings`)
    const location = page.getByRole('textbox', { name: /^Location/ })
    await location.fill('Test bench 2')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await toast('Device settings updated').waitFor()
    await page.getByText('Changes will propagate across the dashboard shortly.').first().waitFor()
  })

  it('deletes the device after confirmation with the spec toast', async () => {
    await page.goto(`/devices/${deviceId}/events`)
    await page.waitForURL((url) => url.pathname === `/devices/${deviceId}/settings`)
    await page.getByRole('button', { name: 'Delete device' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete device?' })
      .getByRole('button', { name: 'Delete device' })
      .click()
    await toast('Device deleted').waitFor()
    await page.waitForURL((url) => url.pathname === '/devices')
    await page.goto(`/devices?search=${serial}`)
    await page.getByText('No devices match').waitFor()
  })
})
