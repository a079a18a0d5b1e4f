/**
 * Benchmark (issue 6): consumption and reports on PGlite and PostgreSQL, through HTTP.
 *
 * - Daily intervals over last month and monthly intervals over 12 months (Europe/Berlin, with
 *   metadata) on a device with a year of 15-minute readings (ingested through insertReadings):
 *   p50/p95/p99 of sequential requests. Target p95 <= 20 ms on PostgreSQL.
 * - The energy report of a group of 1,000 devices, last month against the month before, daily
 *   series: p50/p95. Target <= 250 ms. The fleet's history is hourly readings written by SQL with
 *   their rollups computed by SQL (the report reads one rollup row per device-hour or -day either
 *   way), so the setup takes seconds, not the minutes of ingesting 6 million readings.
 *   The same report in Asia/Kolkata, this month to date against last month, reads edge readings
 *   too (bucket edges at half hours, the period ending now).
 * - Event-loop responsiveness: GET /api/v1/users/me at a fixed 50 requests/s, alone and while two
 *   report loops and a bulk_push loop (5,000 readings a request, rollups kept on ingest) run:
 *   p99. Target <= 20 ms.
 *
 *   npx tsx tests/bench/consumption.bench.ts     BENCH_SKIP_PG=1 BENCH_SKIP_PGLITE=1 BENCH_SECONDS=15
 */
import { fileURLToPath } from 'node:url'
import { presetWindow, unitStart, nextUnit } from '~/server/modules/energy/windows.ts'
import {
  benchTenant,
  listen,
  machine,
  ms,
  openBenchDatabase,
  openLoop,
  benchKinds,
  sequential,
  signIn,
  startServer,
  stopServer,
  summary,
  type Call,
  type Kind,
} from './support/kit.ts'
import { hourlyFleet } from './support/fleet.ts'

const file = fileURLToPath(import.meta.url)
const TZ = 'Europe/Berlin'
const FLEET = 1000
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const Q = 15 * 60_000
const now = new Date()
const thisMonth = unitStart(now, 'monthly', TZ)
const lastMonth = presetWindow('last_month', TZ, now)
const monthBefore = presetWindow('last_month', TZ, lastMonth.start)
// A half-hour zone, up to now: every bucket edge and the period's end fall inside an hour, so the
// report also reads edge readings (device by device: readings have no group index).
const HALF_HOUR_TZ = 'Asia/Kolkata'
const monthToDate = { start: unitStart(now, 'monthly', HALF_HOUR_TZ), end: now }
const monthBeforeToDate = presetWindow('last_month', HALF_HOUR_TZ, now)
let yearStart = thisMonth
for (let i = 0; i < 11; i++) yearStart = presetWindow('last_month', TZ, yearStart).start

interface Info {
  port: number
  yearCookie: string
  fleetCookie: string
  yearDevice: string
  fleetDevices: string[]
}

// ---------------------------------------------------------------- server side (child process)

/** A year of quarter-hour readings with a daily and weekly rhythm, through the real ingest path. */
async function yearOfReadings(bench: Awaited<ReturnType<typeof openBenchDatabase>>, id: string) {
  const { SYSTEM } = await import('~/server/db/database.ts')
  const { insertReadings } = await import('~/server/modules/readings/readings-repository.ts')
  type NewReading = Parameters<typeof insertReadings>[1][number]
  const end = Math.floor(now.getTime() / Q) * Q
  const start = end - 365 * 86_400_000
  let kwh = 10_000
  const rows: NewReading[] = []
  for (let t = start; t <= end; t += Q) {
    const hour = new Date(t).getUTCHours()
    kwh += 0.2 + (hour >= 7 && hour < 19 ? 0.6 : 0.1) + ((t / Q) % 7) * 0.01
    rows.push({ deviceId: id, ts: new Date(t), kwh: Math.round(kwh * 1000) / 1000 })
  }
  for (let i = 0; i < rows.length; i += 5000) {
    await bench.db.transaction(SYSTEM, (tx) => insertReadings(tx, rows.slice(i, i + 5000)))
  }
}

async function serve(kind: Kind) {
  const bench = await openBenchDatabase(kind)
  const yearGroup = await benchTenant(bench.db, 'Year', 'year@bench.test')
  const fleetGroup = await benchTenant(bench.db, 'Fleet', 'fleet@bench.test')
  const { rows } = await bench.db.query<{ id: string }>(
    "INSERT INTO devices (group_id, name, serial_number) VALUES ($1, 'Year meter', 'YR-1') RETURNING id",
    [yearGroup],
  )
  const started = performance.now()
  await yearOfReadings(bench, rows[0]!.id)
  const hours = Math.round((thisMonth.getTime() - monthBefore.start.getTime()) / 3_600_000)
  await hourlyFleet(bench.db, fleetGroup, FLEET, monthBefore.start, hours)
  const { rows: fleetDevices } = await bench.db.query<{ id: string }>(
    'SELECT id FROM devices WHERE group_id = $1 ORDER BY id',
    [fleetGroup],
  )
  console.log(`  ${kind}: data ready in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  const { app, port } = await listen(bench)
  const info: Info = {
    port,
    yearCookie: await signIn(app, 'year@bench.test'),
    fleetCookie: await signIn(app, 'fleet@bench.test'),
    yearDevice: rows[0]!.id,
    fleetDevices: fleetDevices.map((d) => d.id),
  }
  process.send!(info)
  process.on('message', async (message: { type: string }) => {
    if (message.type !== 'stop') return
    await app.close()
    await bench.dispose()
    process.exit(0)
  })
}

// ---------------------------------------------------------------- load side (this process)

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

function calls(info: Info) {
  const year = { port: info.port, cookie: info.yearCookie }
  const consumption = `/api/v1/devices/${info.yearDevice}/consumption/intervals`
  return {
    daily: {
      ...year,
      path: `${consumption}?${query({
        start_datetime: lastMonth.start.toISOString(),
        end_datetime: lastMonth.end.toISOString(),
        granularity: 'daily',
        timezone: TZ,
      })}`,
    },
    monthly: {
      ...year,
      path: `${consumption}?${query({
        start_datetime: yearStart.toISOString(),
        end_datetime: nextUnit(thisMonth, 'monthly', TZ).toISOString(),
        granularity: 'monthly',
        timezone: TZ,
      })}`,
    },
    report: {
      port: info.port,
      cookie: info.fleetCookie,
      path: `/api/v1/reports/energy?${query({
        current_start: lastMonth.start.toISOString(),
        current_end: lastMonth.end.toISOString(),
        previous_start: monthBefore.start.toISOString(),
        previous_end: monthBefore.end.toISOString(),
        granularity: 'daily',
        timezone: TZ,
      })}`,
    },
    reportToDate: {
      port: info.port,
      cookie: info.fleetCookie,
      path: `/api/v1/reports/energy?${query({
        current_start: monthToDate.start.toISOString(),
        current_end: monthToDate.end.toISOString(),
        previous_start: monthBeforeToDate.start.toISOString(),
        previous_end: monthBeforeToDate.end.toISOString(),
        granularity: 'daily',
        timezone: HALF_HOUR_TZ,
      })}`,
    },
    me: { ...year, path: '/api/v1/users/me' },
  } satisfies Record<string, Call>
}

/**
 * `count` bulk_push requests of 5,000 readings (1,000 devices x 5 quarter hours) going forward
 * from this month, made before the load starts: building and serializing a body takes this
 * process 5-15 ms, and the /users/me requests timed in the same event loop would wait for it.
 */
function pushes(info: Info, count: number): () => Call {
  const calls = Array.from({ length: count }, (_, k): Call => {
    const items = []
    for (let s = 0; s < 5; s++) {
      const slot = 1 + k * 5 + s
      const timestamp = new Date(thisMonth.getTime() + slot * Q).toISOString()
      for (const [d, device_id] of info.fleetDevices.entries()) {
        items.push({ device_id, timestamp, kwh: 5000 + slot * (0.5 + (d % 7) / 10) })
      }
    }
    return {
      port: info.port,
      cookie: info.fleetCookie,
      method: 'POST',
      path: '/api/v1/devices/bulk_push',
      body: JSON.stringify({ items }),
    }
  })
  let next = 0
  return () => calls[next++]!
}

const line = (label: string, s: ReturnType<typeof summary>) =>
  `  ${label.padEnd(42)} p50 ${ms(s.p50).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  max ${ms(s.max).padStart(9)}  (n=${s.n})`

async function measure(kind: Kind) {
  console.log(`\n${kind}`)
  const server = await startServer<Info>(file, kind)
  try {
    const c = calls(server.info)
    console.log(line('daily intervals, last month', summary(await sequential(c.daily, 200, 20))))
    console.log(line('monthly intervals, 12 months', summary(await sequential(c.monthly, 200, 20))))
    console.log(
      line(`report, ${FLEET} devices, month vs month`, summary(await sequential(c.report, 30, 3))),
    )
    console.log(
      line(
        `report, month to date, ${HALF_HOUR_TZ}`,
        summary(await sequential(c.reportToDate, 30, 3)),
      ),
    )
    const idle = await openLoop(c.me, 50, SECONDS / 3)
    console.log(line('GET /users/me at 50/s, idle', summary(idle.latencies)))
    // Reports at 1/s and bulk pushes at 2/s (10,000 readings/s) while /users/me runs at 50/s.
    const push = pushes(server.info, 2 * SECONDS)
    const [me, reports, ingest] = await Promise.all([
      openLoop(c.me, 50, SECONDS),
      openLoop(c.report, 1, SECONDS),
      openLoop(push, 2, SECONDS),
    ])
    console.log(line('GET /users/me at 50/s, reports + ingest', summary(me.latencies)))
    console.log(line('  meanwhile: reports at 1/s', summary(reports.latencies)))
    console.log(line('  meanwhile: bulk_push of 5,000 at 2/s', summary(ingest.latencies)))
    const errors = me.errors + reports.errors + ingest.errors
    if (errors > 0) console.log(`  ${errors} requests failed`)
  } finally {
    await stopServer(server.child)
  }
}

async function main() {
  console.log(`consumption and reports benchmark, ${TZ}, ${machine()}`)
  for (const kind of await benchKinds()) await measure(kind)
  console.log(
    '\nTargets: intervals p95 <= 20 ms on PostgreSQL; report <= 250 ms; /users/me p99 <= 20 ms under load.',
  )
  process.exit(0)
}

const serveIndex = process.argv.indexOf('--serve')
const run = serveIndex >= 0 ? serve(process.argv[serveIndex + 1] as Kind) : main()
run.catch((error) => {
  console.error(error)
  process.exit(1)
})
