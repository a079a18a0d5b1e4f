import type { Logger } from 'pino'
import type { Database } from './database.ts'

/** Tables rewritten often (status, statistics, rollups, sessions): vacuumed on every round. */
const HOT_TABLES = [
  'devices',
  'device_counts',
  'readings_hourly',
  'readings_daily',
  'sessions',
  'refresh_tokens',
  'users',
  'groups',
]

/**
 * PGlite has no autovacuum: without it the planner never gets statistics (a 10,000-device list
 * then sorts every row instead of walking an index) and updated tables bloat. Every `intervalMs`
 * this vacuums the hot tables and analyzes everything (server.ts runs one ANALYZE at start).
 * PostgreSQL's own autovacuum does this there.
 */
export function startMaintenance(
  db: Database,
  log: Logger,
  options: { intervalMs?: number } = {},
): () => void {
  const round = async () => {
    const started = performance.now()
    try {
      await db.exec(`VACUUM (ANALYZE) ${HOT_TABLES.join(', ')}`)
      await db.exec('ANALYZE')
      log.debug(
        { logger: 'db', ms: Math.round(performance.now() - started) },
        'Database maintenance done',
      )
    } catch (error) {
      log.warn(
        { logger: 'db', err: { message: (error as Error).message } },
        'Database maintenance failed',
      )
    }
  }
  if (db.kind !== 'pglite') return () => {}
  let running = Promise.resolve()
  const timer = setInterval(
    () => {
      running = running.then(() => round())
    },
    options.intervalMs ?? 10 * 60_000,
  )
  timer.unref()
  return () => clearInterval(timer)
}
