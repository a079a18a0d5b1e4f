import { AsyncLocalStorage } from 'node:async_hooks'
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
