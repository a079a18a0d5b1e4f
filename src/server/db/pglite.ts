import fs from 'node:fs'
import path from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { lockDataDir } from './data-dir-lock.ts'
import {
  type Database,
  type DbScope,
  type QueryResult,
  type Tx,
  tenantPrologue,
  timed,
} from './database.ts'

function wrap(target: PGlite | Transaction): Tx {
  return {
    async exec(sql: string) {
      await timed(sql, () => target.exec(sql))
    },
    async query<R>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const result = await timed(sql, () => target.query<R>(sql, params as unknown[] | undefined))
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
    },
  }
}

/**
 * PGlite: PostgreSQL compiled to WebAssembly, in this process, data on disk. It has one
 * connection, so statements and transactions are serialised by PGlite's own lock; it connects
 * as a superuser, so tenant transactions switch to `app_user` for row-level security to apply.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release = () => {}
  let dir: string | undefined
  if (dataDir !== undefined) {
    release = lockDataDir(dataDir)
    dir = path.join(dataDir, 'pglite')
    fs.mkdirSync(path.dirname(dir), { recursive: true })
  }
  let pg: PGlite
  try {
    pg = await PGlite.create(dir)
  } catch (error) {
    release()
    throw error
  }
  // Hour and day arithmetic in SQL is UTC unless a query names a zone.
  await pg.exec("SET TimeZone TO 'UTC'")
  const plain = wrap(pg)
  let closed = false
  return {
    kind: 'pglite',
    query: plain.query,
    exec: plain.exec,
    transaction<T>(scope: DbScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
      const prologue = tenantPrologue(scope)
      return pg.transaction(async (tx) => {
        if (prologue) await tx.exec(prologue)
        return fn(wrap(tx))
      })
    },
    async close() {
      if (closed) return
      closed = true
      try {
        await pg.close()
      } finally {
        release()
      }
    },
  }
}
