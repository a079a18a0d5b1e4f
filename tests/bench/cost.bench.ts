/**
 * Benchmark (issue 26): what cost and CO2 add to a year's energy report of 1,000 devices.
 *
 * One group of 1,000 devices with hourly readings over the last twelve whole months (Europe/Berlin),
 * rollups by SQL (support/fleet.ts). The report is this year (the twelve months) against
 * the year before (no data yet: a fleet installed a year ago), monthly series, through HTTP. The
 * same report is measured in one run with the group's settings switched through the API between:
 *
 * - no cost: no tariff, no emission factor (the report reads no pricing rows);
 * - flat: one price per kWh, a standing charge and an emission factor (whole days price at one
 *   rate: the daily rollups);
 * - time of use: peak 07:00-22:00 Mon-Fri, off-peak otherwise (every weekday's UTC day has three
 *   runs of half hours at two rates: its daily row's running kWh by half hour, `kwh_running`).
 *
 * - two-way, demand (issue 35): a second group of 1,000 two-way meters read every quarter hour
 *   (both registers, each day's quarter hours and peak: support/fleet.ts) under a flat tariff with
 *   a feed-in price and a Flemish demand charge (12-bill rolling mean, 2.5 kW floor): the report
 *   adds export, net, each device's peak and the demand charge from 23 bills' peaks.
 *
 * Rounds alternate the variants so that load from elsewhere falls on all of them. Targets: cost adds
 * at most 50 % to the report's p95 (issue 26); the two-way report is at most 50 % over the flat
 * one's p95 (issue 35: "today's report").
 *
 *   npx tsx tests/bench/cost.bench.ts     BENCH_ROUNDS=3 BENCH_PER_ROUND=3 BENCH_SKIP_PG=1 BENCH_SKIP_PGLITE=1
 */
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import type { EnergySettings } from '~/api/__generated__/types.gen.ts'
import { presetWindow, unitStart } from '~/server/modules/energy/windows.ts'
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
import { hourlyFleet } from './support/fleet.ts'

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
const VARIANTS: Record<'no cost' | 'flat' | 'time of use' | 'two-way, demand', EnergySettings> = {
  'no cost': {
    billing_cycle_start_day: 1,
    currency: null,
    credit_export_co2: false,
    tariffs: [],
    emission_factors: [],
  },
  flat: {
    billing_cycle_start_day: 1,
    currency: 'EUR',
    credit_export_co2: false,
    tariffs: [{ effective_from: '2000-01-01', standing_charge_per_day: 0.45, price_per_kwh: 0.31 }],
    emission_factors: [{ effective_from: '2000-01-01', g_co2e_per_kwh: 380 }],
  },
  'two-way, demand': {
    billing_cycle_start_day: 1,
    currency: 'EUR',
    credit_export_co2: true,
    tariffs: [
      {
        effective_from: '2000-01-01',
        standing_charge_per_day: 0.45,
        price_per_kwh: 0.31,
        feed_in_price_per_kwh: 0.05,
        demand_charge: { price_per_kw: 4.36, basis: 'rolling_mean_12', floor_kw: 2.5 },
      },
    ],
    emission_factors: [{ effective_from: '2000-01-01', g_co2e_per_kwh: 380 }],
  },
  'time of use': {
    billing_cycle_start_day: 1,
    currency: 'EUR',
    credit_export_co2: false,
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

interface Tenant {
  cookie: string
  group: string
}

interface Info {
  port: number
  /** The import-only fleet (every variant but the two-way one) and the two-way fleet. */
  oneWay: Tenant
  twoWay: Tenant
}

const TWO_WAY: Variant = 'two-way, demand'
const tenantOf = (info: Info, variant: Variant) => (variant === TWO_WAY ? info.twoWay : info.oneWay)

// ---------------------------------------------------------------- server side (child process)

async function serve(kind: Kind) {
  const bench = await openBenchDatabase(kind)
  const group = await benchTenant(bench.db, 'Fleet', 'fleet@bench.test')
  const twoWayGroup = await benchTenant(bench.db, 'Two-way fleet', 'two-way@bench.test')
  const started = performance.now()
  const hours = Math.round((year.end.getTime() - year.start.getTime()) / 3_600_000)
  await hourlyFleet(bench.db, group, FLEET, year.start, hours)
  await hourlyFleet(bench.db, twoWayGroup, FLEET, year.start, hours, {
    twoWay: true,
    serialPrefix: 'TW',
  })
  console.log(`  ${kind}: data ready in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  const { app, port } = await listen(bench)
  const info: Info = {
    port,
    oneWay: { cookie: await signIn(app, 'fleet@bench.test'), group },
    twoWay: { cookie: await signIn(app, 'two-way@bench.test'), group: twoWayGroup },
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

const reportCall = (info: Info, variant: Variant): Call => ({
  port: info.port,
  cookie: tenantOf(info, variant).cookie,
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
  const tenant = tenantOf(info, variant)
  const response = await fetch(
    `http://127.0.0.1:${info.port}/api/v1/groups/${tenant.group}/energy-settings`,
    {
      method: 'PUT',
      headers: {
        cookie: tenant.cookie,
        'content-type': 'application/json',
        'x-request-id': randomBytes(8).toString('hex'),
      },
      body: JSON.stringify(VARIANTS[variant]),
    },
  )
  if (response.status !== 200) throw new Error(`PUT settings: ${response.status}`)
}

/** One report's figures, to show the variants answer what they should. */
async function totals(info: Info, variant: Variant) {
  const call = reportCall(info, variant)
  const response = await fetch(`http://127.0.0.1:${call.port}${call.path}`, {
    headers: {
      cookie: tenantOf(info, variant).cookie,
      'x-request-id': randomBytes(8).toString('hex'),
    },
  })
  const body = (await response.json()) as {
    current: {
      total_kwh: number
      total_export_kwh: number | null
      total_cost: number | null
      cost_breakdown: unknown
      standing_charge: number | null
    }
    currency: string | null
  }
  const c = body.current
  return `${c.total_kwh} kWh, export ${c.total_export_kwh}, cost ${c.total_cost} ${body.currency ?? ''} ${JSON.stringify(c.cost_breakdown)}, standing ${c.standing_charge}`
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
    const latencies = new Map<Variant, number[]>()
    const variants = Object.keys(VARIANTS) as Variant[]
    for (const v of variants) {
      await settle(server.info, v)
      console.log(`  ${v}: ${await totals(server.info, v)}`)
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Each round in another order, so no variant always follows the same one.
      const order = round % 2 === 0 ? variants : [...variants].reverse()
      for (const v of order) {
        await settle(server.info, v)
        const list = await sequential(reportCall(server.info, v), PER_ROUND, 1)
        latencies.set(v, [...(latencies.get(v) ?? []), ...list])
      }
    }
    const base = summary(latencies.get('no cost')!)
    for (const v of variants)
      console.log(line(v, summary(latencies.get(v)!), v === 'no cost' ? undefined : base))
    const flat = summary(latencies.get('flat')!)
    console.log(line(`${TWO_WAY} vs flat`, summary(latencies.get(TWO_WAY)!), flat))
  } finally {
    await stopServer(server.child)
  }
}

async function main() {
  console.log(
    `cost benchmark: report of ${FLEET} devices, a year (${year.start.toISOString()} to ${year.end.toISOString()}) vs the year before, monthly, ${TZ}; ${machine()}`,
  )
  for (const kind of await benchKinds()) await measure(kind)
  console.log(
    '\nTargets: cost adds at most 50 % to the p95 of the report without cost; the two-way report with its demand charge at most 50 % to the flat one.',
  )
  process.exit(0)
}

const serveIndex = process.argv.indexOf('--serve')
const run = serveIndex >= 0 ? serve(process.argv[serveIndex + 1] as Kind) : main()
run.catch((error) => {
  console.error(error)
  process.exit(1)
})
