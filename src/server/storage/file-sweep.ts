import type { FastifyRequest } from 'fastify'
import type { Logger } from 'pino'
import { SYSTEM, type Database } from '../db/database.ts'
import type { FileStorage } from './file-storage.ts'

/**
 * A file is written before its row commits (manual-reading.ts), so a file without a row is only
 * an orphan once it is older than any transaction that could still commit its row.
 */
export const ORPHAN_GRACE_MS = 15 * 60_000

const BATCH = 500

/**
 * Removes the files whose attachment rows were deleted: migration 014 queues their keys in
 * `file_deletions` in the deleting transaction, so this runs after that commit. A key leaves the
 * queue before its file goes; a crash in between leaves an orphan for `sweepFiles`. Replicas
 * running this at once take disjoint keys.
 */
export async function purgeDeletedFiles(db: Database, storage: FileStorage): Promise<number> {
  let removed = 0
  for (;;) {
    const { rows } = await db.transaction(SYSTEM, (tx) =>
      tx.query<{ storage_key: string }>(
        `DELETE FROM file_deletions WHERE storage_key IN (
           SELECT storage_key FROM file_deletions ORDER BY queued_at LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING storage_key`,
        [BATCH],
      ),
    )
    await Promise.all(rows.map((r) => storage.remove(r.storage_key)))
    removed += rows.length
    if (rows.length < BATCH) return removed
  }
}

/**
 * For a handler whose transaction deleted attachment rows, after the commit: their files go now,
 * before the answer; a failure is logged and left to the sweep, the deletion stands.
 */
export async function removeDeletedFiles(request: FastifyRequest): Promise<void> {
  await purgeDeletedFiles(request.server.db, request.server.storage).catch((error: unknown) =>
    request.log.warn(
      { logger: 'file-sweep', err: { message: (error as Error).message } },
      'Removing the files of deleted rows failed; the next sweep removes them',
    ),
  )
}

/** Of these keys, the ones no attachment row names. */
async function unreferenced(db: Database, keys: readonly string[]): Promise<string[]> {
  const { rows } = await db.transaction(SYSTEM, (tx) =>
    tx.query<{ key: string }>(
      `SELECT k.key FROM unnest($1::text[]) AS k(key)
       WHERE NOT EXISTS (SELECT 1 FROM attachments a WHERE a.storage_key = k.key)`,
      [keys],
    ),
  )
  return rows.map((r) => r.key)
}

export interface SweepReport {
  /** Files of deleted rows, removed from the queue. */
  purged: number
  /** Files no row named, older than the grace period. */
  orphans: number
}

/**
 * The queue first, then every stored file older than `graceMs` that no row names: what a crash
 * between a commit and its file's removal, or between a file's write and its row's commit, left.
 */
export async function sweepFiles(
  db: Database,
  storage: FileStorage,
  options: { now?: Date; graceMs?: number } = {},
): Promise<SweepReport> {
  const { now = new Date(), graceMs = ORPHAN_GRACE_MS } = options
  const purged = await purgeDeletedFiles(db, storage)
  let orphans = 0
  let batch: string[] = []
  const flush = async () => {
    const gone = await unreferenced(db, batch)
    await Promise.all(gone.map((key) => storage.remove(key)))
    orphans += gone.length
    batch = []
  }
  for await (const key of storage.keys(new Date(now.getTime() - graceMs))) {
    batch.push(key)
    if (batch.length === BATCH) await flush()
  }
  if (batch.length > 0) await flush()
  return { purged, orphans }
}

/**
 * Sweeps at start and then every `intervalMs`. The returned stop waits for a sweep in flight, so
 * the database can close after it.
 */
export function startFileSweeper(
  db: Database,
  storage: FileStorage,
  log: Logger,
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  let inFlight: Promise<void> | undefined
  const run = async () => {
    const started = performance.now()
    try {
      const report = await sweepFiles(db, storage)
      const ms = Math.round(performance.now() - started)
      const level = report.purged + report.orphans > 0 ? 'info' : 'debug'
      log[level]({ logger: 'file-sweep', ...report, ms }, 'Stored files swept')
    } catch (error) {
      log.warn(
        { logger: 'file-sweep', err: { message: (error as Error).message } },
        'Sweeping stored files failed',
      )
    }
  }
  const tick = () => {
    inFlight ??= run().finally(() => (inFlight = undefined))
  }
  tick()
  const timer = setInterval(tick, options.intervalMs ?? 60 * 60_000)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await inFlight
  }
}
