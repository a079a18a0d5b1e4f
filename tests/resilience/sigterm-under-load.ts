/**
 * SIGTERM under load: clients keep reading the device list and pushing readings over keep-alive
 * connections; the server gets SIGTERM mid-stream. Requests in flight at that moment must finish;
 * requests that arrive afterwards must get 503 (or find the port closed), never another error;
 * the process must exit cleanly (code 0: it drained within its own 10 s shutdown timeout).
 */
import { freshDatabase, spawnServer } from '../e2e/support/server'
import { Client, errorCode, ReadingSource, resilienceEnv, sleep } from './harness'

export interface SigtermOptions {
  postgresUrl?: string
  workers?: number
  /** Load before the signal. */
  warmupMs?: number
}

export interface SigtermReport {
  database: 'pglite' | 'postgres'
  exitCode: number | string
  exitMs: number
  /** Requests in flight at the signal, by outcome (status code or socket error). */
  inFlight: Record<string, number>
  /** Requests sent after the signal, by outcome. */
  after: Record<string, number>
  requestsBefore: number
}

interface Outcome {
  started: number
  ended: number
  outcome: string
}

export async function sigtermUnderLoad(options: SigtermOptions = {}): Promise<SigtermReport> {
  const { workers = 8, warmupMs = 3000 } = options
  const database = await freshDatabase(options.postgresUrl)
  const server = await spawnServer(database, { apiOnly: true, env: resilienceEnv })
  const client = new Client(server.url, workers)
  const outcomes: Outcome[] = []
  let stopping = false
  try {
    await client.signIn()
    const source = new ReadingSource(await client.deviceIds(), Date.now() - 10 * 86_400_000)
    const worker = async (index: number) => {
      while (!stopping) {
        const started = performance.now()
        const write = index % 2 === 0
        try {
          const answer = write
            ? await client.request(
                'POST',
                '/api/v1/devices/bulk_push',
                JSON.stringify({ items: source.batch(200) }),
              )
            : await client.request('GET', '/api/v1/devices/?limit=100')
          outcomes.push({ started, ended: performance.now(), outcome: String(answer.status) })
        } catch (error) {
          outcomes.push({ started, ended: performance.now(), outcome: errorCode(error) })
          // The port is closed: nothing more to learn from hammering it.
          if (errorCode(error) === 'ECONNREFUSED') await sleep(50)
        }
      }
    }
    const running = Array.from({ length: workers }, (_, i) => worker(i))
    await sleep(warmupMs)
    const signalled = performance.now()
    process.kill(server.pid, 'SIGTERM')
    const exitCode = await server.exited
    const exitMs = Math.round(performance.now() - signalled)
    await sleep(300)
    stopping = true
    await Promise.all(running)
    const tally = (list: Outcome[]) =>
      list.reduce<Record<string, number>>(
        (t, o) => ({ ...t, [o.outcome]: (t[o.outcome] ?? 0) + 1 }),
        {},
      )
    const before = outcomes.filter((o) => o.started < signalled)
    return {
      database: database.kind,
      exitCode,
      exitMs,
      inFlight: tally(before.filter((o) => o.ended >= signalled)),
      after: tally(outcomes.filter((o) => o.started >= signalled)),
      requestsBefore: before.length,
    }
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`, {
      cause: error,
    })
  } finally {
    stopping = true
    client.close()
    await server.stop(2000)
    await database.dispose()
  }
}
