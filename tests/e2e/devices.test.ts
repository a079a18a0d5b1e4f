/**
 * Devices end to end against the real server: register a device, push readings for it in bulk,
 * see them on its overview (latest reading, readings table), status and consumption pages, add
 * a manual reading with a photo and download the photo again, have a lower value refused with
 * the server's reason, register a batch, update and delete with the toasts of spec §8.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zoneAtAfternoon } from '../server/helpers/zones'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'

let app: RunningApp
let page: Page
const run = Date.now().toString(36).toUpperCase()
const serial = `E2E-${run}`
let deviceId = ''

/** A 1x1 PNG: the server checks a photo's bytes, not only its declared type. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** The demo group as it was: the e2e files share one server, and later ones read its zone. */
let restoreGroup: () => Promise<void> = async () => {}

beforeAll(async () => {
  app = await startApp()
  // The readings pushed an hour or two back must be today's, in the browser's zone and in the
  // group's, whose calendar the consumption figures follow.
  const zone = zoneAtAfternoon()
  page = await newPage(app, undefined, { timezoneId: zone })
  await signInByApi(page, 'admin@demo.local')
  const api = page.context().request
  const headers = { 'X-Request-ID': crypto.randomUUID() }
  const me = (await (await api.get('/api/v1/users/me', { headers })).json()) as { group_id: string }
  const group = `/api/v1/groups/${me.group_id}`
  const { name, description, timezone } = (await (await api.get(group, { headers })).json()) as {
    name: string
    description: string | null
    timezone: string
  }
  const moveTo = (to: string) =>
    api.put(group, { headers, data: { name, description, timezone: to } })
  const moved = await moveTo(zone)
  expect(moved.status(), await moved.text()).toBe(200)
  restoreGroup = async () => {
    const back = await moveTo(timezone)
    expect(back.status(), await back.text()).toBe(200)
  }
})
afterAll(async () => {
  await restoreGroup()
  await app?.stop()
})

const toast = (title: string) => page.getByText(title, { exact: true }).first()
const readings = () => page.getByRole('grid', { name: 'Readings' })
/** The readings table's rows (the header row has no cells). */
const readingRows = () =>
  readings()
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })

/** Deletes this run's devices matching `search` through the API, so later files see the seed. */
async function removeDevices(search: string) {
  const api = page.context().request
  const headers = () => ({ 'X-Request-ID': crypto.randomUUID() })
  const list = await api.get(`/api/v1/devices/?search=${encodeURIComponent(search)}&limit=100`, {
    headers: headers(),
  })
  const { items } = (await list.json()) as { items: { id: string }[] }
  for (const { id } of items)
    expect((await api.delete(`/api/v1/devices/${id}`, { headers: headers() })).status()).toBe(204)
}

/** Types a local date and time into a date-time field's segments (month, day, year, hour, minute). */
async function typeDateTime(label: string, at: Date) {
  const parts = await page.evaluate((ms) => {
    const d = new Date(ms)
    return [d.getMonth() + 1, d.getDate(), d.getFullYear(), d.getHours(), d.getMinutes()]
  }, at.getTime())
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click()
  for (const part of parts) await page.keyboard.type(String(part).padStart(2, '0'))
}

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
    await page.getByText('No readings yet', { exact: true }).first().waitFor()
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

  it('shows the latest reading and the readings, newest first, on the overview', async () => {
    await page.goto(`/devices/${deviceId}`)
    const latest = page.getByRole('region', { name: 'Latest reading' })
    await latest.getByText('105.50 kWh').waitFor()
    await latest.getByText(/· 2 readings/).waitFor()
    await readingRows().nth(1).waitFor()
    const rows = await readingRows().allInnerTexts()
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatch(/105\.50 kWh[\s\S]*Bulk push[\s\S]*Measured/)
    expect(rows[1]).toMatch(/100\.00 kWh[\s\S]*Bulk push/)
  })

  it('shows the status history the pushed readings started', async () => {
    await page.goto(`/devices/${deviceId}/status`)
    const changes = page.getByRole('list', { name: 'Status changes' })
    await changes.getByText('Online', { exact: true }).first().waitFor()
    const summary = page.getByRole('region', { name: 'Availability' })
    await summary.getByText('Online', { exact: true }).first().waitFor()
  })

  it('shows consumption today moving, in the figures and the chart', async () => {
    await page.goto(`/devices/${deviceId}/consumption`)
    const today = page
      // The figure, not the chart's 'Today' button beside it.
      .getByRole('region', { name: 'Cumulative consumption' })
      .getByText('Today', { exact: true })
      .locator('..')
    await expect.poll(async () => today.innerText(), { timeout: 20_000 }).toMatch(/5\.5/)
    const daily = page.getByRole('tabpanel')
    await daily.getByRole('application', { name: 'Daily consumption' }).waitFor()
    await daily.getByRole('button', { name: 'Show as table' }).click()
    const days = daily.getByRole('region', { name: /Daily consumption/ }).getByRole('row')
    // The month so far, one row per day: today's is the last and holds the pushed rise.
    expect(await days.last().innerText()).toMatch(/5\.5/)
  })

  it('adds a manual reading with a photo and a note, listed with both', async () => {
    await page.goto(`/devices/${deviceId}/add_log`)
    await page.getByRole('textbox', { name: /Meter value/ }).fill('110')
    await page.getByRole('textbox', { name: 'Note' }).fill('Cabinet was locked, read through glass')
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('img', { name: 'Preview of meter.png' }).waitFor()
    await page.getByRole('button', { name: 'Save reading' }).click()
    await page.waitForURL((url) => url.pathname === `/devices/${deviceId}/logs`)
    const photos = page.getByRole('list', { name: 'Log photos' })
    await photos.getByText('110.00 kWh').waitFor()
    await photos.getByText('Cabinet was locked, read through glass').waitFor()

    await page.getByRole('link', { name: 'Overview' }).click()
    await page.getByRole('button', { name: /Source/ }).click()
    await page.getByRole('option', { name: 'Manual' }).click()
    await expect.poll(() => readingRows().allInnerTexts()).toHaveLength(1)
    const row = readingRows().first()
    expect(await row.innerText()).toMatch(
      /110\.00 kWh[\s\S]*Manual[\s\S]*by Anna Admin[\s\S]*Cabinet was locked, read through glass/,
    )
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: /Download the photo/ }).click(),
    ])
    expect(download.suggestedFilename()).toBe('meter.png')
    expect(Buffer.compare(await readFile((await download.path())!), png)).toBe(0)
  })

  it("refuses a value below the previous reading, showing the server's reason", async () => {
    await page.goto(`/devices/${deviceId}/add_log`)
    await page.getByRole('textbox', { name: /Meter value/ }).fill('104')
    // Back-dated between the pushed 105.5 and the manual 110: only the server knows it is low.
    await typeDateTime('Read at', new Date(Date.now() - 30 * 60_000))
    await page.getByRole('button', { name: 'Save reading' }).click()
    const form = page.getByRole('form', { name: 'Manual reading' })
    await form
      .getByText(/104\.00 kWh is lower than the previous reading \(105\.50 kWh at /)
      .waitFor()
    await toast('Failed to add reading').waitFor()
    expect(new URL(page.url()).pathname).toBe(`/devices/${deviceId}/add_log`)
  })

  it('registers a batch from CSV, and refuses taken serials before sending', async () => {
    const csv = `name,serial_number,location\nBatch A,${serial}-A,Hall 1\nBatch B,${serial}-B,Hall 2\n`
    await page.goto('/register-device/batch')
    await page.getByRole('textbox', { name: 'CSV' }).fill(csv)
    await page.getByRole('button', { name: 'Check rows' }).click()
    await page.getByText('All 2 rows are ready.').waitFor()
    await page.getByRole('button', { name: 'Register 2 devices' }).click()
    await page.getByText('2 devices registered').waitFor()

    // The same file again: both serials are taken now, and the check says so before sending.
    await page.getByRole('button', { name: 'Register another batch' }).click()
    await page.getByRole('textbox', { name: 'CSV' }).fill(csv)
    await page.getByRole('button', { name: 'Check rows' }).click()
    await page.getByText('0 ready, 2 rows with problems (they will not be registered).').waitFor()
    await page.goto(`/devices?search=${serial}-`)
    await page.getByText('2 devices match the filters.').waitFor()
    await removeDevices(`${serial}-`)
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
