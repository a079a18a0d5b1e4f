import pg from 'pg'
import {
  assertStandardStrings,
  type Database,
  type DbScope,
  executeText,
  type QueryResult,
  type Statement,
  statementName,
  type Subscription,
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

type Listener = (payload?: string) => void

/**
 * LISTEN on a connection of its own, so notifications from other replicas arrive even while the
 * pool is idle; reconnects after a loss (reporting it, since notifications may have been missed).
 */
function listenerConnection(
  url: string,
  channel: string,
  onChange: Listener,
): Subscription & { ready: Promise<void> } {
  let client: pg.Client | undefined
  let active = false
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let delay = 500
  const lost = () => {
    if (!active && client === undefined) return
    active = false
    client?.removeAllListeners()
    client?.end().catch(() => {})
    client = undefined
    onChange(undefined)
    if (!closed) retry = setTimeout(connect, delay).unref()
    delay = Math.min(delay * 2, 10_000)
  }
  const connect = async () => {
    const next = new pg.Client({ connectionString: url })
    client = next
    next.on('error', lost)
    next.on('end', lost)
    next.on('notification', (n) => n.channel === channel && onChange(n.payload))
    try {
      await next.connect()
      await next.query(`LISTEN ${channel}`)
      if (closed) return void next.end().catch(() => {})
      active = true
      delay = 500
      onChange(undefined) // anything cached while deaf starts over
    } catch {
      lost()
    }
  }
  return {
    ready: connect(),
    get active() {
      return active
    },
    async close() {
      closed = true
      clearTimeout(retry)
      active = false
      const last = client
      client = undefined
      last?.removeAllListeners()
      await last?.end().catch(() => {})
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
  await assertStandardStrings(plain)

  /** Per connection: the statements prepared on it, and whether it listens yet. */
  const prepared = new WeakMap<pg.PoolClient, Set<string>>()
  const listeners = new Map<string, Set<Listener>>()
  /** How many channels a connection LISTENs to (LISTEN is idempotent: all are sent again). */
  const listening = new WeakMap<pg.PoolClient, number>()
  const notify = (channel: string, payload?: string) =>
    listeners.get(channel)?.forEach((listener) => listener(payload))

  /**
   * A connection that commits a change hears its own NOTIFY before its COMMIT returns, so this
   * process forgets what it cached before the next request can read it; the listener connection
   * brings other replicas' changes a moment later.
   */
  async function checkout(): Promise<pg.PoolClient> {
    const client = await pool.connect()
    const heard = listening.get(client) ?? 0
    if (listeners.size > heard) {
      if (heard === 0) client.on('notification', (n) => notify(n.channel, n.payload))
      listening.set(client, listeners.size)
      await client.query([...listeners.keys()].map((c) => `LISTEN ${c}`).join('; '))
    }
    return client
  }

  const release = (client: pg.PoolClient, error?: unknown) =>
    client.release(error instanceof Error ? error : undefined)

  return {
    kind: 'postgres',
    query: plain.query,
    exec: plain.exec,
    async transaction<T>(scope: DbScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
      const client = await checkout()
      const prologue = tenantPrologue(scope)
      try {
        await client.query(prologue ? `BEGIN;\n${prologue}` : 'BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        release(client)
        return result
      } catch (error) {
        try {
          await client.query('ROLLBACK')
          release(client)
        } catch (rollbackError) {
          release(client, rollbackError)
        }
        throw error
      }
    },
    readOne<R>(scope: DbScope, statement: Statement): Promise<R[]> {
      const text = executeText(scope, statement)
      return timed(statement.sql, async () => {
        const client = await checkout()
        const name = statementName(statement.sql)
        const known = prepared.get(client) ?? new Set<string>()
        prepared.set(client, known)
        const prepare = known.has(name) ? '' : `PREPARE ${name} AS ${statement.sql};\n`
        try {
          const results = (await client.query(prepare + text)) as unknown as pg.QueryResult[]
          known.add(name)
          release(client)
          return results.at(-1)!.rows as R[]
        } catch (error) {
          // The implicit transaction rolled back; whether PREPARE stuck is unknown: start afresh.
          release(client, prepare ? error : undefined)
          throw error
        }
      })
    },
    async listen(channel: string, onChange: Listener, options = {}): Promise<Subscription> {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`)
      // Each pooled connection hears the commits of all, each in commit order but not in step
      // with the others: heard first from whichever says it first, two commits can swap.
      const set = options.inCommitOrder
        ? new Set<Listener>()
        : (listeners.get(channel) ?? new Set())
      if (!options.inCommitOrder) listeners.set(channel, set)
      set.add(onChange)
      const connection = listenerConnection(url, channel, onChange)
      await connection.ready
      return {
        get active() {
          return connection.active
        },
        async close() {
          set.delete(onChange)
          await connection.close()
        },
      }
    },
    async close() {
      await pool.end()
    },
  }
}
