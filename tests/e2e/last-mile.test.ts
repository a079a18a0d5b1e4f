/**
 * Issue 20, points 5-8 and 10-11, against the built console and the real server: a session that
 * ends under an open page, one message per failure, failures contained to their page, one loader
 * at a time, and what tells tabs and environments apart.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEMO_USERS,
  networkSettled,
  newPage,
  signIn,
  signInByApi,
  startApp,
  type RunningApp,
} from './support/app'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

const MISSING_DEVICE = '00000000-0000-4000-8000-000000000000'

/** Ends the page's session on the server, as a logout in another browser would; its cookies stay. */
async function revokeElsewhere(page: Page) {
  const elsewhere = await app.browser.newContext({ baseURL: app.url })
  await elsewhere.addCookies(await page.context().cookies())
  const response = await elsewhere.request.post('/api/v1/auth/cookie/logout', {
    headers: { 'X-Request-ID': crypto.randomUUID() },
  })
  expect(response.status()).toBe(204)
  await elsewhere.close()
}

async function expectSessionEndedOnLogin(page: Page, redirect: string) {
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/login')
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(redirect)
  await expect(page.getByRole('status').innerText()).resolves.toContain('Your session ended')
}

describe('a session that ends while a page is open (point 5)', () => {
  it('goes to sign in with the page kept when a dialog saves after the session was revoked', async () => {
    const page = await newPage(app)
    await signInByApi(page, DEMO_USERS.admin)
    await page.goto('/notifications?tab=rules')
    await page.getByRole('button', { name: /^Edit/ }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Edit notification rule' })
    await dialog.waitFor()
    await revokeElsewhere(page)
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expectSessionEndedOnLogin(page, '/notifications?tab=rules')
    // The failed save says nothing on its own: the login page's message is the one message.
    await expect(page.getByText('Failed to update notification rule').count()).resolves.toBe(0)
  })

  it('goes to sign in when the timed refresh finds the session gone, not to a signed-out shell', async () => {
    const page = await newPage(app)
    await signInByApi(page, DEMO_USERS.admin)
    await page.goto('/devices')
    await page.getByRole('table', { name: 'Devices' }).waitFor()
    await revokeElsewhere(page)
    // Nothing clicked: the refresh 5 s after start is the first to hear of it.
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 20_000 })
    await expectSessionEndedOnLogin(page, '/devices')
  })
})

describe('one message per failure (point 6)', () => {
  it('shows a missing device once, where it belongs, without a toast', async () => {
    const page = await newPage(app)
    await signInByApi(page, DEMO_USERS.admin)
    await page.goto(`/devices/${MISSING_DEVICE}`)
    await page.getByText('Device not found', { exact: true }).waitFor()
    await networkSettled(page)
    await expect(page.getByText('Request failed').count()).resolves.toBe(0)
    await expect(page.getByText('Device not found', { exact: true }).count()).resolves.toBe(1)
  })

  it('reads an id that cannot name a device as a device not found, with nothing to retry', async () => {
    const page = await newPage(app)
    await signInByApi(page, DEMO_USERS.admin)
    await page.goto('/devices/not-a-uuid/settings')
    await page.getByText('Device not found', { exact: true }).waitFor()
    await networkSettled(page)
    await expect(page.getByText('Input should be a valid UUID').count()).resolves.toBe(0)
    await expect(page.getByRole('button', { name: /Try again/i }).count()).resolves.toBe(0)
  })
})

describe('failures stay in their page (point 7)', () => {
  it('keeps the shell and its navigation when one answer is malformed', async () => {
    const page = await newPage(app, undefined, { collectErrors: true })
    await signInByApi(page, DEMO_USERS.admin)
    await page.route('**/api/v1/devices/?**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[null]}' }),
    )
    await page.goto('/devices')
    await page.getByText('Something went wrong').waitFor()
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.isVisible()).resolves.toBe(true)
    await expect(page.getByRole('button', { name: 'Anna Admin' }).isVisible()).resolves.toBe(true)
    // The next page reads the device list too (its device picker): it answers properly again.
    await page.unroute('**/api/v1/devices/?**')
    await nav.getByRole('link', { name: 'Reports' }).click()
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor()
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0)
  })
})

/** Records, from the first byte of the page, whether both loaders were ever on screen at once. */
async function watchForStackedLoaders(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { stackedLoaders: boolean }
    w.stackedLoaders = false
    new MutationObserver(() => {
      const text = document.body?.innerText ?? ''
      if (text.includes('Loading page...') && text.includes('Verifying your session'))
        w.stackedLoaders = true
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  return () =>
    page.evaluate(() => (window as unknown as { stackedLoaders: boolean }).stackedLoaders)
}

describe('one loader at a time (point 8)', () => {
  it('shows the session skeleton alone on a cold load and after sign-in', async () => {
    const page = await newPage(app)
    const stacked = await watchForStackedLoaders(page)
    await page.goto('/login?redirect=%2Fdevices')
    await signIn(page, DEMO_USERS.admin)
    await page.getByRole('table', { name: 'Devices' }).waitFor()
    await expect(stacked()).resolves.toBe(false)
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    await expect(stacked()).resolves.toBe(false)
  })
})

describe('keyboard and titles (points 10, 11)', () => {
  it('offers a skip link as the first Tab stop, names each page in the title, and badges every layout', async () => {
    const page = await newPage(app)
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await page.waitForFunction(() => document.title === '[DEVELOPMENT] Sign in · Meterdeck')
    await page.getByText('DEVELOPMENT', { exact: true }).waitFor()
    // The login page starts on its first field.
    await expect(
      page.getByLabel('E-mail').evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true)
    await signIn(page, DEMO_USERS.superuser)
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.goto('/devices')
    await page.getByRole('table', { name: 'Devices' }).waitFor()
    await page.waitForFunction(() => document.title === '[DEVELOPMENT] Devices · Meterdeck')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true)
    await page.keyboard.press('Enter')
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main')
    for (const [path, title] of [
      ['/devices/bulk-push', '[DEVELOPMENT] Bulk push · Meterdeck'],
      ['/settings', '[DEVELOPMENT] Settings · Meterdeck'],
    ] as const) {
      await page.goto(path)
      await page.waitForFunction((expected) => document.title === expected, title)
      await page.getByRole('link', { name: 'Meterdeck home' }).waitFor()
      await page.getByText('DEVELOPMENT', { exact: true }).waitFor()
    }
  })
})
