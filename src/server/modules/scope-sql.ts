import type { TenantScope } from '../context.ts'

/**
 * The repository half of tenant isolation (row-level security is the database half): a WHERE
 * fragment limiting `column` to the scope, with its parameters numbered from `first`.
 * An unassigned user (group null, not all) matches nothing.
 */
export function scopeFilter(scope: TenantScope, column: string, first: number) {
  if (scope.all) return { sql: 'true', params: [] as unknown[], next: first }
  return {
    sql: `${column} = $${first}::uuid`,
    params: [scope.groupId] as unknown[],
    next: first + 1,
  }
}
