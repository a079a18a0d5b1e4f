/**
 * The session rules of spec §4 that shell.test.ts leaves out: the auth hint, logout when the
 * server's logout call fails, and a failed refresh sending the user to sign in again with the
 * page kept. (shell.test.ts covers the redirect kept through the login form and the one silent
 * refresh on a 401.)
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_USERS, newPage, signInByApi, startApp, type RunningApp } from './support/app'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

async function signedInOnDashboard(): Promise<Page> {
  const page = await newPage(app)
  await signInByApi(page, DEMO_USERS.admin)
  await page.goto('/dashboard')
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
  return page
}

const authHint = (page: Page) => page.evaluate(() => localStorage.getItem('auth-hint'))

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Anna Admin' }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
}

describe('session rules against the real server', () => {
  it('keeps the auth hint while signed in and goes to /login when the logout call fails', async () => {
    const page = await signedInOnDashboard()
    await expect(authHint(page)).resolves.toBe('1')
    const logoutCalls: number[] = []
    await page.route('**/api/v1/auth/cookie/logout', (route) => {
      logoutCalls.push(Date.now())
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Internal Server Error' }),
      })
    })
    await logOut(page)
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(logoutCalls).toHaveLength(1)
    await expect(authHint(page)).resolves.toBeNull()
  })

  it('goes to /login even when the logout call cannot reach the server', async () => {
    const page = await signedInOnDashboard()
    await page.route('**/api/v1/auth/cookie/logout', (route) => route.abort('connectionrefused'))
    await logOut(page)
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
  })

  it('ends the session on the server when logout succeeds', async () => {
    const page = await signedInOnDashboard()
    const cookies = await page.context().cookies()
    await logOut(page)
    await page.waitForURL((url) => url.pathname === '/login')
    // The old cookies no longer open anything: the session was revoked, not just forgotten.
    const replay = await newPage(app)
    await replay.context().addCookies(cookies)
    const me = await replay.request.get('/api/v1/users/me')
    expect(me.status()).toBe(401)
  })

  it('sends the user to /login keeping the page when the silent refresh fails', async () => {
    const page = await signedInOnDashboard()
    const refreshes: number[] = []
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/auth/refresh')) refreshes.push(r.status())
    })
    // Both tokens gone (as after their expiry): the 401 triggers one refresh, which fails too.
    await page.context().clearCookies()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Devices' })
      .click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/devices/)
    // One refresh for the 401 (the timed refresh 5 s after start may fail alongside it).
    expect(refreshes[0]).toBe(401)
    expect(refreshes.every((status) => status === 401) && refreshes.length <= 2).toBe(true)
    await expect(authHint(page)).resolves.toBeNull()
  })

  it('sends an anonymous visit to / to /login, with no redirect to the default landing page', async () => {
    const page = await newPage(app)
    await page.goto('/')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login')
    // A failed attempt's message goes when the person edits a field for the next one (issue 32).
    await page.getByLabel('E-mail').fill(DEMO_USERS.admin)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const failed = page.getByRole('alert')
    await failed.waitFor()
    await page.getByLabel('E-mail').fill('')
    await failed.waitFor({ state: 'detached' })
  })
})
