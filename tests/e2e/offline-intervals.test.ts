/**
 * Issue 20, point 3, against the built console and the real server: an offline rule shorter than
 * the meters' reporting interval is refused in its form, naming the interval; a rule that fits
 * leaves a meter that reports on time online while a silent one goes offline; and the device
 * list and the device page say the same.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'

let app: RunningApp
let page: Page
const run = Date.now().toString(36).toUpperCase()
const MINUTE = 60_000
const headers = () => ({ 'X-Request-ID': crypto.randomUUID() })
const api = () => page.context().request

/** Two PM5560 meters (they report every 15 minutes): the last reading 16 and 25 minutes ago. */
const meters = {
  // Past the rule's 15 minutes, within the interval and its grace (22.5 minutes): healthy.
  onTime: { name: `E2E on-time meter ${run}`, silentMinutes: 16, id: '' },
  // Past both: offline, which also shows that the evaluator has judged the new rule.
  silent: { name: `E2E silent meter ${run}`, silentMinutes: 25, id: '' },
}

async function addMeter(name: string, silentMinutes: number, modelId: string): Promise<string> {
  const created = await api().post('/api/v1/devices/', {
    headers: headers(),
    data: { name, serial_number: `E2E-${run}-${silentMinutes}`, device_model_id: modelId },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const pushed = await api().post('/api/v1/devices/bulk_push', {
    headers: headers(),
    data: {
      items: [
        {
          device_id: id,
          timestamp: new Date(Date.now() - silentMinutes * MINUTE).toISOString(),
          kwh: 100,
        },
      ],
    },
  })
  expect(pushed.status()).toBe(200)
  return id
}

async function deviceStatus(id: string): Promise<string> {
  const response = await api().get(`/api/v1/devices/${id}`, { headers: headers() })
  return ((await response.json()) as { status: string }).status
}

beforeAll(async () => {
  app = await startApp()
  page = await newPage(app)
  await signInByApi(page, 'admin@demo.local')
})

afterAll(async () => {
  // Later files see the seed as it was: this run's rules and meters go again.
  if (page) {
    const rules = await api().get('/api/v1/notifications/rules', { headers: headers() })
    const { items } = (await rules.json()) as { items: { id: string; name: string }[] }
    for (const rule of items.filter((r) => r.name.includes(run)))
      await api().delete(`/api/v1/notifications/rules/${rule.id}`, { headers: headers() })
    for (const meter of Object.values(meters))
      if (meter.id) await api().delete(`/api/v1/devices/${meter.id}`, { headers: headers() })
  }
  await app?.stop()
})

describe('offline rules and how often meters report (issue 20, point 3)', () => {
  it('refuses a 5-minute rule on 15-minute meters in the form, naming the interval', async () => {
    await page.goto('/notifications?tab=rules')
    await page.getByRole('button', { name: /New rule/ }).click()
    const dialog = page.getByRole('dialog', { name: 'New notification rule' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`E2E five minutes ${run}`)
    const minutes = dialog.getByRole('textbox', { name: /Offline after/ })
    await minutes.fill('5')
    const refused = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/notifications/rules'),
    )
    await dialog.getByRole('button', { name: 'Create rule' }).click()
    expect((await refused).status()).toBe(422)
    // Every device of the group is watched: the message names one that reports every 15 minutes.
    await dialog
      .getByText(/reports every 15 minutes: an offline rule for it needs at least 15 minutes$/)
      .waitFor()
    await expect(minutes.getAttribute('aria-invalid')).resolves.toBe('true')
    await expect.poll(() => minutes.evaluate((el) => el === document.activeElement)).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect(page.getByRole('heading', { name: /E2E five minutes/ }).count()).resolves.toBe(0)
  })

  it('creates a 15-minute rule that leaves a meter reporting on time online', async () => {
    const models = await api().get('/api/v1/device-models/', { headers: headers() })
    const { items } = (await models.json()) as { items: { id: string; name: string }[] }
    const pm5560 = items.find((m) => m.name === 'PM5560')!.id
    meters.onTime.id = await addMeter(meters.onTime.name, meters.onTime.silentMinutes, pm5560)
    meters.silent.id = await addMeter(meters.silent.name, meters.silent.silentMinutes, pm5560)
    await expect(deviceStatus(meters.onTime.id)).resolves.toBe('online')
    await expect(deviceStatus(meters.silent.id)).resolves.toBe('online')

    await page.goto('/notifications?tab=rules')
    await page.getByRole('button', { name: /New rule/ }).click()
    const dialog = page.getByRole('dialog', { name: 'New notification rule' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`E2E fifteen minutes ${run}`)
    await dialog.getByRole('textbox', { name: /Offline after/ }).fill('15')
    const picker = dialog.getByRole('combobox', { name: 'Devices' })
    for (const meter of Object.values(meters)) {
      await picker.fill(meter.name)
      await page.getByRole('option', { name: meter.name }).click()
      // Each pick closes the list, which hid the rest of the dialog while it was open.
      await page.getByRole('listbox').waitFor({ state: 'detached' })
    }
    const watched = dialog.getByRole('grid', { name: 'Watched devices' })
    for (const meter of Object.values(meters))
      await watched.getByRole('row', { name: meter.name }).waitFor()
    await dialog.getByRole('button', { name: 'Create rule' }).click()
    await page.getByText('Notification rule created').first().waitFor()

    // The evaluator runs every 5 s here (each minute by default); the silent meter going offline
    // shows it has judged the rule.
    await expect
      .poll(() => deviceStatus(meters.silent.id), { timeout: 90_000, interval: 2_000 })
      .toBe('offline')
    await expect(deviceStatus(meters.onTime.id)).resolves.toBe('online')
    const feed = await api().get('/api/v1/notifications/?limit=100', { headers: headers() })
    const { deliveries } = (await feed.json()) as {
      deliveries: { notification: { device_id: string | null } }[]
    }
    const alerted = deliveries.map((d) => d.notification.device_id)
    expect(alerted).toContain(meters.silent.id)
    expect(alerted).not.toContain(meters.onTime.id)
  }, 120_000)

  it('shows the same status in the device list and on each device page', async () => {
    const expected = { onTime: 'Online', silent: 'Offline' } as const
    await page.goto(`/devices?search=${encodeURIComponent(`E2E`)}`)
    const table = page.getByRole('table', { name: 'Devices' })
    for (const [key, meter] of Object.entries(meters)) {
      const row = table.getByRole('row').filter({ hasText: meter.name })
      await row.getByText(expected[key as keyof typeof meters], { exact: true }).waitFor()
    }
    for (const [key, meter] of Object.entries(meters)) {
      await page.goto(`/devices/${meter.id}`)
      await page.getByRole('heading', { name: meter.name, level: 1 }).waitFor()
      const header = page.getByRole('heading', { name: meter.name, level: 1 }).locator('..')
      await header.getByText(expected[key as keyof typeof meters], { exact: true }).waitFor()
    }
  })
})
