/**
 * Benchmark (issue 8, printed, not a timed test): the built console's device list with 10,000
 * devices in headless Chromium. The API is answered in the page (Playwright routes) by a fleet that
 * filters, sorts and pages like the server, so the figures are the client's own:
 *   - time from navigation to the first rows;
 *   - DOM rows rendered (<= 100 wanted, also at 500 per page: rows are virtualised);
 *   - time from a keystroke in the search box to rows that all match it (p50/p95; p95 <= 100 ms wanted).
 *
 *   npx vite build && node tests/bench/device-list.bench.mjs
 */
import { createServer } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
// BENCH_DIST: another build to compare side by side (e.g. main's, built with --outDir).
const dist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'))
if (!existsSync(path.join(dist, 'index.html')))
  throw new Error('dist/ is missing: run npx vite build first')
const { chromium } = createRequire(path.join(root, 'package.json'))('playwright-core')

const FLEET = 10_000
const sites = ['Hall', 'Floor', 'Plant', 'Substation', 'Depot']
const places = ['Berlin', 'Hamburg', 'Bremen', 'Kiel', 'Lübeck', 'Rostock', 'Hannover', 'Boston']
const fleet = Array.from({ length: FLEET }, (_, i) => {
  const n = i + 1
  return {
    id: `9e0a7b1c-0000-4000-8000-${String(100000 + n).padStart(12, '0')}`,
    group_id: '1b6f0c9a-0000-4000-8000-000000000001',
    name: `${sites[n % 5]} meter ${String(n).padStart(5, '0')}`,
    serial_number: `EM-${2020 + (n % 6)}-${String(n).padStart(5, '0')}`,
    location: `${places[n % 8]}, ${sites[(n >> 2) % 5]} ${1 + (n % 9)}`,
    description: null,
    device_model_id: null,
    handler: null,
    status: n % 17 === 0 ? 'offline' : 'online',
    last_seen: new Date(Date.now() - (n % 17 === 0 ? 3 * 86_400_000 : 600_000)).toISOString(),
    latest_kwh: 1000 + n * 37.5,
    today_kwh: 5 + (n % 40) * 0.75,
    summary: { reading_count: 35040, first_reading_at: null, last_reading_at: null },
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
  }
})

function listDevices(params) {
  const search = (params.get('search') ?? '').toLowerCase()
  const status = params.get('status')
  const sort = params.get('sort') ?? 'name'
  const dir = params.get('order') === 'desc' ? -1 : 1
  const skip = Number(params.get('skip') ?? 0)
  const limit = Number(params.get('limit') ?? 100)
  const hits = fleet.filter(
    (d) =>
      (!status || d.status === status) &&
      (!search ||
        [d.name, d.serial_number, d.location].some((f) => f.toLowerCase().includes(search))),
  )
  hits.sort((a, b) => dir * String(a[sort] ?? '').localeCompare(String(b[sort] ?? '')))
  return { items: hits.slice(skip, skip + limit), total: hits.length, skip, limit }
}

const user = {
  id: '6d1c3f3e-0000-4000-8000-000000000003',
  email: 'admin@demo.local',
  full_name: 'Ada Admin',
  role: 'admin',
  group_id: '1b6f0c9a-0000-4000-8000-000000000001',
  created_at: '2026-01-01T00:00:00Z',
}
function api(url) {
  const p = url.pathname
  if (p === '/api/v1/users/me') return user
  if (p === '/api/v1/devices/') return listDevices(url.searchParams)
  if (p.startsWith('/api/v1/notifications/unread-count')) return { unread_count: 0 }
  if (p.startsWith('/api/v1/notifications')) return { deliveries: [], total: 0, unread_count: 0 }
  if (p.startsWith('/api/v1/groups')) return { items: [], total: 0, skip: 0, limit: 500 }
  return {}
}

// The built SPA, with index.html for every path.
const server = createServer((req, res) => {
  const file = path.join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname))
  const target =
    file.startsWith(dist) && existsSync(file) && !file.endsWith('/') && path.extname(file)
      ? file
      : path.join(dist, 'index.html')
  const type =
    {
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.html': 'text/html',
      '.svg': 'image/svg+xml',
      '.woff2': 'font/woff2',
    }[path.extname(target)] ?? 'application/octet-stream'
  res.writeHead(200, { 'content-type': type }).end(readFileSync(target))
})
await new Promise((r) => server.listen(0, '127.0.0.1', r))
const origin = `http://127.0.0.1:${server.address().port}`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
await page.route('**/api/v1/**', (route) =>
  route.fulfill({ json: api(new URL(route.request().url())) }),
)

const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]
// A table of light rows or react-aria's virtualised grid: both carry the rows' ARIA.
const TABLE = ':is([role="table"], [role="grid"])[aria-label="Devices"]'
const rowCount = () => page.locator(`${TABLE} [role="row"]`).count()

async function firstRows(query) {
  const t0 = Date.now()
  await page.goto(`${origin}/devices${query}`)
  await page.waitForSelector('[role="row"][aria-rowindex="2"]')
  return Date.now() - t0
}

const coldMs = await firstRows('')
const rows100 = await rowCount()
const warmMs = await firstRows('')
await firstRows('?pageSize=500')
const rows500 = await rowCount()

/** Types one character and measures, in the page, until every rendered row matches the text. */
async function keystroke(char) {
  await page.evaluate((TABLE) => {
    const input = document.querySelector('input[type="search"]')
    window.__bench = new Promise((resolve) => {
      input.addEventListener(
        'input',
        () => {
          const t0 = performance.now()
          const check = () => {
            const term = input.value.trim().toLowerCase()
            const rows = [
              ...document.querySelectorAll(
                `${TABLE} [role="row"][aria-rowindex]:not([aria-rowindex="1"])`,
              ),
            ]
            const empty = document.body.textContent.includes('No devices match')
            if (
              (rows.length > 0 && rows.every((r) => r.textContent.toLowerCase().includes(term))) ||
              empty
            )
              resolve(performance.now() - t0)
            else requestAnimationFrame(check)
          }
          requestAnimationFrame(check)
        },
        { once: true },
      )
    })
  }, TABLE)
  await page.keyboard.type(char)
  return page.evaluate(() => window.__bench)
}

const samples = []
for (const term of ['hall', 'berlin', 'em-2023', 'plant 7', 'depot meter 004', 'kiel']) {
  await page.goto(`${origin}/devices`)
  await page.waitForSelector('[role="row"][aria-rowindex="2"]')
  await page.getByRole('searchbox', { name: 'Search devices' }).focus()
  for (const char of term) samples.push(await keystroke(char))
  await page.waitForTimeout(400)
}

console.log(`device list, ${FLEET.toLocaleString()} devices, headless Chromium`)
console.log(`  first rows: ${coldMs} ms cold, ${warmMs} ms warm (navigation to first row)`)
console.log(
  `  DOM rows: ${rows100} at 100 per page, ${rows500} at 500 per page (header row included; want <= 100)`,
)
console.log(
  `  keystroke to matching rows: p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms over ${samples.length} keystrokes (want p95 <= 100 ms)`,
)
await browser.close()
server.close()
