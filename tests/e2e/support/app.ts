/**
 * End-to-end rails: the built console and the real server on a fresh embedded database, driven by
 * Debian's Chromium through playwright-core. One server per test file.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createServer } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'

const root = path.resolve(import.meta.dirname, '../../..')
export const DEMO_PASSWORD = 'demo-password'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      const response = await fetch(`${url}/login`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`)
}

export interface RunningApp {
  url: string
  browser: Browser
  stop: () => Promise<void>
}

/** Starts `npm start`'s server on a free port with a fresh data directory and a short demo seed. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  if (!existsSync(path.join(root, 'dist/index.html')))
    throw new Error('dist/ is missing: the e2e global setup builds it')
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meterdeck-e2e-'))
  const output: string[] = []
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ENV: 'development',
      SEED_DAYS: '21',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => output.push(String(d)))
  child.stderr?.on('data', (d) => output.push(String(d)))
  const url = `http://127.0.0.1:${port}`
  try {
    await waitUntilUp(url, child, 120_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${(error as Error).message}\n${output.join('')}`)
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  return {
    url,
    browser,
    stop: async () => {
      await browser.close()
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export async function newPage(
  app: RunningApp,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await app.browser.newContext({ viewport, baseURL: app.url })
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  return page
}

export async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
