import pg from 'pg'
import {
  type Database,
  type DbScope,
  type QueryResult,
  type Tx,
  tenantPrologue,
  timed,
} from './database.ts'

/** int8 as a JavaScript number (counts, bigserial ids: far below 2^53), as PGlite does. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

function wrap(target: pg.Pool | pg.PoolClient): Tx {
  return {
    async exec(sql: string) {
      await timed(sql, () => target.query(sql))
    },
    async query<R>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const result = await timed(sql, () => target.query(sql, params as unknown[] | undefined))
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length }
    },
  }
}

/** node-postgres pool for `DATABASE_URL`; one pooled connection per transaction. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types,
    // Hour and day arithmetic in SQL is UTC unless a query names a zone.
    options: '-c TimeZone=UTC',
  })
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {})
  await pool.query('select 1')
  const plain = wrap(pool)
  return {
    kind: 'postgres',
    query: plain.query,
    exec: plain.exec,
    async transaction<T>(scope: DbScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      const prologue = tenantPrologue(scope)
      try {
        await client.query(prologue ? `BEGIN;\n${prologue}` : 'BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        client.release()
        return result
      } catch (error) {
        try {
          await client.query('ROLLBACK')
          client.release()
        } catch (rollbackError) {
          client.release(rollbackError as Error)
        }
        throw error
      }
    },
    async close() {
      await pool.end()
    },
  }
}
