/**
 * Benchmark (issue 10, printed): Lighthouse desktop on /login and /dashboard against the server
 * `npm start` runs (the built console and the API on one port, demo data on a fresh PGlite
 * directory), in Debian's Chromium. Targets: performance >= 95, accessibility 100, best
 * practices >= 95. The dashboard needs a session: the browser's cookies come from a login call.
 * Prints each score and the audits that cost points.
 *
 *   npx vite build && node tests/bench/lighthouse.bench.mjs   (SEED_DAYS=30 for a quicker seed)
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import lighthouse, { desktopConfig } from 'lighthouse'
import { chromium } from 'playwright-core'

const root = path.resolve(import.meta.dirname, '../..')
if (!existsSync(path.join(root, 'dist/index.html')))
  throw new Error('dist/ is missing: run npx vite build first')

const targets = { performance: 0.95, accessibility: 1, 'best-practices': 0.95 }
/** The flags the project's browser tests use (vite.config.ts), plus a port for Lighthouse. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

async function startServer(dataDir) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_STDOUT: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let waited = 0; waited < 600_000; waited += 500) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const up = await fetch(`${url}/login`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return { url, child }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not start within 10 minutes')
}

/** Category scores (0-100) and the audits that lost points, for one Lighthouse run. */
function summarise(lhr) {
  const scores = Object.fromEntries(
    Object.entries(targets).map(([id]) => [id, Math.round(lhr.categories[id].score * 100)]),
  )
  const losses = Object.entries(targets).flatMap(([id]) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => {
        const audit = lhr.audits[ref.id]
        const items = (audit.details?.items ?? [])
          .slice(0, 5)
          .map((item) => JSON.stringify(item).slice(0, 300))
        return [
          `${id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`.trim(),
          ...items,
        ].join('\n        ')
      }),
  )
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
    .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '-'}`)
    .join(', ')
  return { scores, losses, metrics }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'meterdeck-lighthouse-'))
const profileDir = mkdtempSync(path.join(tmpdir(), 'meterdeck-lighthouse-profile-'))
const started = Date.now()
const server = await startServer(dataDir)
process.once('exit', () => server.child.kill('SIGKILL'))
console.log(`server up in ${Math.round((Date.now() - started) / 1000)} s at ${server.url}`)
const debuggingPort = await freePort()
// A persistent context is the browser's default one: the tab Lighthouse opens shares its cookies.
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
})
let missed = false
try {
  // /login first, signed out; then a login call gives the browser its session cookies (which
  // Lighthouse's storage reset leaves alone) for /dashboard. Each run starts on a cold cache.
  for (const page of ['/login', '/dashboard']) {
    if (page === '/dashboard') {
      const login = await context.request.post(`${server.url}/api/v1/auth/cookie/login`, {
        form: { username: 'admin@demo.local', password: 'demo-password' },
        headers: { 'X-Request-ID': crypto.randomUUID() },
      })
      if (login.status() !== 200) throw new Error(`login answered ${login.status()}`)
    }
    const result = await lighthouse(
      `${server.url}${page}`,
      {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(targets),
      },
      desktopConfig,
    )
    const { lhr } = result
    if (new URL(lhr.finalDisplayedUrl).pathname !== page)
      throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${page}`)
    const { scores, losses, metrics } = summarise(lhr)
    console.log(
      `\n${page}: ${Object.entries(scores)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    )
    console.log(`  ${metrics}`)
    for (const [id, target] of Object.entries(targets)) {
      const ok = scores[id] >= target * 100
      if (!ok) missed = true
      console.log(`  ${ok ? 'OK  ' : 'MISS'} ${id} ${scores[id]} (target ${target * 100})`)
    }
    for (const loss of losses) console.log(`    - ${loss}`)
  }
} finally {
  await context.close()
  server.child.kill('SIGTERM')
  await new Promise((r) => server.child.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(profileDir, { recursive: true, force: true })
}
if (missed) console.log('\nSome Lighthouse targets were missed (see MISS above).')
