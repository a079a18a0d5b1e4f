/**
 * A full operator journey through the built console and the real server, one step per test on
 * one page: sign in through the form, pick a group scope, open a device, read its consumption
 * against the API's figure, acknowledge an alert in the bell, sign out.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zoneAtAfternoon } from '../server/helpers/zones'
import { DEMO_USERS, newPage, signIn, startApp, type RunningApp } from './support/app'

const GROUP = 'Northwind Energy'
const DEVICE = 'Main meter – Warehouse 1'

let app: RunningApp
let page: Page
let deviceId = ''
beforeAll(async () => {
  app = await startApp()
  // Today in the browser's zone must hold readings: in the first minutes after its midnight it has
  // none yet, and the figure is rightly empty.
  page = await newPage(app, undefined, { timezoneId: zoneAtAfternoon() })
})
afterAll(() => app?.stop())

let groupId = ''
/** The API as the console calls it now: with the group header once a scope is picked. */
const api = (path: string) =>
  page.request.get(path, {
    headers: { 'X-Request-ID': crypto.randomUUID(), ...(groupId ? { 'X-Group-ID': groupId } : {}) },
  })

const userMenu = () => page.getByRole('button', { name: 'Sam Superuser' })

describe('an operator journey', () => {
  it('signs in through the form', async () => {
    await page.goto('/')
    await page.waitForURL((url) => url.pathname === '/login')
    await signIn(page, DEMO_USERS.superuser)
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.getByText('Devices and consumption of all groups').waitFor()
  })

  it('picks a group scope, and the dashboard follows it', async () => {
    await userMenu().click()
    await page.getByRole('button', { name: /Group scope/ }).click()
    await page.getByRole('option', { name: GROUP }).click()
    await page.getByText(`Devices and consumption of ${GROUP}`).waitFor()
    const groups = (await (await api('/api/v1/groups/?limit=500')).json()) as {
      items: { id: string; name: string }[]
    }
    groupId = groups.items.find((g) => g.name === GROUP)!.id
    // Escape closes the menu from inside it; focus may still sit on the closing option list.
    const menu = page.getByRole('dialog', { name: 'Account' })
    await menu.getByRole('button', { name: /Group scope/ }).focus()
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
  })

  it('opens a device of that group from the device list', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Devices' })
      .click()
    await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor()
    const table = page.getByRole('main')
    // The scope holds Northwind's devices only.
    await table.getByRole('link', { name: DEVICE }).waitFor()
    await expect(table.getByText('Pump station North').count()).resolves.toBe(0)
    await table.getByRole('link', { name: DEVICE }).click()
    await page.waitForURL(/\/devices\/[0-9a-f-]{36}$/)
    deviceId = new URL(page.url()).pathname.split('/')[2]!
    await page.getByRole('heading', { name: DEVICE, level: 1 }).waitFor()
  })

  it("reads today's consumption as the API reports it", async () => {
    await page
      .getByRole('navigation', { name: 'Device pages' })
      .getByRole('link', { name: 'Consumption' })
      .click()
    await page.waitForURL((url) => url.pathname === `/devices/${deviceId}/consumption`)
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    const response = await api(
      `/api/v1/devices/${deviceId}/consumption/cumulative/today?timezone=${encodeURIComponent(timeZone)}`,
    )
    expect(response.status()).toBe(200)
    const { kwh } = (await response.json()) as { kwh: number }
    const shown = await page.evaluate(
      (value) =>
        value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      kwh,
    )
    const today = page
      // The figure, not the chart's 'Today' button beside it.
      .getByRole('region', { name: 'Cumulative consumption' })
      .getByText('Today', { exact: true })
      .locator('..')
    await expect.poll(() => today.innerText(), { timeout: 20_000 }).toContain(`${shown}`)
    await page
      .getByRole('region', { name: /per day$/ })
      // with what it cost and emitted at Northwind's seeded tariff and factor
      .getByText(/^Total [\d.,]+ kWh · €[\d.,]+ · [\d.,]+ (kg|t) CO₂e$/)
      .waitFor()
  })

  // Other files share the server and may have read this user's alerts: a rule of its own makes
  // the evaluator raise a fresh one for the seed's offline device (more may arrive meanwhile).
  it('acknowledges an alert in the bell', async () => {
    const unreadCount = async () =>
      ((await (await api('/api/v1/notifications/unread-count')).json()) as { unread_count: number })
        .unread_count
    const rule = await page.request.post('/api/v1/notifications/rules', {
      headers: { 'X-Request-ID': crypto.randomUUID(), 'X-Group-ID': groupId },
      data: {
        group_id: groupId,
        name: `Journey offline ${crypto.randomUUID().slice(0, 8)}`,
        alert_type: 'DEVICE_OFFLINE',
        offline_after_minutes: 30,
      },
    })
    expect(rule.status()).toBe(201)
    await expect.poll(unreadCount, { timeout: 90_000, interval: 2_000 }).toBeGreaterThan(0)
    await page.reload()
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
    const popover = page.getByRole('dialog', { name: 'Notifications' })
    const marked = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' && /\/api\/v1\/notifications\/[^/]+\/read$/.test(r.url()),
    )
    await popover
      .getByRole('button', { name: /^Unread:/ })
      .first()
      .click()
    const response = await marked
    expect(response.status()).toBe(200)
    const deliveryId = response.url().split('/').at(-2)
    const feed = (await (await api('/api/v1/notifications/?limit=100')).json()) as {
      deliveries: { id: string; read_at: string | null }[]
    }
    expect(feed.deliveries.find((d) => d.id === deliveryId)?.read_at).toBeTruthy()
    // The badge follows the server's count (new alerts may have raised it meanwhile).
    await expect
      .poll(
        async () => {
          const label = await page
            .getByRole('button', { name: /^Notifications/ })
            .first()
            .getAttribute('aria-label')
          const expected = await unreadCount()
          return label === (expected > 0 ? `Notifications, ${expected} unread` : 'Notifications')
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    await page.keyboard.press('Escape')
    await popover.waitFor({ state: 'hidden' })
  }, 120_000)

  it('signs out, and the console asks to sign in again', async () => {
    await userMenu().click()
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.goto(`/devices/${deviceId}`)
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/devices/${deviceId}`)
  })
})
