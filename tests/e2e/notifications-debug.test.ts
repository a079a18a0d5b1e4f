/**
 * Notifications and the debug area against the real server (issue 7). The flows that need the
 * server's notifications, logs and profiling (issue 6) skip themselves while those operations still
 * answer 501, so this file runs green before and proves the flows after.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, newPage, startApp, type RunningApp } from './support/app'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

/**
 * Signs in through the API rather than the form: the login form is the shell's subject (see
 * shell.test.ts), and here Chromium's form POST has failed with ERR_ALPN_NEGOTIATION_FAILED.
 */
async function signedIn(email: string, viewport?: { width: number; height: number }) {
  const page = await newPage(app, viewport)
  const response = await page.context().request.post('/api/v1/auth/cookie/login', {
    form: { username: email, password: DEMO_PASSWORD },
    headers: { 'X-Request-ID': crypto.randomUUID() },
  })
  expect(response.status()).toBe(200)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: /^Notifications/ }).waitFor({ timeout: 30_000 })
  return page
}

/** True once the server answers the operation (it answers 501 while its handler is pending). */
async function implemented(page: Page, path: string) {
  const response = await page.request.get(path, {
    headers: { 'X-Request-ID': crypto.randomUUID() },
  })
  return response.status() !== 501
}

describe('the debug area', () => {
  it('opens for a developer on the tab the URL names, and keeps the tab in the URL', async () => {
    const page = await signedIn('developer@demo.local')
    await page.goto('/debug?tab=profiling')
    await page.getByRole('heading', { name: 'Debug', level: 1 }).waitFor()
    await expect(
      page.getByRole('tab', { name: 'Profiling' }).getAttribute('aria-selected'),
    ).resolves.toBe('true')
    await page.getByText('Please select a device').waitFor()
    await page.getByRole('tab', { name: 'Logs' }).click()
    await page.waitForURL((url) => url.searchParams.get('tab') === 'logs')
    await page.goto('/debug?tab=whatever')
    await page.getByRole('tab', { name: 'Logs' }).waitFor()
    await expect(
      page.getByRole('tab', { name: 'Logs' }).getAttribute('aria-selected'),
    ).resolves.toBe('true')
  })

  it('lists up to 100 real devices in the profiler with serial and location', async () => {
    const page = await signedIn('developer@demo.local')
    await page.goto('/debug?tab=profiling')
    await page.getByRole('button', { name: /Device$/ }).click()
    const options = page.getByRole('option')
    await options.first().waitFor()
    const count = await options.count()
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(100)
    expect(await options.first().innerText()).toMatch(/\(.+\)/)
  })

  it('profiles the today preset on a real device and shows real SQL timings', async (ctx) => {
    const page = await signedIn('developer@demo.local')
    const devices = (await (await page.request.get('/api/v1/devices/?limit=1')).json()) as {
      items: { id: string }[]
    }
    // Consumption answers already; profiled answers ({ data, profile }) come with the profiler.
    const probe = await page.request.get(
      `/api/v1/devices/${devices.items[0]!.id}/consumption/cumulative/today?timezone=UTC&profile=true`,
      { headers: { 'X-Request-ID': crypto.randomUUID() } },
    )
    if (probe.status() === 501 || !('profile' in ((await probe.json()) as object))) ctx.skip()
    await page.goto('/debug?tab=profiling')
    await page.getByRole('button', { name: /Device$/ }).click()
    await page.getByRole('option').first().click()
    await page.getByRole('button', { name: 'Execute with Profiling' }).click()
    await page.getByRole('heading', { name: 'Profile Results' }).waitFor({ timeout: 15_000 })
    await expect(page.getByText('Profiled', { exact: true }).isVisible()).resolves.toBe(true)
    await page.getByRole('button', { name: 'Expand all' }).click()
    await page
      .getByText(/SELECT/i)
      .filter({ visible: true })
      .first()
      .waitFor()
    await page
      .getByText(/\d+(\.\d+)? ms/)
      .filter({ visible: true })
      .first()
      .waitFor()
  })

  it('filters backend logs by level and search', async (ctx) => {
    const page = await signedIn('developer@demo.local')
    if (!(await implemented(page, '/api/v1/debug/logs?limit=1'))) ctx.skip()
    // The API lets a superuser read logs too (the page itself is the developer's, spec §6).
    const superuser = await signedIn('superuser@demo.local')
    const read = await superuser.request.get('/api/v1/debug/logs?level=WARN&limit=5')
    expect(read.status()).toBe(200)

    await page.goto('/debug?tab=logs')
    await page.getByText(/^Showing \d/).waitFor()
    await page.getByRole('button', { name: /Level$/ }).click()
    await page.getByRole('option', { name: 'INFO' }).click()
    await page.getByRole('searchbox', { name: 'Search' }).fill('login')
    await page.waitForTimeout(800)
    const rows = page.getByRole('region', { name: 'Log entries' }).getByRole('listitem')
    const texts = await rows.allInnerTexts()
    for (const text of texts) {
      expect(text).not.toMatch(/\bDEBUG\b/)
      expect(text.toLowerCase()).toContain('login')
    }
  })
})

describe('the notification bell', () => {
  it('shows the bell for every signed-in user, with a popover that links to all notifications', async () => {
    const page = await signedIn('user@demo.local')
    const bell = page.getByRole('button', { name: /^Notifications/ })
    await bell.click()
    const popover = page.getByRole('dialog', { name: 'Notifications' })
    await expect(
      popover.getByText('Notifications refresh every minute.').isVisible(),
    ).resolves.toBe(true)
    await popover.getByRole('link', { name: 'View all' }).click()
    await page.waitForURL((url) => url.pathname === '/notifications')
    await expect(
      page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected'),
    ).resolves.toBe('true')
  })

  it("shows an offline device's alert within the refresh, and marking it read updates the badge", async (ctx) => {
    const page = await signedIn('admin@demo.local')
    if (!(await implemented(page, '/api/v1/notifications/unread-count'))) ctx.skip()
    // The seed has an offline device and a DEVICE_OFFLINE rule; the evaluator raises the alert and
    // the bell picks it up on its next 60-second refresh at the latest.
    const unreadBell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ })
    await unreadBell.waitFor({ timeout: 75_000 })
    const before = Number((await unreadBell.getAttribute('aria-label'))!.match(/(\d+) unread/)![1])
    await unreadBell.click()
    const popover = page.getByRole('dialog', { name: 'Notifications' })
    await expect(
      popover
        .getByText(/is offline/)
        .first()
        .isVisible(),
    ).resolves.toBe(true)
    await popover
      .getByRole('button', { name: /^Unread:/ })
      .first()
      .click()
    const expected = before - 1 === 0 ? 'Notifications' : `Notifications, ${before - 1} unread`
    await page.getByRole('button', { name: expected, exact: true }).waitFor()
  }, 120_000)
})

describe('the notifications page', () => {
  it('asks an elevated user with all groups to pick a group before listing rules', async () => {
    const page = await signedIn('superuser@demo.local')
    await page.goto('/notifications?tab=RULES')
    await page.getByText('Choose a group to see its rules').waitFor()
  })

  it('lets an admin create, deactivate and delete a rule of their group', async (ctx) => {
    const page = await signedIn('admin@demo.local')
    if (!(await implemented(page, '/api/v1/notifications/rules'))) ctx.skip()
    await page.goto('/notifications?tab=rules')
    await page.getByRole('button', { name: /New rule/ }).click()
    const dialog = page.getByRole('dialog', { name: 'New notification rule' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E offline 45 minutes')
    await dialog.getByRole('textbox', { name: /Offline after/ }).fill('45')
    await dialog.getByRole('button', { name: 'Create rule' }).click()
    await page.getByText('Notification rule created').waitFor()
    await page.getByRole('button', { name: 'Deactivate E2E offline 45 minutes' }).click()
    await page.getByText('Notification rule deactivated').waitFor()
    await page.getByText('Show inactive rules').click()
    await page.getByRole('button', { name: 'Delete E2E offline 45 minutes' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete notification rule?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await page.getByText('Notification rule deleted').waitFor()
  })
})
