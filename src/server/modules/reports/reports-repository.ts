import type { Queryable } from '~/server/db/database.ts'
import type { TenantScope } from '~/server/context.ts'
import { scopeFilter } from '../scope-sql.ts'
import { segmentRows, withoutJit, type RowFilter } from '../consumption/energy-totals.ts'
import type { TermSegment } from './report-plan.ts'

export interface ReportDevice {
  id: string
  name: string
  group_id: string
}

interface TermRow {
  term: number
  value: number | null
  n: number
}

export const reportsRepository = (q: Queryable) => ({
  /** The scope's devices (or the named ones among them), by name. */
  async devices(scope: TenantScope, ids?: readonly string[]): Promise<ReportDevice[]> {
    const where = scopeFilter(scope, 'd.group_id', 1)
    const named = ids ? `AND d.id = ANY($${where.next}::uuid[])` : ''
    const { rows } = await q.query<ReportDevice>(
      `SELECT d.id, d.name, d.group_id FROM devices d WHERE ${where.sql} ${named}
       ORDER BY lower(d.name), d.id`,
      ids ? [...where.params, ids] : where.params,
    )
    return rows
  },

  /**
   * Each series term summed over all the report's devices, and its signed reading count (a
   * bucket whose terms count no reading has no data, which is not zero). Every segment is
   * summed inside its own index range scan, so the ~180,000 rollup rows of a 1,000-device month
   * never flow through a row-by-row pipeline.
   */
  async termValues(segments: readonly TermSegment[], filter: RowFilter) {
    const values = new Map<number, number>()
    const counts = new Map<number, number>()
    if (segments.length === 0 || filter.groups.length === 0) return { values, counts }
    const { sql, params } = segmentRows(segments, filter, (s) => s.term, 'summed')
    await withoutJit(q)
    const { rows } = await q.query<TermRow>(
      `SELECT key AS term, sum(sign * kwh)::float8 AS value,
              sum(sign * n)::int AS n
       FROM (${sql}) parts GROUP BY key`,
      params,
    )
    for (const r of rows) {
      values.set(r.term, r.value ?? 0)
      counts.set(r.term, r.n)
    }
    return { values, counts }
  },
})
