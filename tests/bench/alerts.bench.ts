/**
 * Benchmark (issue 24): how late an offline alarm is raised after the rule's
 * `offline_after_minutes` has passed, and how late its webhook arrives after the raise. Devices go
 * silent at random moments (their due times spread over `BENCH_SPREAD_S`), the rules evaluator and
 * the outbox worker run as in the server, a local receiver takes the webhooks. Targets: raise
 * within 2 minutes of due, webhook within 10 s of the raise.
 *
 * The evaluator runs every `BENCH_EVALUATOR_MS` (5 s here, `intervalMs` of startRulesEvaluator;
 * the server runs it every 60 s, which bounds due -> raise at 60 s plus one run's time).
 *
 *   npx tsx tests/bench/alerts.bench.ts     (BENCH_DEVICES=40; BENCH_SKIP_PG=1 skips PostgreSQL)
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { SYSTEM, type Database } from '~/server/db/database.ts'
import { newWebhookSecret } from '~/server/modules/notifications/channels-repository.ts'
import { startRulesEvaluator } from '~/server/modules/notifications/evaluator.ts'
import { startOutboxWorker } from '~/server/modules/notifications/outbox-worker.ts'
import {
  benchKinds,
  benchTenant,
  ms,
  openBenchDatabase,
  percentile,
  type Kind,
} from './support/kit.ts'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 40)
const SPREAD_S = Number(process.env.BENCH_SPREAD_S ?? 30)
const EVALUATOR_MS = Number(process.env.BENCH_EVALUATOR_MS ?? 5_000)
const OFFLINE_MINUTES = 5

/** Webhook arrivals by alarm id, stamped when the receiver got them. */
function receiver() {
  const arrivals = new Map<string, number>()
  let onArrival = () => {}
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      const at = Date.now()
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      if (body.type === 'alarm.raised' && !arrivals.has(body.data.alarm.id))
        arrivals.set(body.data.alarm.id, at)
      response.writeHead(204).end()
      onArrival()
    })
  })
  return {
    arrivals,
    server,
    waitFor: (n: number, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${arrivals.size} of ${n} webhooks`)),
          timeoutMs,
        )
        onArrival = () => {
          if (arrivals.size >= n) {
            clearTimeout(timer)
            resolve()
          }
        }
      }),
  }
}

/** Devices whose offline rule falls due at a random moment in the next SPREAD_S seconds. */
async function silentDevices(db: Database, group: string, url: string) {
  return db.transaction(SYSTEM, async (tx) => {
    const { rows: channel } = await tx.query<{ id: string }>(
      `INSERT INTO notification_channels (group_id, type, name, url, secret)
       VALUES ($1, 'webhook', 'Receiver', $2, $3) RETURNING id`,
      [group, url, newWebhookSecret()],
    )
    const due = new Map<string, number>()
    const start = Date.now()
    for (let i = 0; i < DEVICES; i++) {
      const dueAt = start + Math.random() * SPREAD_S * 1000
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO devices (group_id, name, serial_number, last_seen) VALUES ($1, $2, $3, $4)
         RETURNING id`,
        [group, `Meter ${i}`, `ALERT-${i}`, new Date(dueAt - OFFLINE_MINUTES * 60_000)],
      )
      due.set(rows[0]!.id, dueAt)
    }
    await tx.query(
      `INSERT INTO notification_rules (group_id, name, alert_type, offline_after_minutes, channel_ids)
       VALUES ($1, 'Offline', 'DEVICE_OFFLINE', $2, ARRAY[$3::uuid])`,
      [group, OFFLINE_MINUTES, channel[0]!.id],
    )
    return due
  })
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
const line = (label: string, xs: number[]) =>
  `${label}: p50 ${ms(percentile(sorted(xs), 50))}, p99 ${ms(percentile(sorted(xs), 99))}, ` +
  `max ${ms(Math.max(...xs))}`

async function run(kind: Kind) {
  const bench = await openBenchDatabase(kind)
  const hooks = receiver()
  await new Promise<void>((resolve) => hooks.server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(hooks.server.address() as AddressInfo).port}/hook`
  const log = pino({ level: 'silent' })
  try {
    const group = await benchTenant(bench.db, 'Bench', 'bench@example.com')
    const due = await silentDevices(bench.db, group, url)
    const worker = await startOutboxWorker(bench.db, log, {
      mail: { smtpUrl: undefined, mailFrom: 'x', publicUrl: undefined, timeoutMs: 10_000 },
      webhooks: { allowHosts: [] },
    })
    const stopEvaluator = startRulesEvaluator(bench.db, log, {
      intervalMs: EVALUATOR_MS,
      firstRunMs: 0,
    })
    await hooks.waitFor(DEVICES, SPREAD_S * 1000 + 120_000)
    await stopEvaluator()
    await worker.stop()
    const { rows } = await bench.db.query<{ id: string; device_id: string; raised_at: Date }>(
      'SELECT id, device_id, raised_at FROM alarms',
    )
    const toRaise = rows.map((a) => a.raised_at.getTime() - due.get(a.device_id)!)
    const toHook = rows.map((a) => hooks.arrivals.get(a.id)! - a.raised_at.getTime())
    console.log(
      `${kind}: ${rows.length} devices silent over ${SPREAD_S} s, evaluator every ${EVALUATOR_MS / 1000} s`,
    )
    console.log(`  ${line('due -> alarm raised', toRaise)}`)
    console.log(`  ${line('raised -> webhook arrived', toHook)}`)
    console.log(
      `  ${line(
        'due -> webhook arrived',
        toRaise.map((r, i) => r + toHook[i]!),
      )}`,
    )
  } finally {
    hooks.server.close()
    await bench.dispose()
  }
}

for (const kind of await benchKinds()) await run(kind)
