/**
 * The search-parameter rules of spec §2 and §5 against the real server, for one developer (the
 * role that opens every page), one session, each URL loaded as typed or shared. The debug tab's
 * rules are in notifications-debug.test.ts.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_USERS, newPage, signInByApi, startApp, type RunningApp } from './support/app'

let app: RunningApp
let page: Page
let deviceId = ''
beforeAll(async () => {
  app = await startApp()
  page = await newPage(app)
  await signInByApi(page, DEMO_USERS.developer)
  const list = await page.request.get('/api/v1/devices/?limit=1', {
    headers: { 'X-Request-ID': crypto.randomUUID() },
  })
  deviceId = ((await list.json()) as { items: { id: string }[] }).items[0]!.id
})
afterAll(() => app?.stop())

async function selectedTab(name: string) {
  const tab = page.getByRole('tab', { name, exact: true })
  await tab.waitFor()
  return tab.getAttribute('aria-selected')
}

describe('search parameters', () => {
  it.each([
    ['?tab=rules', 'Rules'],
    ['?tab=RULES', 'Rules'],
    ['?tab=History', 'History'],
    ['?tab=archive', 'History'],
    ['', 'History'],
  ])('notifications%s opens the %s tab (case-insensitive, others dropped)', async (query, tab) => {
    await page.goto(`/notifications${query}`)
    await expect(selectedTab(tab)).resolves.toBe('true')
  })

  it.each([
    ['?page=groups', 'Groups'],
    ['?page=users', 'Users'],
    ['?page=admins', 'Users'],
    ['?page=', 'Users'],
  ])('users%s opens the %s tab (anything else ignored)', async (query, tab) => {
    await page.goto(`/users${query}`)
    await expect(selectedTab(tab)).resolves.toBe('true')
  })

  it('keeps the users tab in the URL when it changes', async () => {
    await page.goto('/users')
    await page.getByRole('tab', { name: 'Groups', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('page') === 'groups')
  })

  it.each([
    ['?view=hourly', 'Hourly'],
    ['?view=weekly', 'Weekly'],
    ['?view=monthly', 'Monthly'],
    ['?view=daily', 'Daily'],
    ['?view=yearly', 'Daily'],
    ['', 'Daily'],
  ])('consumption%s opens the %s view (invalid falls back to daily)', async (query, tab) => {
    await page.goto(`/devices/${deviceId}/consumption${query}`)
    await expect(selectedTab(tab)).resolves.toBe('true')
  })

  it('keeps the consumption view in the URL when it changes', async () => {
    await page.goto(`/devices/${deviceId}/consumption`)
    await page.getByRole('tab', { name: 'Monthly', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('view') === 'monthly')
  })

  it('opens a device with a measurement parameter', async () => {
    await page.goto(`/devices/${deviceId}?measurement=energy_kwh`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(new URL(page.url()).searchParams.get('measurement')).toBe('energy_kwh')
  })

  // A signed-in visitor of /login is sent to its redirect target at once: the same rule the
  // form follows after signing in (shell.test.ts signs in through the form with a redirect).
  it.each([
    ['/reports?x=1', '/reports'],
    ['/login', '/dashboard'],
    ['/login?redirect=%2Freports', '/dashboard'],
    ['/', '/dashboard'],
    ['https://example.com/phish', '/dashboard'],
    ['//example.com/phish', '/dashboard'],
  ])('login?redirect=%s goes to %s', async (redirect, lands) => {
    await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`)
    await page.waitForURL((url) => url.origin === app.url && url.pathname === lands)
  })
})
