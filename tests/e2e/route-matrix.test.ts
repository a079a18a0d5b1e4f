/**
 * Every route of spec §2 for every role of spec §6 (and for an anonymous visitor), generated from
 * one table: a role that may open a route sees its heading; one that may not is sent where the
 * spec (or, where the spec says "not shown", the console's guards) sends it; no page error
 * anywhere. Each role signs in once and visits every route with the same session.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEMO_USERS,
  newPage,
  openRoute,
  pageErrors,
  signInByApi,
  startApp,
  type DemoRole,
  type RunningApp,
} from './support/app'

/** A demo device every role's scope holds (Northwind's; elevated roles see all groups). */
const DEVICE_NAME = 'Main meter – Warehouse 1'

interface Landing {
  path: string
  heading: string
}

interface RouteRow {
  /** The path of spec §2; `{deviceId}` stands for the demo device. */
  route: string
  /** Where a role that may open it lands (redirecting routes) and the heading shown there. */
  lands?: string
  heading: string
  /** The roles that may open it (spec §6); @default every role */
  roles?: readonly DemoRole[]
  /** Where the other roles go. @default the dashboard */
  denied?: Landing
}

const everyone: readonly DemoRole[] = ['developer', 'superuser', 'admin', 'user']
const registerDevice: readonly DemoRole[] = ['developer', 'superuser', 'admin']
const usersAndGroups = registerDevice
const elevated: readonly DemoRole[] = ['developer', 'superuser']
const dashboard: Landing = { path: '/dashboard', heading: 'Dashboard' }

const routes: readonly RouteRow[] = [
  { route: '/', lands: '/dashboard', heading: 'Dashboard' },
  // Public, but a signed-in user has nothing to do there: the console sends them on.
  { route: '/login', lands: '/dashboard', heading: 'Dashboard' },
  { route: '/dashboard', heading: 'Dashboard' },
  { route: '/devices', heading: 'Devices' },
  // Bulk push writes readings, which the contract keeps to admins and above (with registration).
  { route: '/devices/bulk-push', heading: 'Bulk push readings', roles: registerDevice },
  { route: '/devices/{deviceId}', heading: DEVICE_NAME },
  { route: '/devices/{deviceId}/status', heading: DEVICE_NAME },
  { route: '/devices/{deviceId}/settings', heading: DEVICE_NAME },
  { route: '/devices/{deviceId}/logs', heading: DEVICE_NAME },
  {
    route: '/devices/{deviceId}/events',
    lands: '/devices/{deviceId}/settings',
    heading: DEVICE_NAME,
  },
  { route: '/devices/{deviceId}/consumption', heading: DEVICE_NAME },
  { route: '/devices/{deviceId}/add_log', heading: DEVICE_NAME },
  { route: '/register-device', heading: 'Register devices', roles: registerDevice },
  { route: '/register-device/single', heading: 'Register a device', roles: registerDevice },
  { route: '/register-device/batch', heading: 'Register devices from CSV', roles: registerDevice },
  { route: '/reports', heading: 'Reports' },
  { route: '/notifications', heading: 'Notifications' },
  { route: '/users', heading: 'Users & Groups', roles: usersAndGroups },
  // Creating tenants is the elevated roles' (contract: createTenant); an admin goes back to /users.
  {
    route: '/users/new-tenant',
    heading: 'New tenant',
    roles: elevated,
    denied: { path: '/users', heading: 'Users & Groups' },
  },
  { route: '/settings', heading: 'Settings', roles: elevated },
  { route: '/debug', heading: 'Debug', roles: ['developer'] },
]

/** Where `role` ends up on `row`, following spec §6 (a user cannot open Users & Groups at all). */
function expected(row: RouteRow, role: DemoRole): Landing {
  if ((row.roles ?? everyone).includes(role))
    return { path: row.lands ?? row.route, heading: row.heading }
  if (
    row.denied &&
    (routes.find((r) => r.route === row.denied!.path)?.roles ?? everyone).includes(role)
  )
    return row.denied
  return dashboard
}

let app: RunningApp
let deviceId = ''
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

const withDevice = (path: string) => path.replace('{deviceId}', deviceId)

/** Opens `route` and waits for `landing`'s path and heading, failing on page errors. */
async function visit(page: Page, route: string, landing: Landing) {
  await openRoute(page, withDevice(route))
  await page.waitForURL((url) => url.pathname === withDevice(landing.path))
  await page
    .getByRole('heading', { name: landing.heading, exact: true })
    .first()
    .waitFor({ timeout: 20_000 })
  expect(pageErrors(page).map(String)).toEqual([])
}

describe.each(everyone)('as %s', (role) => {
  let page: Page
  beforeAll(async () => {
    page = await newPage(app, undefined, { collectErrors: true })
    await signInByApi(page, DEMO_USERS[role])
    if (!deviceId) {
      const list = await page.request.get(
        `/api/v1/devices/?limit=1&search=${encodeURIComponent(DEVICE_NAME)}`,
        { headers: { 'X-Request-ID': crypto.randomUUID() } },
      )
      deviceId = ((await list.json()) as { items: { id: string }[] }).items[0]!.id
    }
  })
  afterAll(() => page?.context().close())

  it.each(routes.map((row) => ({ ...row, to: expected(row, role) })))(
    'opens $route and lands on $to.path with its heading',
    async ({ route, to }) => {
      await visit(page, route, to)
    },
  )
})

describe('as an anonymous visitor', () => {
  let page: Page
  beforeAll(async () => {
    page = await newPage(app, undefined, { collectErrors: true })
    const list = await page.request.get('/api/v1/devices/?limit=1')
    // Anonymous: any device id will do, the guard answers before any lookup.
    expect(list.status()).toBe(401)
    deviceId ||= '00000000-0000-4000-8000-000000000000'
  })
  afterAll(() => page?.context().close())

  it.each(routes.filter((row) => row.route !== '/login'))(
    'is sent from $route to the login page, which keeps where they were going (if elsewhere)',
    async ({ route }) => {
      await visit(page, route, { path: '/login', heading: 'Sign in' })
      const redirect = new URL(page.url()).searchParams.get('redirect')
      // The root and the dashboard are where signing in lands anyway: no parameter to carry.
      if (route === '/' || route === '/dashboard') return expect(redirect).toBeNull()
      // Search defaults a route adds (such as ?tab=logs) may ride along.
      expect(new URL(redirect ?? '', app.url).pathname).toBe(withDevice(route))
    },
  )

  it('sees the sign-in page at /login', async () => {
    await visit(page, '/login', { path: '/login', heading: 'Sign in' })
  })
})
