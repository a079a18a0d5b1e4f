/**
 * Notifications and the debug area against the real server (issue 7): the log viewer over real
 * server logs and the console's shipped log, the profiler on a real consumption call, the bell over
 * the seeded notifications, and a rule's whole life on /notifications?tab=rules.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newPage, openRoute, signInByApi, startApp, type RunningApp } from './support/app'

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
  await signInByApi(page, email)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: /^Notifications/ }).waitFor({ timeout: 30_000 })
  return page
}

/** A GET through the page's session, as the console would send it. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, {
    headers: { 'X-Request-ID': crypto.randomUUID() },
  })
  expect(response.status(), `${path} answered ${response.status()}`).toBe(200)
  return (await response.json()) as T
}

interface LogPage {
  entries: { level: string; logger: string; message: string; user_id: string | null }[]
}

/** Picks an option of a labelled select, as a user would. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

const logRows = (page: Page) =>
  page.getByRole('region', { name: 'Log entries' }).getByRole('listitem')

/** A labelled stage of a longer flow (vitest has no nested steps); failures name the stage. */
async function stage(name: string, run: () => Promise<void>) {
  try {
    await run()
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}`, { cause: error })
  }
}

/** Polls the shipped frontend log until a warning of `userId` since `since` is there. */
async function shippedWarnings(page: Page, userId: string, since: string, timeoutMs: number) {
  const path = `/api/v1/debug/logs?source=frontend&level=WARN&search=Device%20not%20found&after=${since}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { entries } = await apiGet<LogPage>(page, path)
    const mine = entries.filter((e) => e.user_id === userId)
    if (mine.length > 0 || Date.now() > deadline) return mine
    await new Promise((r) => setTimeout(r, 250))
  }
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

  it('profiles the today preset on a real device and shows its real SQL with timings', async () => {
    const page = await signedIn('developer@demo.local')
    await page.goto('/debug?tab=profiling')
    await page.getByRole('button', { name: /Device$/ }).click()
    await page.getByRole('option').first().click()
    await page.getByRole('button', { name: 'Execute with Profiling' }).click()
    await page.getByRole('heading', { name: 'Profile Results' }).waitFor({ timeout: 15_000 })
    await expect(page.getByText('Profiled', { exact: true }).isVisible()).resolves.toBe(true)
    // The response is the server's answer for this device, shown as JSON.
    await page.getByText(/"device_id": "[0-9a-f-]{36}"/).waitFor()
    await page.getByRole('button', { name: 'Expand all' }).click()
    // Statements the server ran on its readings tables, each with its measured duration.
    await page
      .getByText(/SELECT[\s\S]*FROM[\s\S]*readings/)
      .filter({ visible: true })
      .first()
      .waitFor()
    await page
      .getByText(/\d+(\.\d+)? ms/)
      .filter({ visible: true })
      .first()
      .waitFor()
  })

  it('filters real backend logs by level and search', async () => {
    const marker = `e2e-${crypto.randomUUID()}`
    const developer = await signedIn('developer@demo.local')
    // Two server lines that carry the marker: an answered call (INFO) and a refused one (WARN).
    await apiGet(developer, `/api/v1/devices/?limit=1&note=${marker}`)
    const user = await signedIn('user@demo.local')
    const refused = await user.request.get(`/api/v1/debug/logs?search=${marker}`)
    expect(refused.status()).toBe(403)
    // The API lets a superuser read logs too (the page itself is the developer's, spec §6).
    const superuser = await signedIn('superuser@demo.local')
    expect((await superuser.request.get('/api/v1/debug/logs?level=WARN&limit=5')).status()).toBe(
      200,
    )

    await developer.goto('/debug?tab=logs')
    await developer.getByText(/^Showing \d/).waitFor()
    await developer.getByRole('searchbox', { name: 'Search' }).fill(marker)
    // The viewer's own searches carry the marker too, once they are logged (INFO, 200).
    await developer.getByText(/^Showing 1-[2-9] of [2-9]$/).waitFor()
    const both = await logRows(developer).allInnerTexts()
    expect(both.join('\n')).toMatch(/INFO[\s\S]*GET \/api\/v1\/devices\/ 200/)
    expect(both.join('\n')).toMatch(/WARN[\s\S]*GET \/api\/v1\/debug\/logs 403/)

    await choose(developer, /Level$/, 'WARN')
    await developer.getByText('Showing 1-1 of 1').waitFor()
    const warn = await logRows(developer).allInnerTexts()
    expect(warn).toHaveLength(1)
    expect(warn[0]).toContain('403')
    expect(warn[0]).not.toMatch(/\bINFO\b/)

    await choose(developer, /Level$/, 'ERROR')
    await developer.getByText('No logs found').waitFor()
  })
})

describe("the console's own log", () => {
  it('ships warnings to the server, where the frontend log viewer shows them for every session', async () => {
    const page = await signedIn('developer@demo.local')
    const me = await apiGet<{ id: string }>(page, '/api/v1/users/me')
    const since = new Date(Date.now() - 1000).toISOString()
    // A missing device: the failed call is logged as a warning by the console.
    await openRoute(page, `/devices/${crypto.randomUUID()}`)
    await page
      .getByText(/Device not found/)
      .first()
      .waitFor()
    await openRoute(page, '/debug?tab=logs')
    await choose(page, /Source$/, 'Frontend Logs')
    await expect(page.getByRole('button', { name: /File$/ }).count()).resolves.toBe(0)

    await stage('this browser only: the in-memory lines, at once', async () => {
      await page.getByText('This browser only').click()
      await page.getByRole('searchbox', { name: 'Search' }).fill('Device not found')
      await logRows(page).first().waitFor()
      expect(await logRows(page).first().innerText()).toMatch(/WARN[\s\S]*api[\s\S]*404/)
    })
    await stage('all sessions: the server got them within the shipping interval', async () => {
      await page.getByText('This browser only').click()
      await page.getByText('Auto-refresh').click()
      await logRows(page)
        .filter({ hasText: `user ${me.id.slice(0, 8)}` })
        .first()
        .waitFor({ timeout: 30_000 })
    })
    expect(await shippedWarnings(page, me.id, since, 15_000)).not.toHaveLength(0)
  }, 90_000)

  it('sends what is still waiting when the page is left', async () => {
    const page = await signedIn('developer@demo.local')
    const me = await apiGet<{ id: string }>(page, '/api/v1/users/me')
    const since = new Date(Date.now() - 1000).toISOString()
    await openRoute(page, `/devices/${crypto.randomUUID()}`)
    await page
      .getByText(/Device not found/)
      .first()
      .waitFor()
    // Well inside the 10 s interval, and the page is gone: only the pagehide flush can send it.
    await page.goto('about:blank')
    expect(await shippedWarnings(page, me.id, since, 5000)).not.toHaveLength(0)
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

  it("shows an offline device's alert within the refresh, and marking it read updates the badge", async () => {
    const page = await signedIn('admin@demo.local')
    // The seed has an offline device and a DEVICE_OFFLINE rule; the evaluator raises the alert and
    // the bell picks it up on its next 60-second refresh at the latest.
    const unreadBell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ })
    await unreadBell.waitFor({ timeout: 75_000 })
    const before = Number((await unreadBell.getAttribute('aria-label'))!.match(/(\d+) unread/)![1])
    await unreadBell.click()
    const popover = page.getByRole('dialog', { name: 'Notifications' })
    // The list loads after the popover opens: wait for it (isVisible() does not wait).
    await popover
      .getByText(/is offline/)
      .first()
      .waitFor()
    await popover
      .getByRole('button', { name: /^Unread:/ })
      .first()
      .click()
    const expected = before - 1 === 0 ? 'Notifications' : `Notifications, ${before - 1} unread`
    await page.getByRole('button', { name: expected, exact: true }).waitFor()
  }, 120_000)

  it("shows the seeded unread notifications, and 'Mark all read' brings the count to zero", async () => {
    const page = await signedIn('superuser@demo.local')
    const { unread_count: unread } = await apiGet<{ unread_count: number }>(
      page,
      '/api/v1/notifications/unread-count',
    )
    expect(unread, 'the seed leaves open alerts unread').toBeGreaterThan(0)
    const bell = page.getByRole('button', { name: `Notifications, ${unread} unread`, exact: true })
    // A second tab of the same session: the bell follows what the first marks read, through the
    // live stream, well before its own one-minute refresh.
    const otherTab = await page.context().newPage()
    await otherTab.goto('/dashboard')
    await otherTab.getByRole('button', { name: `Notifications, ${unread} unread` }).waitFor()
    await bell.click()
    const popover = page.getByRole('dialog', { name: 'Notifications' })
    await popover.getByText(`${unread} unread`, { exact: true }).waitFor()
    // The unread ones among the latest 20 deliveries, bold with their dot.
    await popover
      .getByRole('button', { name: /^Unread:/ })
      .first()
      .waitFor()
    await popover.getByRole('button', { name: 'Mark all read' }).click()
    await popover.getByText("You're all caught up").waitFor()
    await expect(popover.getByRole('button', { name: 'Mark all read' }).isDisabled()).resolves.toBe(
      true,
    )
    await expect(popover.getByRole('button', { name: /^Unread:/ }).count()).resolves.toBe(0)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor()
    await expect(
      apiGet<{ unread_count: number }>(page, '/api/v1/notifications/unread-count'),
    ).resolves.toEqual({ unread_count: 0 })
    await otherTab
      .getByRole('button', { name: 'Notifications', exact: true })
      .waitFor({ timeout: 15_000 })
  })
})

describe('the notifications page', () => {
  it('asks an elevated user with all groups to pick a group before listing rules', async () => {
    const page = await signedIn('superuser@demo.local')
    await page.goto('/notifications?tab=RULES')
    await page.getByText('Choose a group to see its rules').waitFor()
  })

  it('lets an admin create, edit, deactivate and delete a rule of their group', async () => {
    const page = await signedIn('admin@demo.local')
    const suffix = crypto.randomUUID().slice(0, 8)
    const name = `E2E offline ${suffix}`
    const renamed = `E2E silent ${suffix}`
    await page.goto('/notifications?tab=rules')

    await stage('create', async () => {
      await page.getByRole('button', { name: /New rule/ }).click()
      const dialog = page.getByRole('dialog', { name: 'New notification rule' })
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
      await dialog.getByRole('textbox', { name: /Offline after/ }).fill('45')
      await dialog.getByRole('button', { name: 'Create rule' }).click()
      await page.getByText('Notification rule created').waitFor()
      await page.getByRole('heading', { name: new RegExp(name) }).waitFor()
    })
    await stage('edit', async () => {
      await page.getByRole('button', { name: `Edit ${name}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit notification rule' })
      await expect(
        dialog.getByRole('textbox', { name: /Offline after/ }).inputValue(),
      ).resolves.toBe('45')
      await dialog.getByRole('textbox', { name: 'Name' }).fill(renamed)
      await dialog.getByRole('textbox', { name: /Offline after/ }).fill('60')
      await dialog.getByRole('button', { name: 'Save changes' }).click()
      await page.getByText('Notification rule updated').waitFor()
      const card = page.getByRole('listitem').filter({ hasText: renamed })
      await card.getByText(/Alerts after 60 minutes without contact/).waitFor()
    })
    await stage('deactivate', async () => {
      await page.getByRole('button', { name: `Deactivate ${renamed}` }).click()
      await page.getByText('Notification rule deactivated').waitFor()
      await page.getByRole('heading', { name: new RegExp(renamed) }).waitFor({ state: 'detached' })
      await page.getByText('Show inactive rules').click()
      const card = page.getByRole('listitem').filter({ hasText: renamed })
      await card.getByText('Inactive', { exact: true }).waitFor()
    })
    await stage('delete', async () => {
      await page.getByRole('button', { name: `Delete ${renamed}` }).click()
      await page
        .getByRole('alertdialog', { name: 'Delete notification rule?' })
        .getByRole('button', { name: 'Delete' })
        .click()
      await page.getByText('Notification rule deleted').waitFor()
      await page.getByRole('heading', { name: new RegExp(renamed) }).waitFor({ state: 'detached' })
    })
    const me = await apiGet<{ group_id: string }>(page, '/api/v1/users/me')
    const rules = await apiGet<{ items: { name: string }[] }>(
      page,
      `/api/v1/notifications/rules?group_id=${me.group_id}&include_inactive=true`,
    )
    expect(rules.items.map((r) => r.name)).not.toContain(renamed)
  })
})
