/**
 * Benchmark (issue 6): GET /debug/logs on a 100 MB log. Writes ~100 MB of server-shaped JSON lines
 * into a temp dir, laid out as the default rotation leaves it (main.log + main.1-4.log, 20 MB
 * each) and as one 100 MB file, then times the log reader for the viewer's typical queries: the
 * first query on a cold cache (it builds the line index), then each query warm (median and p95 of
 * BENCH_REPEAT runs), and a refresh after new lines arrive. Also the event loop's longest stall
 * during the cold build (the server keeps answering meanwhile).
 *
 *   npx tsx tests/bench/debug-logs.bench.ts        BENCH_LOG_MB=100 BENCH_REPEAT=20
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { LogReader, type LogQuery } from '~/server/modules/debug/log-reader.ts'

const TOTAL_MB = Number(process.env.BENCH_LOG_MB ?? 100)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20)
const LOGGERS = ['http', 'http', 'http', 'db', 'auth', 'readings.ingest', 'rules.evaluator']
const users = Array.from({ length: 20 }, () => randomUUID())
let clock = Date.UTC(2026, 0, 1)
let sequence = 0

/** One line in the layout pino writes for the server (level, timestamp, bindings, fields, message). */
function line(): string {
  const n = sequence++
  clock += 37
  const logger = LOGGERS[n % LOGGERS.length]!
  const level = n % 97 === 0 ? 'ERROR' : n % 13 === 0 ? 'WARN' : n % 5 === 0 ? 'DEBUG' : 'INFO'
  const head = `{"level":"${level}","timestamp":"${new Date(clock).toISOString()}"`
  const request = `"request_id":"${randomUUID()}","user_id":"${users[n % users.length]}"`
  if (logger === 'http') {
    const device = users[(n * 7) % users.length]
    return `${head},${request},"logger":"http","method":"GET","endpoint":"/api/v1/devices/{id}/readings","url":"/api/v1/devices/${device}/readings?page=${n % 9}","status":${level === 'ERROR' ? 500 : 200},"duration_ms":${(n % 400) / 10},"ip":"127.0.0.1","message":"GET /api/v1/devices/${device}/readings ${level === 'ERROR' ? 500 : 200}"}\n`
  }
  const message =
    level === 'ERROR'
      ? `Query timeout after 5000 ms (statement ${n})`
      : `${logger} finished step ${n % 50} for batch ${n}`
  return `${head},${request},"logger":"${logger}","rows":${n % 1000},"message":"${message}"}\n`
}

function writeLog(file: string, megabytes: number) {
  const fd = fs.openSync(file, 'w')
  let written = 0
  while (written < megabytes * 1024 * 1024) {
    const chunk = Array.from({ length: 2000 }, line).join('')
    fs.writeSync(fd, chunk)
    written += Buffer.byteLength(chunk)
  }
  fs.closeSync(fd)
}

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10)

async function time(reader: LogReader, query: LogQuery) {
  const started = performance.now()
  const page = await reader.read(query)
  return { ms: performance.now() - started, page }
}

async function warm(reader: LogReader, query: LogQuery) {
  const runs: number[] = []
  for (let i = 0; i < REPEAT; i++) runs.push((await time(reader, query)).ms)
  runs.sort((a, b) => a - b)
  return { p50: runs[Math.floor(runs.length / 2)]!, p95: runs[Math.ceil(runs.length * 0.95) - 1]! }
}

const base: LogQuery = { source: 'main', limit: 100, offset: 0 }
const QUERIES: Array<[string, Partial<LogQuery>]> = [
  ['first page', {}],
  ['level ERROR', { level: 'ERROR' }],
  ['logger auth', { logger: 'auth' }],
  ['search rare ("timeout")', { search: 'timeout' }],
  ['search common ("readings")', { search: 'readings' }],
  ['offset deep (200,000)', { offset: 200_000 }],
  ['level WARN, offset 10,000', { level: 'WARN', offset: 10_000 }],
  ['time window (1 hour)', { after: '2026-01-01T01:00:00Z', before: '2026-01-01T02:00:00Z' }],
]

async function scenario(label: string, layout: number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-logbench-'))
  try {
    sequence = 0
    clock = Date.UTC(2026, 0, 1)
    // oldest generation first, so timestamps rise from main.N.log to main.log
    const names = layout.map((_, n) => (n === 0 ? 'main.log' : `main.${n}.log`)).reverse()
    const started = performance.now()
    for (const [k, name] of names.entries())
      writeLog(path.join(dir, name), layout[layout.length - 1 - k]!)
    const bytes = names.reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0)
    console.log(
      `\n${label}: ${(bytes / 1024 / 1024).toFixed(0)} MB in ${names.length} file(s), ${sequence.toLocaleString()} lines (written in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    )
    const reader = new LogReader(dir)
    const stall = monitorEventLoopDelay({ resolution: 10 })
    stall.enable()
    const cold = await time(reader, base)
    stall.disable()
    console.log(
      `cold first page (builds the index): ${ms(cold.ms)}; longest event-loop stall ${(stall.max / 1e6).toFixed(1)} ms; filtered_count ${cold.page.filtered_count.toLocaleString()}`,
    )
    console.log(
      `${'query'.padEnd(30)}${'first'.padStart(10)}${'p50'.padStart(10)}${'p95'.padStart(10)}  matches`,
    )
    for (const [name, query] of QUERIES) {
      const first = await time(reader, { ...base, ...query })
      const { p50, p95 } = await warm(reader, { ...base, ...query })
      console.log(
        `${name.padEnd(30)}${ms(first.ms)}${ms(p50)}${ms(p95)}  ${first.page.filtered_count.toLocaleString()}`,
      )
    }
    const id = `"request_id":"`
    const sample = fs.readFileSync(path.join(dir, 'main.log'), 'latin1').slice(5_000_000, 5_100_000)
    const requestId = sample.slice(sample.indexOf(id) + id.length).slice(0, 36)
    const request = await time(reader, { ...base, requestId })
    const requestWarm = await warm(reader, { ...base, requestId })
    console.log(
      `${'request_id'.padEnd(30)}${ms(request.ms)}${ms(requestWarm.p50)}${ms(requestWarm.p95)}  ${request.page.filtered_count}`,
    )
    fs.appendFileSync(path.join(dir, 'main.log'), Array.from({ length: 1000 }, line).join(''))
    const refresh = await time(reader, { ...base, search: 'readings' })
    console.log(`refresh after 1,000 new lines (search "readings"): ${ms(refresh.ms)}`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await scenario(
  'rotated (default rotation: 20 MB files)',
  [20, 20, 20, 20, TOTAL_MB - 80].filter((m) => m > 0),
)
await scenario('one file', [TOTAL_MB])
