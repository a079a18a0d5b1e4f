import type { TenantScope } from '../context.ts'
import { raw, sql, type Sql } from '../db/sql.ts'

/**
 * The repository half of tenant isolation (row-level security is the database half): a WHERE
 * condition limiting `column` (a trusted identifier, never input) to the scope. An unassigned
 * user (group null, not all) matches nothing. Compose it into `sql` templates: they number the
 * placeholders.
 */
export function scopeCondition(scope: TenantScope, column: string): Sql {
  return scope.all ? sql`true` : sql`${raw(column)} = ${scope.groupId}::uuid`
}

/**
 * The same as text with its parameters numbered from `first`.
 * Superseded by `scopeCondition`; kept while consumption, billing, reports and energy still
 * number their placeholders by hand (issue 34).
 */
export function scopeFilter(scope: TenantScope, column: string, first: number) {
  if (scope.all) return { sql: 'true', params: [] as unknown[], next: first }
  return {
    sql: `${column} = $${first}::uuid`,
    params: [scope.groupId] as unknown[],
    next: first + 1,
  }
}
