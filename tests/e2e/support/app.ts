/**
 * End-to-end rails: the built console and the real server, driven by Debian's Chromium through
 * playwright-core. The files of one worker share a server (the global setup starts one per worker,
 * each on a fresh database); a file that needs its own configuration passes `env` and gets a
 * server of its own.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page, Request } from 'playwright-core'
import { launchChromium } from '../../tools/chromium'
import { inject } from 'vitest'
import { freshDatabase, root, spawnServer } from './server'

export const DEMO_PASSWORD = 'demo-password'

/** The demo seed's logins, one per role of spec §6. */
export const DEMO_USERS = {
  developer: 'developer@demo.local',
  superuser: 'superuser@demo.local',
  admin: 'admin@demo.local',
  user: 'user@demo.local',
} as const
export type DemoRole = keyof typeof DEMO_USERS

export interface RunningApp {
  url: string
  browser: Browser
  stop: () => Promise<void>
}

/**
 * This worker's shared server (the global setup starts one per worker; Vitest numbers the workers
 * running at once from 1), once it answers: it boots while the file's imports load.
 */
async function sharedServerUrl(): Promise<string> {
  const servers = inject('e2eServers')
  const worker = Number(process.env.VITEST_POOL_ID ?? 1)
  const { url, outputFile } = servers[(worker - 1) % servers.length]!
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/login`, { signal: AbortSignal.timeout(5000) })
      if (response.ok) return url
    } catch {
      // still booting
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  const output = existsSync(outputFile) ? readFileSync(outputFile, 'utf8').slice(-20_000) : ''
  throw new Error(`the shared e2e server did not answer at ${url}\n${output}`)
}

/**
 * A browser against the shared server; with `env`, against a server of its own on a fresh
 * database (stopped and removed by `stop`).
 */
export async function startApp(env?: Record<string, string>): Promise<RunningApp> {
  if (!existsSync(path.join(root, 'dist/index.html')))
    throw new Error('dist/ is missing: the e2e global setup builds it')
  if (!env) {
    const url = await sharedServerUrl()
    const browser = await launchChromium()
    return { url, browser, stop: () => browser.close() }
  }
  const database = await freshDatabase()
  const server = await spawnServer(database, { env }).catch(async (error: unknown) => {
    await database.dispose()
    throw error
  })
  const stopServer = async () => {
    await server.stop()
    await database.dispose()
  }
  const browser = await launchChromium().catch(async (error: unknown) => {
    await stopServer()
    throw error
  })
  return {
    url: server.url,
    browser,
    stop: async () => {
      await browser.close()
      await stopServer()
    },
  }
}

const errorsOf = new WeakMap<Page, Error[]>()

/** Uncaught errors of the page so far (see newPage's `collectErrors`). */
export const pageErrors = (page: Page): Error[] => errorsOf.get(page) ?? []

/**
 * A page in a fresh browser context. An uncaught page error fails the run, or with
 * `collectErrors` is kept for `pageErrors(page)` so a test can fail on it itself.
 */
export async function newPage(
  app: RunningApp,
  viewport = { width: 1280, height: 800 },
  { collectErrors = false, timezoneId }: { collectErrors?: boolean; timezoneId?: string } = {},
): Promise<Page> {
  const context = await app.browser.newContext({ viewport, baseURL: app.url, timezoneId })
  const page = await context.newPage()
  const errors: Error[] = []
  errorsOf.set(page, errors)
  trackCalls(page)
  page.on('pageerror', (error) => {
    if (!collectErrors) throw error
    errors.push(error)
  })
  return page
}

/** Requests in flight per page, but the live event stream, which stays open while signed in. */
const inFlight = new WeakMap<Page, { calls: Set<Request>; changed: () => void }>()

function trackCalls(page: Page) {
  const state = { calls: new Set<Request>(), changed: () => {} }
  inFlight.set(page, state)
  const settle = (request: Request) => {
    if (state.calls.delete(request)) state.changed()
  }
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/events') return
    state.calls.add(request)
    state.changed()
  })
  page.on('requestfinished', settle)
  page.on('requestfailed', settle)
}

/**
 * Playwright's 'networkidle' (no request for 500 ms), leaving out the live event stream: with it
 * open the page is never idle.
 */
export function networkSettled(page: Page, quietMs = 500): Promise<void> {
  const state = inFlight.get(page)!
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined
    const check = () => {
      clearTimeout(timer)
      if (state.calls.size === 0) timer = setTimeout(done, quietMs)
    }
    const done = () => {
      state.changed = () => {}
      resolve()
    }
    state.changed = check
    check()
  })
}

/**
 * Opens `path` in the console: the first time by loading it, later through the browser history
 * the router follows (as a link would), so a test visiting many routes boots the console once.
 */
export async function openRoute(page: Page, path: string) {
  if (page.url() === 'about:blank') {
    await page.goto(path)
    return
  }
  await page.evaluate((to) => {
    const key = crypto.randomUUID()
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1
    history.pushState({ key, __TSR_key: key, __TSR_index: index }, '', to)
  }, path)
}

export async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Signs the page's browser context in through the API (the login form has its own tests). On
 * the shared server every file's logins count against the per-address throttle: a 429 waits
 * its Retry-After and tries again.
 */
export async function signInByApi(page: Page, email: string, password = DEMO_PASSWORD) {
  for (let attempt = 0; ; attempt++) {
    const response = await page.context().request.post('/api/v1/auth/cookie/login', {
      form: { username: email, password },
      headers: { 'X-Request-ID': crypto.randomUUID() },
    })
    if (response.ok()) return
    const wait = Number(response.headers()['retry-after'] ?? 0)
    if (response.status() !== 429 || attempt >= 2 || !(wait > 0))
      throw new Error(`login as ${email} answered ${response.status()}: ${await response.text()}`)
    await new Promise((r) => setTimeout(r, wait * 1000))
  }
}
