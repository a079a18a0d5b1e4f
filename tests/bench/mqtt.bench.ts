/**
 * Benchmark (issue 22): device ingest over MQTT QoS 1 through the embedded broker, on PGlite and
 * PostgreSQL, each figure as readings/s and acknowledgement latency (publish to PUBACK, which
 * comes after the commit), and as a ratio to a raw batched INSERT of the same rows in the same
 * run:
 *
 *   1. 100 devices, each its own connection, one reading a second each (an open loop: the rate
 *      is what they offer; the latency is the figure);
 *   1b. the device HTTP endpoint with 1, 10 and 100 readings a request (10 devices at once);
 *   2. 10 gateways publishing messages of 500 readings, 10 in flight, round after round, beside
 *      bulk push (10 requests of 500 at once) and the raw INSERT (10 statements of 500 at once)
 *      of the same shape, rounds interleaved;
 *   3. (PGlite) 1,000 devices at one reading a second each: p99 acknowledgement.
 *
 *   npx tsx tests/bench/mqtt.bench.ts   BENCH_SECONDS=20 BENCH_ROUNDS=30 BENCH_SKIP_PG=1
 *
 * Targets: MQTT batches >= 0.8 of bulk push's rate; 1,000 devices on PGlite with p99 < 250 ms.
 */
import { fileURLToPath } from 'node:url'
import mqtt, { type MqttClient } from 'mqtt'
import {
  benchKinds,
  benchTenant,
  listen,
  machine,
  ms,
  openBenchDatabase,
  request,
  signIn,
  ask,
  startServer,
  stopServer,
  summary,
  type Kind,
} from './support/kit.ts'

const file = fileURLToPath(import.meta.url)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const WARMUP = 2
const GATEWAYS = 10
const BATCH = 500
const FLEETS = { small: 100, large: 1000 }
const MINUTE = 60_000
// Gateway rows lie in the past (a gateway forwarding its meters' stored quarter hours).
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - (ROUNDS + WARMUP + 2) * BATCH * MINUTE

interface Fleet {
  ids: string[]
  tokens: string[]
}
interface Info {
  port: number
  mqttPort: number
  cookie: string
  small: Fleet
  large: Fleet
  gateways: Fleet
  pushed: string[]
}

const rowsOf = (device: string, round: number) =>
  Array.from({ length: BATCH }, (_, i) => {
    const minute = round * BATCH + i
    return {
      device_id: device,
      timestamp: new Date(T0 + minute * MINUTE).toISOString(),
      kwh: minute / 10,
    }
  })

// ---------------------------------------------------------------- server side (child process)

async function serve(kind: Kind) {
  const { SYSTEM } = await import('~/server/db/database.ts')
  const { newDeviceToken } = await import('~/server/modules/devices/device-credentials.ts')
  const { authenticateDevice } = await import('~/server/modules/devices/device-credentials.ts')
  const { mqttOff, startMqtt } = await import('~/server/modules/mqtt/mqtt-service.ts')
  const { loadConfig } = await import('~/server/config.ts')
  const pino = (await import('pino')).default
  const bench = await openBenchDatabase(kind)
  const groupId = await benchTenant(bench.db, 'MQTT', 'mqtt@bench.test')
  const fleet = async (prefix: string, count: number): Promise<Fleet> => {
    const ids = (
      await bench.db.query<{ id: string }>(
        `INSERT INTO devices (group_id, name, serial_number)
         SELECT $1, $2 || lpad(i::text, 4, '0'), $2 || i FROM generate_series(1, $3::int) AS i
         RETURNING id`,
        [groupId, prefix, count],
      )
    ).rows.map((r) => r.id)
    const made = ids.map(() => newDeviceToken())
    await bench.db.transaction(SYSTEM, (tx) =>
      tx.query(
        `INSERT INTO device_credentials (device_id, group_id, token_hash)
         SELECT id, $1, hash FROM unnest($2::uuid[], $3::bytea[]) AS t(id, hash)`,
        [groupId, ids, made.map((m) => m.hash)],
      ),
    )
    return { ids, tokens: made.map((m) => m.token) }
  }
  const small = await fleet('Small', FLEETS.small)
  const large = kind === 'pglite' ? await fleet('Large', FLEETS.large) : { ids: [], tokens: [] }
  const gateways = await fleet('Gateway', GATEWAYS)
  const pushed = (await fleet('Pushed', GATEWAYS)).ids
  const raw = (await fleet('Raw', GATEWAYS)).ids
  const { app, port } = await listen(bench)
  const cookie = await signIn(app, 'mqtt@bench.test')
  const state = mqttOff('starting')
  const config = loadConfig({ APP_ENV: 'production' }).mqtt
  const service = await startMqtt({
    // As the server configures itself: one batch at a time on PGlite, four on PostgreSQL.
    config: {
      ...config,
      enabled: true,
      host: '127.0.0.1',
      port: 0,
      maxConcurrentBatches: kind === 'postgres' ? 4 : 1,
    },
    db: bench.db,
    log: pino({ level: 'warn' }),
    authenticate: (deviceId, token) => authenticateDevice(bench.db, deviceId, token),
    state,
  })
  process.send!({ port, mqttPort: state.port, cookie, small, large, gateways, pushed })
  process.on('message', async (message: { id: string; type: string; round: number }) => {
    if (message.type === 'stop') {
      await service.stop()
      await app.close()
      await bench.dispose()
      process.exit(0)
    }
    if (message.type === 'counters') {
      process.send!({ id: message.id, counters: state.counters })
      return
    }
    // The raw INSERT of one round: each gateway's rows as one unnest() statement, all at once.
    const started = performance.now()
    await Promise.all(
      raw.map((device) => {
        const rows = rowsOf(device, message.round)
        return bench.db.transaction(SYSTEM, (tx) =>
          tx.query(
            `INSERT INTO readings (group_id, device_id, ts, kwh)
             SELECT $1, * FROM unnest($2::uuid[], $3::timestamptz[], $4::float8[])`,
            [
              groupId,
              rows.map((r) => r.device_id),
              rows.map((r) => r.timestamp),
              rows.map((r) => r.kwh),
            ],
          ),
        )
      }),
    )
    process.send!({ id: message.id, ms: performance.now() - started })
  })
}

// ---------------------------------------------------------------- load side (this process)

async function connectAll(port: number, fleet: Fleet): Promise<MqttClient[]> {
  const clients: MqttClient[] = []
  for (let i = 0; i < fleet.ids.length; i += 50)
    clients.push(
      ...(await Promise.all(
        fleet.ids.slice(i, i + 50).map((id, j) =>
          mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
            protocolVersion: 4,
            username: id,
            password: fleet.tokens[i + j]!,
            reconnectPeriod: 0,
            keepalive: 120,
          }),
        ),
      )),
    )
  return clients
}

/**
 * Every device publishes one reading a second (its start spread over the first second) for
 * SECONDS; latency from each publish's schedule to its PUBACK.
 */
async function everySecond(port: number, fleet: Fleet) {
  const clients = await connectAll(port, fleet)
  const latencies: number[] = []
  let failed = 0
  const t0 = performance.now() + 500
  const started = Date.now()
  await Promise.all(
    clients.map(async (client, d) => {
      const topic = `meterdeck/v1/devices/${fleet.ids[d]}/readings`
      for (let s = 0; s < SECONDS; s++) {
        const scheduled = t0 + s * 1000 + (d * 1000) / clients.length
        const wait = scheduled - performance.now()
        if (wait > 0) await new Promise((r) => setTimeout(r, wait))
        const payload = JSON.stringify({
          timestamp: new Date(started + s * 1000).toISOString(),
          kwh: 100 + s / 100,
        })
        await client.publishAsync(topic, payload, { qos: 1 }).then(
          () => latencies.push(performance.now() - scheduled),
          () => failed++,
        )
      }
    }),
  )
  const wall = (performance.now() - t0) / 1000
  await Promise.all(clients.map((c) => c.endAsync()))
  return { latencies, failed, rate: latencies.length / wall }
}

interface RoundTotals {
  mqtt: number
  push: number
  raw: number
  mqttLatencies: number[]
  pushLatencies: number[]
}

/** Rounds of 10 gateway messages, 10 bulk pushes and 10 raw INSERTs of 500, interleaved. */
async function batches(server: Awaited<ReturnType<typeof startServer<Info>>>) {
  const { port, mqttPort, cookie, gateways, pushed } = server.info
  const clients = await connectAll(mqttPort, gateways)
  const total: RoundTotals = { mqtt: 0, push: 0, raw: 0, mqttLatencies: [], pushLatencies: [] }
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const counted = round >= WARMUP
    let started = performance.now()
    await Promise.all(
      clients.map(async (client, g) => {
        const t = performance.now()
        const readings = rowsOf(gateways.ids[g]!, round).map(({ timestamp, kwh }) => ({
          timestamp,
          kwh,
        }))
        await client.publishAsync(
          `meterdeck/v1/devices/${gateways.ids[g]}/readings`,
          JSON.stringify({ readings }),
          { qos: 1 },
        )
        if (counted) total.mqttLatencies.push(performance.now() - t)
      }),
    )
    if (counted) total.mqtt += performance.now() - started
    started = performance.now()
    await Promise.all(
      pushed.map(async (device) => {
        const t = performance.now()
        await request({
          port,
          cookie,
          method: 'POST',
          path: '/api/v1/devices/bulk_push',
          body: JSON.stringify({ items: rowsOf(device, round) }),
        })
        if (counted) total.pushLatencies.push(performance.now() - t)
      }),
    )
    if (counted) total.push += performance.now() - started
    const raw = await ask<{ ms: number }>(server.child, { type: 'raw', round })
    if (counted) total.raw += raw.ms
  }
  await Promise.all(clients.map((c) => c.endAsync()))
  return total
}

/** Readings a request on the device endpoint, and how many devices send at once. */
const HTTP_SIZES = [1, 10, 100] as const
const HTTP_DEVICES = 10

/**
 * The device HTTP endpoint (POST /api/v1/devices/{id}/readings with the device's own token): 10
 * devices at once, each sending ROUNDS requests of `size` readings back to back, in a stretch of
 * the past of their own (`base`), so nothing collides with the other loads' rows.
 */
async function deviceHttp(port: number, fleet: Fleet, size: number, base: number) {
  const latencies: number[] = []
  const started = performance.now()
  await Promise.all(
    fleet.ids.slice(0, HTTP_DEVICES).map(async (id, d) => {
      for (let round = 0; round < ROUNDS; round++) {
        const readings = Array.from({ length: size }, (_, i) => {
          const minute = round * size + i
          return { timestamp: new Date(base + minute * MINUTE).toISOString(), kwh: minute / 10 }
        })
        latencies.push(
          await request({
            port,
            authorization: `Bearer ${fleet.tokens[d]}`,
            method: 'POST',
            path: `/api/v1/devices/${id}/readings`,
            body: JSON.stringify({ readings }),
          }),
        )
      }
    }),
  )
  const rate = (HTTP_DEVICES * ROUNDS * size) / ((performance.now() - started) / 1000)
  return { rate, latencies }
}

const rate = (readings: number, msTotal: number) => readings / (msTotal / 1000)
const perSecond = (n: number) => `${Math.round(n).toLocaleString('en')} readings/s`

async function measure(kind: Kind) {
  const server = await startServer<Info>(file, kind)
  try {
    console.log(kind)
    const b = await batches(server)
    const readings = ROUNDS * GATEWAYS * BATCH
    const rawRate = rate(readings, b.raw)
    const line = (label: string, r: number, latencies?: number[]) => {
      const s = latencies && summary(latencies)
      console.log(
        `    ${label.padEnd(34)} ${perSecond(r).padStart(18)}   ratio to raw ${(r / rawRate).toFixed(2)}` +
          (s ? `   ack p50 ${ms(s.p50)}, p99 ${ms(s.p99)}` : ''),
      )
    }
    console.log(`  10 gateways, messages of ${BATCH}, ${ROUNDS} rounds (10 in flight)`)
    const mqttRate = rate(readings, b.mqtt)
    const pushRate = rate(readings, b.push)
    line('MQTT QoS 1, 10 gateways', mqttRate, b.mqttLatencies)
    line('bulk push, 10 clients', pushRate, b.pushLatencies)
    line('raw batched INSERT, 10 at once', rawRate)
    console.log(`    MQTT / bulk push: ${(mqttRate / pushRate).toFixed(2)} (target >= 0.8)`)
    console.log(`  device HTTP endpoint, ${HTTP_DEVICES} devices at once, ${ROUNDS} requests each`)
    for (const [k, size] of HTTP_SIZES.entries()) {
      const base = T0 - (k + 1) * ROUNDS * HTTP_SIZES.at(-1)! * MINUTE
      const run = await deviceHttp(server.info.port, server.info.small, size, base)
      line(`${size} reading${size === 1 ? '' : 's'} a request`, run.rate, run.latencies)
    }
    const fleets: Array<[string, Fleet]> = [['100 devices, 1 reading/s each', server.info.small]]
    if (server.info.large.ids.length)
      fleets.push(['1,000 devices, 1 reading/s each', server.info.large])
    for (const [label, fleet] of fleets) {
      const run = await everySecond(server.info.mqttPort, fleet)
      const s = summary(run.latencies)
      console.log(
        `  ${label}, ${SECONDS} s: ${perSecond(run.rate)} (ratio to raw ${(run.rate / rawRate).toFixed(3)}),` +
          ` ack p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)}, failed ${run.failed}`,
      )
    }
    const { counters } = await ask<{ counters: Record<string, number> }>(server.child, {
      type: 'counters',
    })
    console.log(`  counters: ${JSON.stringify(counters)}`)
  } finally {
    await stopServer(server.child)
  }
}

async function main() {
  console.log(`MQTT ingest benchmark (embedded broker, QoS 1), ${machine()}`)
  for (const kind of await benchKinds()) await measure(kind)
  console.log(
    '\nTargets: MQTT batches >= 0.8 of bulk push; 1,000 devices on PGlite, p99 ack < 250 ms.',
  )
  process.exit(0)
}

const serveIndex = process.argv.indexOf('--serve')
const run = serveIndex >= 0 ? serve(process.argv[serveIndex + 1] as Kind) : main()
run.catch((error) => {
  console.error(error)
  process.exit(1)
})
