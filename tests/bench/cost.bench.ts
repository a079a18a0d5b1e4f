/**
 * Benchmark (issue 26): what cost and CO2 add to a year's energy report of 1,000 devices.
 *
 * One group of 1,000 devices with hourly readings over the last twelve whole months (Europe/Berlin),
 * rollups by SQL as in consumption.bench.ts. The report is this year (the twelve months) against
 * the year before (no data yet: a fleet installed a year ago), monthly series, through HTTP. The
 * same report is measured in one run with the group's settings switched through the API between:
 *
 * - no cost: no tariff, no emission factor (the report reads no pricing rows);
 * - flat: one price per kWh, a standing charge and an emission factor (whole days price at one
 *   rate: the daily rollups);
 * - time of use: peak 07:00-22:00 Mon-Fri, off-peak otherwise (every weekday's UTC day has three
 *   runs of half hours at two rates: its daily row's running kWh by half hour, `kwh_running`).
 *
 * Rounds alternate the variants so that load from elsewhere falls on all of them. Target: cost adds
 * at most 50 % to the report's p95.
 *
 *   npx tsx tests/bench/cost.bench.ts     BENCH_ROUNDS=3 BENCH_PER_ROUND=3 BENCH_SKIP_PG=1 BENCH_SKIP_PGLITE=1
 */
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import type { EnergySettings } from '~/api/__generated__/types.gen.ts'
import { presetWindow, unitStart } from '~/server/modules/consumption/buckets.ts'
import {
  benchKinds,
  benchTenant,
  listen,
  machine,
  ms,
  openBenchDatabase,
  sequential,
  signIn,
  startServer,
  stopServer,
  summary,
  type Call,
  type Kind,
} from './support/kit.ts'

const file = fileURLToPath(import.meta.url)
const TZ = 'Europe/Berlin'
const FLEET = 1000
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 4)
const now = new Date()
const thisMonth = unitStart(now, 'monthly', TZ)
const monthsBack = (from: Date, n: number) => {
  let d = from
  for (let i = 0; i < n; i++) d = presetWindow('last_month', TZ, d).start
  return d
}
const year = { start: monthsBack(thisMonth, 12), end: thisMonth }
const yearBefore = { start: monthsBack(year.start, 12), end: year.start }

const weekdays = [1, 2, 3, 4, 5]
const VARIANTS: Record<'no cost' | 'flat' | 'time of use', EnergySettings> = {
  'no cost': { billing_cycle_start_day: 1, currency: null, tariffs: [], emission_factors: [] },
  flat: {
    billing_cycle_start_day: 1,
    currency: 'EUR',
    tariffs: [{ effective_from: '2000-01-01', standing_charge_per_day: 0.45, price_per_kwh: 0.31 }],
    emission_factors: [{ effective_from: '2000-01-01', g_co2e_per_kwh: 380 }],
  },
  'time of use': {
    billing_cycle_start_day: 1,
    currency: 'EUR',
    tariffs: [
      {
        effective_from: '2000-01-01',
        standing_charge_per_day: 0.45,
        windows: [
          { days: weekdays, start: '00:00', end: '07:00', price_per_kwh: 0.22 },
          { days: weekdays, start: '07:00', end: '22:00', price_per_kwh: 0.38 },
          { days: weekdays, start: '22:00', end: '24:00', price_per_kwh: 0.22 },
          { days: [6, 7], start: '00:00', end: '24:00', price_per_kwh: 0.22 },
        ],
      },
    ],
    emission_factors: [{ effective_from: '2000-01-01', g_co2e_per_kwh: 380 }],
  },
}
type Variant = keyof typeof VARIANTS

interface Info {
  port: number
  cookie: string
  group: string
}

// ---------------------------------------------------------------- server side (child process)

/** 1,000 devices with hourly readings over the year, rollups by SQL (see consumption.bench.ts). */
async function fleet(bench: Awaited<ReturnType<typeof openBenchDatabase>>, groupId: string) {
  const hours = Math.round((year.end.getTime() - year.start.getTime()) / 3_600_000)
  await bench.db.query(
    `INSERT INTO devices (group_id, name, serial_number)
     SELECT $1, 'Fleet meter ' || lpad(i::text, 4, '0'), 'FL-' || i FROM generate_series(1, $2::int) AS i`,
    [groupId, FLEET],
  )
  // Month by month: one statement for 8.8 million rows holds them all in one sort.
  for (let from = 0; from <= hours; from += 24 * 31) {
    const to = Math.min(hours, from + 24 * 31 - 1)
    await bench.db.query(
      `INSERT INTO readings (group_id, device_id, ts, kwh, delta_kwh, source)
       SELECT d.group_id, d.id, $2::timestamptz + s.i * interval '1 hour', 1000 + s.i * d.rate,
              CASE WHEN s.i = 0 THEN NULL ELSE d.rate END, 'mqtt'
       FROM (SELECT id, group_id, 0.5 + (abs(hashtext(id::text)) % 100) / 50.0 AS rate
             FROM devices WHERE group_id = $1) d
       CROSS JOIN generate_series($3::int, $4::int) AS s(i)
       ORDER BY s.i`,
      [groupId, year.start.toISOString(), from, to],
    )
  }
  for (const [table, unit, extra] of [
    ['readings_hourly', 'hour', ', kwh_first_half'],
    ['readings_daily', 'day', ''],
  ]) {
    await bench.db.query(
      `INSERT INTO ${table} (device_id, group_id, ${unit}, kwh, reading_count, resets, gaps, estimated, first_ts, last_ts, last_kwh${extra})
       SELECT device_id, group_id, date_bin('1 ${unit}', ts - interval '1 microsecond', timestamptz '2000-01-01 00:00:00+00'),
              coalesce(sum(delta_kwh), 0), count(*), 0, count(*), 0, min(ts), max(ts), max(kwh)${extra && ', 0'}
       FROM readings WHERE group_id = $1 GROUP BY 1, 2, 3 ORDER BY 3, 1`,
      [groupId],
    )
  }
  // Each day's running kWh by half hour from its hourly rows, as migration 025 fills them; a month at a time.
  for (let from = 0; from <= hours; from += 24 * 31) {
    await bench.db.query(
      `UPDATE readings_daily d SET kwh_running = s.running
       FROM (
         SELECT device_id, day, array_agg(kwh ORDER BY i) AS running
         FROM (
           SELECT g.device_id, g.day, g.i,
                  sum(coalesce(CASE WHEN g.i % 2 = 0 THEN h.kwh_first_half ELSE h.kwh - h.kwh_first_half END, 0))
                    OVER (PARTITION BY g.device_id, g.day ORDER BY g.i) AS kwh
           FROM (SELECT device_id, day, i FROM readings_daily CROSS JOIN generate_series(0, 47) AS i
                 WHERE group_id = $1 AND day >= $2::timestamptz AND day < $3::timestamptz) g
           LEFT JOIN readings_hourly h ON h.device_id = g.device_id AND h.hour = g.day + (g.i / 2) * interval '1 hour'
         ) halves
         GROUP BY device_id, day
       ) s
       WHERE d.device_id = s.device_id AND d.day = s.day`,
      [
        groupId,
        new Date(year.start.getTime() - 86_400_000 + from * 3_600_000).toISOString(),
        new Date(year.start.getTime() - 86_400_000 + (from + 24 * 31) * 3_600_000).toISOString(),
      ],
    )
  }
  await bench.db.query(
    `UPDATE devices d SET reading_count = s.n, first_reading_at = s.first, last_reading_at = s.last,
            latest_kwh = s.kwh, last_seen = s.last
     FROM (SELECT device_id, count(*) AS n, min(ts) AS first, max(ts) AS last, max(kwh) AS kwh
           FROM readings WHERE group_id = $1 GROUP BY device_id) s
     WHERE d.id = s.device_id`,
    [groupId],
  )
  // The half hours' update left a dead version of every daily row: ingest, which writes them in
  // place over a day, leaves no such table; the report reads it as it would be.
  await bench.db.exec('VACUUM FULL readings_daily')
  await bench.db.exec('VACUUM ANALYZE')
}

async function serve(kind: Kind) {
  const bench = await openBenchDatabase(kind)
  const group = await benchTenant(bench.db, 'Fleet', 'fleet@bench.test')
  const started = performance.now()
  await fleet(bench, group)
  console.log(`  ${kind}: data ready in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  const { app, port } = await listen(bench)
  const info: Info = { port, cookie: await signIn(app, 'fleet@bench.test'), group }
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

const reportCall = (info: Info): Call => ({
  port: info.port,
  cookie: info.cookie,
  path: `/api/v1/reports/energy?${query({
    current_start: year.start.toISOString(),
    current_end: year.end.toISOString(),
    previous_start: yearBefore.start.toISOString(),
    previous_end: yearBefore.end.toISOString(),
    granularity: 'monthly',
    timezone: TZ,
  })}`,
})

/** The group's settings through the API, as an admin would save them. */
async function settle(info: Info, variant: Variant) {
  const response = await fetch(
    `http://127.0.0.1:${info.port}/api/v1/groups/${info.group}/energy-settings`,
    {
      method: 'PUT',
      headers: {
        cookie: info.cookie,
        'content-type': 'application/json',
        'x-request-id': randomBytes(8).toString('hex'),
      },
      body: JSON.stringify(VARIANTS[variant]),
    },
  )
  if (response.status !== 200) throw new Error(`PUT settings: ${response.status}`)
}

/** One report's figures, to show the variants answer what they should. */
async function totals(info: Info) {
  const call = reportCall(info)
  const response = await fetch(`http://127.0.0.1:${call.port}${call.path}`, {
    headers: { cookie: info.cookie, 'x-request-id': randomBytes(8).toString('hex') },
  })
  const body = (await response.json()) as {
    current: { total_kwh: number; total_cost: number | null; standing_charge: number | null }
    currency: string | null
  }
  return `${body.current.total_kwh} kWh, cost ${body.current.total_cost} ${body.currency ?? ''}, standing ${body.current.standing_charge}`
}

const line = (label: string, s: ReturnType<typeof summary>, base?: ReturnType<typeof summary>) =>
  `  ${label.padEnd(14)} p50 ${ms(s.p50).padStart(10)}  p95 ${ms(s.p95).padStart(10)}  max ${ms(s.max).padStart(10)}  (n=${s.n})` +
  (base === undefined
    ? ''
    : `  p95 x${(s.p95 / base.p95).toFixed(2)} (+${((s.p95 / base.p95 - 1) * 100).toFixed(0)} %), p50 x${(s.p50 / base.p50).toFixed(2)}`)

async function measure(kind: Kind) {
  console.log(`\n${kind}`)
  const server = await startServer<Info>(file, kind)
  try {
    const call = reportCall(server.info)
    const latencies = new Map<Variant, number[]>()
    const variants = Object.keys(VARIANTS) as Variant[]
    for (const v of variants) {
      await settle(server.info, v)
      console.log(`  ${v}: ${await totals(server.info)}`)
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Each round in another order, so no variant always follows the same one.
      const order = round % 2 === 0 ? variants : [...variants].reverse()
      for (const v of order) {
        await settle(server.info, v)
        const list = await sequential(call, PER_ROUND, 1)
        latencies.set(v, [...(latencies.get(v) ?? []), ...list])
      }
    }
    const base = summary(latencies.get('no cost')!)
    for (const v of variants)
      console.log(line(v, summary(latencies.get(v)!), v === 'no cost' ? undefined : base))
  } finally {
    await stopServer(server.child)
  }
}

async function main() {
  console.log(
    `cost benchmark: report of ${FLEET} devices, a year (${year.start.toISOString()} to ${year.end.toISOString()}) vs the year before, monthly, ${TZ}; ${machine()}`,
  )
  for (const kind of await benchKinds()) await measure(kind)
  console.log('\nTarget: cost adds at most 50 % to the p95 of the report without cost.')
  process.exit(0)
}

const serveIndex = process.argv.indexOf('--serve')
const run = serveIndex >= 0 ? serve(process.argv[serveIndex + 1] as Kind) : main()
run.catch((error) => {
  console.error(error)
  process.exit(1)
})
