import fs from 'node:fs'
import path from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { lockDataDir } from './data-dir-lock.ts'
import {
  assertStandardStrings,
  type Database,
  type DbScope,
  executeText,
  type QueryResult,
  type Statement,
  statementName,
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
  await assertStandardStrings(plain)
  // One connection: a statement prepared once serves every later request.
  const prepared = new Set<string>()
  let closed = false
  return {
    kind: 'pglite',
    query: plain.query,
    exec: plain.exec,
    readOne<R>(scope: DbScope, statement: Statement): Promise<R[]> {
      const text = executeText(scope, statement)
      return timed(statement.sql, async () => {
        const name = statementName(statement.sql)
        if (!prepared.has(name)) {
          await pg.exec(`PREPARE ${name} AS ${statement.sql}`)
          prepared.add(name)
        }
        return (await pg.exec(text)).at(-1)!.rows as R[]
      })
    },
    async listen(channel: string, onChange: (payload?: string) => void) {
      const unlisten = await pg.listen(channel, (payload) => onChange(payload))
      return {
        active: true,
        close: async () => {
          if (!closed) await unlisten()
        },
      }
    },
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
