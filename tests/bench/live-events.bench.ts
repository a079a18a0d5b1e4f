/**
 * Benchmark (issue 23): the live event stream. With 10, 100 and 500 streams open (an admin's
 * session each, all in the devices' group) while 100 devices publish one reading a second each
 * (bulk push of one reading per device, an open loop), on PGlite and PostgreSQL:
 *
 *   - latency from publishing a reading to its `reading` event arriving on a stream, p50/p99
 *     (an upper bound of commit-to-event: it includes the ingest itself), measured on 10 streams
 *     spread over the open ones (the server writes them all in one loop);
 *   - the publish's own acknowledgement latency (after the commit), for comparison;
 *   - server memory per open stream (RSS and heap after GC, child process, before and after);
 *   - the latency of a trivial request (GET /api/v1/users/me) every 50 ms meanwhile, p99.
 *
 *   npx tsx tests/bench/live-events.bench.ts   BENCH_SECONDS=10 BENCH_SKIP_PG=1
 *
 * Targets: p99 under 1 s at 500 streams; the trivial request's p99 under 20 ms.
 */
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import v8 from 'node:v8'
import vm from 'node:vm'
import {
  agent,
  ask,
  benchKinds,
  benchTenant,
  listen,
  machine,
  ms,
  openBenchDatabase,
  request,
  signIn,
  startServer,
  stopServer,
  summary,
  type Kind,
} from './support/kit.ts'

const file = fileURLToPath(import.meta.url)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const DEVICES = 100
const STREAM_COUNTS = (process.env.BENCH_STREAMS ?? '10,100,500').split(',').map(Number)
const SAMPLED = 10

interface Info {
  port: number
  cookie: string
  devices: string[]
}
interface Memory {
  rss: number
  heap: number
  streams: number
}

// ---------------------------------------------------------------- server side (child process)

async function serve(kind: Kind) {
  v8.setFlagsFromString('--expose-gc')
  const gc = vm.runInNewContext('gc') as () => void
  const bench = await openBenchDatabase(kind)
  const groupId = await benchTenant(bench.db, 'Live', 'live@bench.test')
  const devices = (
    await bench.db.query<{ id: string }>(
      `INSERT INTO devices (group_id, name, serial_number)
       SELECT $1, 'Meter ' || i, 'LIVE-' || i FROM generate_series(1, $2::int) AS i RETURNING id`,
      [groupId, DEVICES],
    )
  ).rows.map((r) => r.id)
  const { app, port } = await listen(bench)
  const cookie = await signIn(app, 'live@bench.test')
  process.send!({ port, cookie, devices })
  process.on('message', async (message: { id: string; type: string }) => {
    if (message.type === 'stop') {
      await app.close()
      await bench.dispose()
      process.exit(0)
    }
    if (message.type === 'memory') {
      for (let i = 0; i < 3; i++) gc()
      const usage = process.memoryUsage()
      process.send!({
        id: message.id,
        rss: usage.rss,
        heap: usage.heapUsed,
        streams: app.live.size,
      } satisfies Memory & { id: string })
    }
  })
}

// ---------------------------------------------------------------- load side (this process)

const READING = /"device_id":"([0-9a-f-]{36})","timestamp":"([^"]+)"/g

interface Stream {
  close(): void
}

/** Opens a stream; for a sampled one, `onReading(key, at)` for each reading received. */
function openStream(
  port: number,
  cookie: string,
  onReading?: (key: string, at: number) => void,
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/v1/events', headers: { cookie }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`))
        res.setEncoding('utf8')
        let buffer = ''
        res.on('data', (chunk: string) => {
          if (!onReading) return
          const at = performance.now()
          buffer += chunk
          const cut = buffer.lastIndexOf('\n\n')
          if (cut < 0) return
          const complete = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          for (const match of complete.matchAll(READING)) onReading(`${match[1]}/${match[2]}`, at)
        })
        resolve({ close: () => req.destroy() })
      },
    )
    req.on('error', reject)
  })
}

async function measure(server: Awaited<ReturnType<typeof startServer<Info>>>, count: number) {
  const { port, cookie, devices } = server.info
  const before = await ask<Memory>(server.child, { type: 'memory' })
  const sentAt = new Map<string, number>()
  const eventLatencies: number[] = []
  const every = Math.max(1, Math.floor(count / SAMPLED))
  const streams: Stream[] = []
  for (let i = 0; i < count; i += 50)
    streams.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, count - i) }, (_, j) =>
          openStream(
            port,
            cookie,
            (i + j) % every === 0
              ? (key, at) => {
                  const sent = sentAt.get(key)
                  if (sent !== undefined) eventLatencies.push(at - sent)
                }
              : undefined,
          ),
        ),
      )),
    )
  const opened = await ask<Memory>(server.child, { type: 'memory' })

  // The trivial request, every 50 ms, sequentially.
  let running = true
  const trivial: number[] = []
  const probe = (async () => {
    while (running) {
      const started = performance.now()
      await request({ port, method: 'GET', path: '/api/v1/users/me', cookie })
      trivial.push(performance.now() - started)
      await new Promise((r) => setTimeout(r, 50))
    }
  })()

  // 100 devices, one reading a second each, spread over the second: every 100 ms the 10 due
  // are pushed together (ingest batches them, as the MQTT batcher does; one request per reading
  // would meet the bulk push gate instead).
  const acks: number[] = []
  let errors = 0
  const pending: Promise<unknown>[] = []
  const TICKS = 10
  const perTick = DEVICES / TICKS
  const t0 = performance.now() + 200
  const wall0 = Date.now() - 10 * 60_000
  for (let s = 0; s < SECONDS; s++)
    for (let tick = 0; tick < TICKS; tick++) {
      const scheduled = t0 + s * 1000 + tick * (1000 / TICKS)
      const wait = scheduled - performance.now()
      if (wait > 1) await new Promise((r) => setTimeout(r, wait))
      const timestamp = new Date(wall0 + s * 1000).toISOString()
      const due = devices.slice(tick * perTick, (tick + 1) * perTick)
      const started = performance.now()
      for (const deviceId of due) sentAt.set(`${deviceId}/${timestamp}`, started)
      pending.push(
        request({
          port,
          method: 'POST',
          path: '/api/v1/devices/bulk_push',
          cookie,
          body: JSON.stringify({
            items: due.map((device_id) => ({ device_id, timestamp, kwh: 1000 + s })),
          }),
        }).then(
          () => acks.push(performance.now() - started),
          (error: Error) => {
            if (errors++ === 0) console.log(`first failed publish: ${error.message.slice(0, 200)}`)
          },
        ),
      )
    }
  await Promise.all(pending)
  await new Promise((r) => setTimeout(r, 1500)) // the last events
  running = false
  await probe
  for (const s of streams) s.close()
  const expected = SECONDS * DEVICES * Math.ceil(count / every)
  return {
    event: summary(eventLatencies),
    received: eventLatencies.length / expected,
    ack: summary(acks),
    errors,
    trivial: summary(trivial),
    perStreamRss: (opened.rss - before.rss) / count,
    perStreamHeap: (opened.heap - before.heap) / count,
    streams: opened.streams,
  }
}

async function main() {
  console.log(
    `Live events: ${DEVICES} devices publishing 1/s for ${SECONDS} s; ${machine()}; streams ${STREAM_COUNTS.join(', ')}`,
  )
  const rows: string[] = []
  for (const kind of await benchKinds()) {
    const server = await startServer<Info>(file, kind)
    try {
      for (const count of STREAM_COUNTS) {
        const r = await measure(server, count)
        const row = [
          kind,
          count,
          `${ms(r.event.p50)} / ${ms(r.event.p99)}`,
          `${(r.received * 100).toFixed(1)} %`,
          `${ms(r.ack.p50)} / ${ms(r.ack.p99)}`,
          `${(r.perStreamRss / 1024).toFixed(1)} KiB / ${(r.perStreamHeap / 1024).toFixed(1)} KiB`,
          `${ms(r.trivial.p50)} / ${ms(r.trivial.p99)}`,
          r.errors,
        ].join(' | ')
        rows.push(`| ${row} |`)
        console.log(`| ${row} |`)
      }
    } finally {
      await stopServer(server.child)
    }
  }
  console.log(
    '\n| database | streams | publish -> event p50 / p99 | events received | ack p50 / p99 | per stream RSS / heap | trivial request p50 / p99 | errors |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
  agent.destroy()
}

const serveIndex = process.argv.indexOf('--serve')
const run = serveIndex >= 0 ? serve(process.argv[serveIndex + 1] as Kind) : main()
run.catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
