import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import { performance } from 'node:perf_hooks'

export type Role = 'developer' | 'superuser' | 'admin' | 'user'
export const roles: readonly Role[] = ['developer', 'superuser', 'admin', 'user']
export const elevatedRoles: readonly Role[] = ['developer', 'superuser']

export interface QueryResult<R> {
  rows: R[]
  rowCount: number
}

/** Anything that runs one SQL statement with positional parameters ($1, $2...). */
export interface Queryable {
  query<R = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<R>>
}

/** A transaction: statements, plus parameterless batches (migrations). */
export interface Tx extends Queryable {
  exec(sql: string): Promise<void>
}

/**
 * Whose eyes a transaction looks through. `system` runs as the owner and bypasses row-level
 * security (migrations, seed, sign-in); `tenant` runs as the non-superuser `app_user` with the
 * group (or all groups, for elevated users without a group header) set for this transaction only.
 */
export type DbScope =
  | { kind: 'system' }
  | { kind: 'tenant'; groupId: string | null; all: boolean; userId: string; role: Role }

export const SYSTEM: DbScope = { kind: 'system' }

/** A parameter `readOne` can send as a literal. */
export type Scalar = string | number | boolean | null

/** One SQL statement with positional parameters ($1, $2...). */
export interface Statement {
  sql: string
  params: readonly Scalar[]
}

/** A LISTEN: `active` is false while notifications may be missed (connection lost). */
export interface Subscription {
  readonly active: boolean
  close(): Promise<void>
}

export interface Database {
  readonly kind: 'pglite' | 'postgres'
  /** One statement in its own transaction, as the owner (no row-level security). */
  query<R = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<R>>
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /** Everything inside `fn` commits together or not at all, under `scope`'s row-level security. */
  transaction<T>(scope: DbScope, fn: (tx: Tx) => Promise<T>): Promise<T>
  /**
   * One read-only statement under a tenant scope in a single round trip: the scope's prologue and
   * the statement go as one implicit transaction, the statement prepared once per connection and
   * its parameters sent as quoted literals. For the hottest reads; all else uses `transaction`.
   */
  readOne<R>(scope: DbScope, statement: Statement): Promise<R[]>
  /**
   * Calls `onChange(payload)` for every NOTIFY on `channel` any connection commits (this process's
   * before its commit returns), and `onChange(undefined)` when some may have been missed.
   * `inCommitOrder`: only as one listening connection hears them, in the order they committed,
   * every replica alike (this process's own a moment after its commit returns).
   */
  listen(
    channel: string,
    onChange: (payload?: string) => void,
    options?: { inCommitOrder?: boolean },
  ): Promise<Subscription>
  close(): Promise<void>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The statements that open a tenant transaction, as one parameterless batch (one round trip).
 * Values are checked here rather than quoted: ids must be UUIDs and the role one of four words.
 */
export function tenantPrologue(scope: DbScope): string | undefined {
  if (scope.kind === 'system') return undefined
  if (scope.groupId !== null && !UUID.test(scope.groupId))
    throw new Error('tenant group id must be a UUID')
  if (!UUID.test(scope.userId)) throw new Error('tenant user id must be a UUID')
  if (!roles.includes(scope.role)) throw new Error(`unknown role ${scope.role}`)
  return [
    'SET LOCAL ROLE app_user',
    `SELECT set_config('app.group_id', '${scope.groupId ?? ''}', true), ` +
      `set_config('app.scope_all', '${scope.all ? 'on' : 'off'}', true), ` +
      `set_config('app.user_id', '${scope.userId}', true), ` +
      `set_config('app.user_role', '${scope.role}', true)`,
  ].join(';\n')
}

/**
 * A parameter as an SQL literal, for statements sent as text (`readOne`). Strings are quoted with
 * their quotes doubled, which is the whole escaping standard_conforming_strings (on since 9.1, and
 * checked when a database opens) needs; PostgreSQL then casts the literal to the parameter's type.
 */
export function literal(value: Scalar): string {
  if (value === null) return 'NULL'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return `'${value}'`
  }
  if (value.includes('\0')) {
    // What PostgreSQL answers for a NUL sent as a parameter: the client's error, not ours.
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    })
  }
  return `'${value.replaceAll("'", "''")}'`
}

/** A prepared statement's name, the same for the same SQL in every process. */
export const statementName = (sql: string) =>
  `stmt_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`

/** The prologue, then `EXECUTE` of the prepared statement with its literals. */
export function executeText(scope: DbScope, statement: Statement): string {
  const prologue = tenantPrologue(scope)
  if (!prologue) throw new Error('readOne is for tenant scopes')
  const name = statementName(statement.sql)
  const args = statement.params.length ? `(${statement.params.map(literal).join(', ')})` : ''
  // Planned once: a fresh plan for each execution costs more than most of these statements.
  return `${prologue};\nSET LOCAL plan_cache_mode = force_generic_plan;\nEXECUTE ${name}${args}`
}

/** Refuses a server that would read backslashes in literals as escapes (see `literal`). */
export async function assertStandardStrings(db: Pick<Database, 'query'>): Promise<void> {
  const { rows } = await db.query<{ value: string }>(
    "SELECT current_setting('standard_conforming_strings') AS value",
  )
  if (rows[0]?.value !== 'on') throw new Error('standard_conforming_strings must be on')
}

/** A statement that ran, for the profiler (issue 6 reads these through `queryLog`). */
export interface QueryTiming {
  query: string
  duration_ms: number
}

/**
 * Set by the profiler around a request: every statement run inside records its SQL and duration.
 * When nothing is listening `getStore()` is undefined and timing costs one branch.
 */
export const queryLog = new AsyncLocalStorage<QueryTiming[]>()

export async function timed<T>(sql: string, run: () => Promise<T>): Promise<T> {
  const log = queryLog.getStore()
  if (!log) return run()
  const start = performance.now()
  try {
    return await run()
  } finally {
    log.push({ query: sql, duration_ms: performance.now() - start })
  }
}
