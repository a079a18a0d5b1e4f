/**
 * 10x ingest overload: measure what one client sustains with back-to-back bulk pushes, then offer
 * ten times that request rate (open loop, as independent meter gateways would) for `durationMs`,
 * while a reader keeps asking for the device list. The server should shed load (429/503) rather
 * than collapse: no other errors, bounded memory, and reads back to normal soon after.
 */
import { freshDatabase, spawnServer } from '../e2e/support/server'
import {
  Client,
  errorCode,
  percentile,
  ReadingSource,
  resilienceEnv,
  rssMiB,
  sleep,
} from './harness'

export interface OverloadOptions {
  postgresUrl?: string
  durationMs?: number
  factor?: number
  batchSize?: number
  /** Requests the generator keeps open at most (beyond that it counts arrivals it dropped). */
  maxInFlight?: number
  /** What counts as a recovered read: answered 200 within this many ms. */
  recoveredReadMs?: number
}

export interface OverloadReport {
  database: 'pglite' | 'postgres'
  baselineRequestsPerSecond: number
  baselineReadingsPerSecond: number
  offeredRequestsPerSecond: number
  /** Push outcomes during the overload (status code or socket error). */
  pushes: Record<string, number>
  droppedByClient: number
  storedReadingsPerSecond: number
  readP50Ms: { before: number; during: number; after: number }
  readP95Ms: { before: number; during: number; after: number }
  /** Read outcomes during the overload. */
  reads: Record<string, number>
  rssMiB: { before: number; max: number; after: number }
  /** From the end of the overload to the first of three reads in a row answered 200 in time. */
  recoveryMs: number
  serverAlive: boolean
}

/** Enough to keep the server busy (the ingest gate runs 2-4 pushes at once) without shedding. */
const BASELINE_CLIENTS = 2

interface Read {
  at: number
  ms: number
  outcome: string
}

const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((t, o) => ({ ...t, [o]: (t[o] ?? 0) + 1 }), {})

export async function ingestOverload(options: OverloadOptions = {}): Promise<OverloadReport> {
  const {
    durationMs = 60_000,
    factor = 10,
    batchSize = 500,
    maxInFlight = 256,
    recoveredReadMs = 1000,
  } = options
  const database = await freshDatabase(options.postgresUrl)
  const server = await spawnServer(database, { apiOnly: true, env: resilienceEnv })
  const writer = new Client(server.url, maxInFlight)
  const reader = new Client(server.url, 1)
  let reading = true
  const reads: Read[] = []
  const memory: number[] = []
  const sampler = setInterval(() => memory.push(rssMiB(server.pid)), 250)
  try {
    await writer.signIn()
    reader.cookie = writer.cookie
    const source = new ReadingSource(await writer.deviceIds(), Date.now() - 300 * 86_400_000, 1000)
    const body = () => JSON.stringify({ items: source.batch(batchSize) })

    const readLoop = (async () => {
      while (reading) {
        const started = performance.now()
        let outcome: string
        try {
          outcome = String(
            (
              await reader.request(
                'GET',
                '/api/v1/devices/?limit=100',
                undefined,
                undefined,
                30_000,
              )
            ).status,
          )
        } catch (error) {
          outcome = errorCode(error)
        }
        reads.push({ at: started, ms: performance.now() - started, outcome })
        await sleep(200)
      }
    })()

    // Baseline: what the server sustains, from a few clients pushing back to back (one client
    // alone leaves the server idle between its pushes and understates it).
    const baselineMs = Math.min(10_000, durationMs / 2)
    const baselineEnd = performance.now() + baselineMs
    let baselineRequests = 0
    const baselineClient = async () => {
      while (performance.now() < baselineEnd) {
        const answer = await writer.request('POST', '/api/v1/devices/bulk_push', body())
        if (answer.status !== 200)
          throw new Error(`baseline push answered ${answer.status}: ${answer.body}`)
        baselineRequests++
      }
    }
    await Promise.all(Array.from({ length: BASELINE_CLIENTS }, baselineClient))
    const baselineRate = baselineRequests / (baselineMs / 1000)
    const rssBefore = rssMiB(server.pid)

    // Overload: arrivals at factor x the baseline rate, whatever the answers.
    const offered = baselineRate * factor
    const overloadStart = performance.now()
    const overloadEnd = overloadStart + durationMs
    const pushes: string[] = []
    const open = new Set<Promise<void>>()
    let dropped = 0
    let stored = 0
    for (let n = 0; ; n++) {
      const due = overloadStart + (n * 1000) / offered
      if (due >= overloadEnd) break
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
      if (open.size >= maxInFlight) {
        dropped++
        continue
      }
      const sent: Promise<void> = writer
        .request('POST', '/api/v1/devices/bulk_push', body())
        .then(
          (answer) => {
            pushes.push(String(answer.status))
            if (answer.status === 200)
              stored += (JSON.parse(answer.body) as { accepted: number }).accepted
          },
          (error: unknown) => void pushes.push(errorCode(error)),
        )
        .finally(() => open.delete(sent))
      open.add(sent)
    }
    const end = performance.now()
    await Promise.all(open)
    const drained = performance.now()
    // Reads after the overload, until three in a row come back in time (or 60 s pass).
    const recoveryDeadline = drained + 60_000
    let recoveryMs = Number.NaN
    while (performance.now() < recoveryDeadline) {
      const after = reads.filter((r) => r.at >= end)
      const inTime = (r: Read) => r.outcome === '200' && r.ms <= recoveredReadMs
      const run = after.findIndex((_, i) => after.slice(i, i + 3).filter(inTime).length === 3)
      if (run >= 0) {
        recoveryMs = Math.round(after[run]!.at - end)
        break
      }
      await sleep(250)
    }
    await sleep(2000)
    reading = false
    await readLoop
    const window = (from: number, to: number) =>
      reads.filter((r) => r.at >= from && r.at < to && r.outcome === '200').map((r) => r.ms)
    const phases = {
      before: window(0, overloadStart),
      during: window(overloadStart, end),
      after: window(end + (Number.isNaN(recoveryMs) ? 0 : recoveryMs), Infinity),
    }
    const stat = (p: number) => ({
      before: Math.round(percentile(phases.before, p)),
      during: Math.round(percentile(phases.during, p)),
      after: Math.round(percentile(phases.after, p)),
    })
    return {
      database: database.kind,
      baselineRequestsPerSecond: Math.round(baselineRate * 10) / 10,
      baselineReadingsPerSecond: Math.round(baselineRate * batchSize),
      offeredRequestsPerSecond: Math.round(offered * 10) / 10,
      pushes: tally(pushes),
      droppedByClient: dropped,
      storedReadingsPerSecond: Math.round(stored / ((end - overloadStart) / 1000)),
      readP50Ms: stat(50),
      readP95Ms: stat(95),
      reads: tally(reads.filter((r) => r.at >= overloadStart && r.at < end).map((r) => r.outcome)),
      rssMiB: {
        before: rssBefore,
        max: Math.max(...memory.filter((m) => !Number.isNaN(m))),
        after: rssMiB(server.pid),
      },
      recoveryMs,
      serverAlive: server.child.exitCode === null && server.child.signalCode === null,
    }
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`, {
      cause: error,
    })
  } finally {
    clearInterval(sampler)
    reading = false
    writer.close()
    reader.close()
    await server.stop()
    await database.dispose()
  }
}
