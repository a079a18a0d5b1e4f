/**
 * kill -9 of the server during bulk ingest, `kills` times on one database: a client pushes
 * batches of new readings; the server is killed at a random moment and started again on the same
 * data; the client retries the batch it had no answer for. Afterwards the database itself must
 * hold every reading the server acknowledged, nothing it did not, each once, and the hourly
 * rollup must count the same readings (ingest and rollup commit together or not at all).
 */
import { freshDatabase, spawnServer, type ServerProcess } from '../e2e/support/server'
import {
  Client,
  errorCode,
  keyOf,
  ReadingSource,
  resilienceEnv,
  sleep,
  storedReadings,
  type Reading,
} from './harness'

export interface KillOptions {
  kills: number
  /** PostgreSQL server to make a fresh database on; PGlite when left out. */
  postgresUrl?: string
  batchSize?: number
  log?: (line: string) => void
}

export interface KillReport {
  database: 'pglite' | 'postgres'
  kills: number
  batchesAcknowledged: number
  /** Batches sent when the server died, retried after the restart. */
  batchesRetried: number
  /** Of those, batches the dead server had committed (the retry found them all as duplicates). */
  retriedAlreadyStored: number
  readingsAcknowledged: number
  readingsStored: number
  missing: number
  unexpected: number
  storedTwice: number
  /** Keys answered `success` more than once over all answers (the retry must say duplicate). */
  acknowledgedTwice: number
  wrongValue: number
  rollupCount: number
  /** Mean time from kill -9 to the restarted server answering. */
  restartMs: number
}

interface Ledger {
  acknowledged: Map<string, number>
  successes: Map<string, number>
  batches: number
  retried: number
  retriedAlreadyStored: number
}

/** Pushes one batch; true when the server answered it, false when the server went away. */
async function push(client: Client, batch: Reading[], ledger: Ledger, retry: boolean) {
  let answer
  try {
    answer = await client.request(
      'POST',
      '/api/v1/devices/bulk_push',
      JSON.stringify({ items: batch }),
    )
  } catch (error) {
    const code = errorCode(error)
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'socket hang up'].includes(code))
      return false
    throw error
  }
  if (answer.status === 503 || answer.status === 429) {
    await sleep(Number(answer.headers['retry-after'] ?? 1) * 1000)
    return false
  }
  if (answer.status !== 200) throw new Error(`bulk push answered ${answer.status}: ${answer.body}`)
  const body = JSON.parse(answer.body) as {
    results: { index: number; status: string; error: string | null }[]
  }
  for (const result of body.results) {
    const item = batch[result.index]!
    const key = keyOf(item)
    if (result.status === 'error') throw new Error(`reading refused: ${result.error}`)
    ledger.acknowledged.set(key, item.kwh)
    if (result.status === 'success') ledger.successes.set(key, (ledger.successes.get(key) ?? 0) + 1)
  }
  ledger.batches++
  if (retry) {
    ledger.retried++
    if (body.results.every((r) => r.status === 'duplicate')) ledger.retriedAlreadyStored++
  }
  return true
}

export async function killDuringIngest(options: KillOptions): Promise<KillReport> {
  const { kills, batchSize = 1000, log = () => {} } = options
  const database = await freshDatabase(options.postgresUrl)
  const start = () => spawnServer(database, { apiOnly: true, env: resilienceEnv })
  let server: ServerProcess = await start()
  const client = new Client(server.url, 1)
  const ledger: Ledger = {
    acknowledged: new Map(),
    successes: new Map(),
    batches: 0,
    retried: 0,
    retriedAlreadyStored: 0,
  }
  let restartTotal = 0
  try {
    await client.signIn()
    const devices = await client.deviceIds()
    // Ten days back, ahead of the seed's one day: nothing else writes readings there.
    const source = new ReadingSource(devices, Date.now() - 10 * 86_400_000)
    let pending: Reading[] | undefined
    for (let kill = 1; kill <= kills; kill++) {
      const victim = server
      let dead = false
      const killer = sleep(150 + Math.random() * 1200).then(() => {
        dead = true
        process.kill(victim.pid, 'SIGKILL')
      })
      while (!dead) {
        const batch = pending ?? source.batch(batchSize)
        const answered = await push(client, batch, ledger, pending !== undefined)
        pending = answered ? undefined : batch
      }
      await killer
      await victim.exited
      const killedAt = Date.now()
      server = await start()
      restartTotal += Date.now() - killedAt
      client.url = server.url
      log(`  kill ${kill}/${kills}: ${ledger.acknowledged.size} readings acknowledged so far`)
    }
    // The client retries what it had no answer for, then stops the server cleanly.
    while (pending) pending = (await push(client, pending, ledger, true)) ? undefined : pending
    await server.stop()
    const stored = await storedReadings(database, devices, source.start, source.end)
    return compare(database.kind, kills, ledger, stored, restartTotal / kills)
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`, {
      cause: error,
    })
  } finally {
    client.close()
    await server.stop(2000)
    await database.dispose()
  }
}

function compare(
  kind: 'pglite' | 'postgres',
  kills: number,
  ledger: Ledger,
  stored: Awaited<ReturnType<typeof storedReadings>>,
  restartMs: number,
): KillReport {
  const counts = new Map<string, number>()
  for (const r of stored.readings) counts.set(r.key, (counts.get(r.key) ?? 0) + 1)
  const values = new Map(stored.readings.map((r) => [r.key, r.kwh]))
  let missing = 0
  let wrongValue = 0
  for (const [key, kwh] of ledger.acknowledged) {
    if (!counts.has(key)) missing++
    else if (values.get(key) !== kwh) wrongValue++
  }
  return {
    database: kind,
    kills,
    batchesAcknowledged: ledger.batches,
    batchesRetried: ledger.retried,
    retriedAlreadyStored: ledger.retriedAlreadyStored,
    readingsAcknowledged: ledger.acknowledged.size,
    readingsStored: stored.readings.length,
    missing,
    unexpected: [...counts.keys()].filter((k) => !ledger.acknowledged.has(k)).length,
    storedTwice: [...counts.values()].filter((n) => n > 1).length,
    acknowledgedTwice: [...ledger.successes.values()].filter((n) => n > 1).length,
    wrongValue,
    rollupCount: stored.rollupCount,
    restartMs: Math.round(restartMs),
  }
}
