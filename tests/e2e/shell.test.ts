import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newPage, signIn, startApp, type RunningApp } from './support/app'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

async function sidebarLabels(page: Page) {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link')
  await links.first().waitFor()
  return links.allInnerTexts()
}

describe('the shell against the real server', () => {
  it('sends anonymous users to login keeping the page, and returns there after sign-in', async () => {
    const page = await newPage(app)
    await page.goto('/reports?x=1')
    await page.waitForURL(/\/login\?redirect=/)
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/reports?x=1')
    await signIn(page, 'user@demo.local')
    await page.waitForURL((url) => url.pathname === '/reports')
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor()
  })

  it('draws the console in its own font, from the production build', async () => {
    const page = await newPage(app)
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready
      return [...document.fonts].filter((font) => font.status === 'loaded').map((f) => f.family)
    })
    expect(loaded).toContain('Inter Variable')
  })

  it('shows the spec message for a wrong password', async () => {
    const page = await newPage(app)
    await page.goto('/login')
    await page.getByLabel('E-mail').fill('admin@demo.local')
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert').innerText()).resolves.toContain(
      'Invalid email or password',
    )
  })

  it.each([
    [
      'developer@demo.local',
      ['Dashboard', 'Devices', 'Reports', 'Notifications', 'Users & Groups', 'Debug'],
    ],
    [
      'superuser@demo.local',
      ['Dashboard', 'Devices', 'Reports', 'Notifications', 'Users & Groups'],
    ],
    ['admin@demo.local', ['Dashboard', 'Devices', 'Reports', 'Notifications', 'Users & Groups']],
    ['user@demo.local', ['Dashboard', 'Devices', 'Reports', 'Notifications']],
  ])('gives %s the sidebar of its role', async (email, labels) => {
    const page = await newPage(app)
    await page.goto('/login')
    await signIn(page, email)
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect((await sidebarLabels(page)).map((l) => l.trim())).toEqual(labels)
    await expect(
      page.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'),
    ).resolves.toBe('page')
  })

  it('keeps /debug to developers and sends others to the dashboard', async () => {
    const page = await newPage(app)
    await page.goto('/login')
    await signIn(page, 'superuser@demo.local')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.goto('/debug')
    await page.waitForURL((url) => url.pathname === '/dashboard')
  })

  it('logs out to the login page and stays signed out', async () => {
    const page = await newPage(app)
    await page.goto('/login')
    await signIn(page, 'admin@demo.local')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page
      .getByRole('button', { name: 'Ada Admin' })
      .or(page.getByRole('button', { name: /Admin/ }))
      .first()
      .click()
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.goto('/devices')
    await page.waitForURL(/\/login\?redirect=%2Fdevices/)
  })

  it('lets a user choose the dark theme in the account menu by keyboard, kept after a reload', async () => {
    const page = await newPage(app)
    await page.goto('/login')
    await signIn(page, 'user@demo.local')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    const headers = () => ({ 'X-Request-ID': crypto.randomUUID() })
    const before = await (
      await page.request.get('/api/v1/users/me/preferences', { headers: headers() })
    ).json()
    const colorScheme = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)
    const openAccount = async () => {
      await page.getByRole('button', { name: 'Uli User' }).focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: 'Account' })
      await dialog.waitFor()
      return dialog
    }
    try {
      expect(before.theme).not.toBe('dark')
      // The browser prefers light: the console starts light.
      await expect.poll(colorScheme).toBe('light')
      const dialog = await openAccount()
      const dark = dialog.getByRole('menuitemradio', { name: 'Dark' })
      // Tab reaches the theme menu's first item (a USER has no group scope), Down moves to Dark.
      await page.keyboard.press('Tab')
      await expect
        .poll(() =>
          dialog
            .getByRole('menuitemradio', { name: 'Light' })
            .evaluate((e) => e === document.activeElement),
        )
        .toBe(true)
      await page.keyboard.press('ArrowDown')
      const saved = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === '/api/v1/users/me/preferences' &&
          r.request().method() === 'PUT',
      )
      await page.keyboard.press('Enter')
      expect((await saved).status()).toBe(200)
      await expect.poll(() => dark.getAttribute('aria-checked')).toBe('true')
      await expect.poll(colorScheme).toBe('dark')
      // The account panel stays open on the choice; Escape closes it.
      expect(await dialog.isVisible()).toBe(true)
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })

      await page.reload()
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
      await expect.poll(colorScheme).toBe('dark')
      const again = await openAccount()
      await expect
        .poll(() => again.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked'))
        .toBe('true')
    } finally {
      // The demo user's theme as it was, for the files after this one.
      await page.request.put('/api/v1/users/me/preferences', { data: before, headers: headers() })
    }
  })

  it('gives /settings a way back: the logo to the dashboard, the bell and the user menu', async () => {
    const page = await newPage(app)
    await page.goto('/login?redirect=%2Fsettings')
    await signIn(page, 'developer@demo.local')
    await page.waitForURL((url) => url.pathname === '/settings')
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    const header = page.getByRole('banner')
    await header.getByRole('button', { name: /^Notifications/ }).waitFor()
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).count()).resolves.toBe(0)
    await header.getByRole('button', { name: 'Dana Developer' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByRole('menu', { name: 'Appearance' }).waitFor()
    await account.getByRole('button', { name: 'Logout' }).waitFor()
    await page.keyboard.press('Escape')
    await account.waitFor({ state: 'detached' })
    await header.getByRole('link', { name: 'Meterdeck home' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
  })

  it('opens the navigation drawer on a narrow screen and closes it on choosing an item', async () => {
    const page = await newPage(app, { width: 375, height: 740 })
    await page.goto('/login')
    await signIn(page, 'user@demo.local')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    const hamburger = page.getByRole('button', { name: 'Open navigation' })
    await hamburger.waitFor()
    await expect(page.getByRole('navigation', { name: 'Main' }).isHidden()).resolves.toBe(true)
    await hamburger.click()
    const drawer = page.getByRole('dialog', { name: 'Navigation' })
    await drawer.getByRole('link', { name: 'Devices' }).click()
    await page.waitForURL((url) => url.pathname === '/devices')
    await drawer.waitFor({ state: 'hidden' })
  })
})

describe('session and scope against the real server', () => {
  it('recovers with one silent refresh when the access token is gone mid-use', async () => {
    const page = await newPage(app)
    await page.goto('/login')
    await signIn(page, 'admin@demo.local')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    const context = page.context()
    const cookies = await context.cookies()
    await context.clearCookies()
    await context.addCookies(cookies.filter((c) => c.name !== 'console_access'))
    const refreshes: string[] = []
    page.on('request', (r) => r.url().includes('/api/v1/auth/refresh') && refreshes.push(r.url()))
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Devices' })
      .click()
    await page.getByRole('table', { name: 'Devices' }).waitFor()
    expect(refreshes).toHaveLength(1)
    expect(page.url()).not.toContain('/login')
  })

  it('sends the group header after an elevated user picks a scope', async () => {
    const page = await newPage(app)
    await page.goto('/login')
    await signIn(page, 'superuser@demo.local')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.goto('/devices')
    await page.getByRole('table', { name: 'Devices' }).waitFor()
    await page
      .getByRole('button', { name: 'Sam Superuser' })
      .or(page.getByRole('button', { name: /Superuser/ }))
      .first()
      .click()
    await page.getByRole('button', { name: /Group scope/ }).click()
    const scoped = page.waitForRequest(
      (r) => r.url().includes('/api/v1/devices/') && r.headers()['x-group-id'] !== undefined,
    )
    await page.getByRole('option', { name: 'Harbor Utilities' }).click()
    const request = await scoped
    expect(request.headers()['x-group-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})
