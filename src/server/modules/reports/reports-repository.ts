import type { Queryable } from '../../db/database.ts'
import type { TenantScope } from '../../context.ts'
import { binaryArray } from '../../lib/pg-binary-array.ts'
import { ENERGY } from '../readings/readings-repository.ts'
import { scopeFilter } from '../scope-sql.ts'
import type { SegmentKind, SignedSegment } from '../consumption/segments.ts'
import type { TermSegment, TotalSegment } from './report-plan.ts'

export interface ReportDevice {
  id: string
  name: string
  group_id: string
}

/** Which rows a report reads: its devices' groups, its devices, and whether they were named. */
export interface RowFilter {
  groups: string[]
  devices: string[]
  /** Only some of the groups' devices were asked for: rollup rows are filtered by device too. */
  named: boolean
}

interface TermRow {
  term: number
  value: number
}

interface TotalRow {
  device_id: string
  period: number
  total: number
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
   * Each series term summed over all the report's devices. Every segment is summed inside its
   * own index range scan, so the ~180,000 rollup rows of a 1,000-device month never flow through
   * a row-by-row pipeline.
   */
  async termValues(
    segments: readonly TermSegment[],
    filter: RowFilter,
  ): Promise<Map<number, number>> {
    if (segments.length === 0 || filter.groups.length === 0) return new Map()
    const { sql, params } = segmentRows(segments, filter, (s) => s.term, 'summed')
    await withoutJit(q)
    const { rows } = await q.query<TermRow>(
      `SELECT key AS term, sum(sign * kwh)::float8 AS value FROM (${sql}) parts GROUP BY key`,
      params,
    )
    return new Map(rows.map((r) => [r.term, r.value ?? 0]))
  },

  /** Each device's total per period (index = period) from its periods' total segments. */
  async deviceTotals(segments: readonly TotalSegment[], filter: RowFilter) {
    const totals = new Map<string, number[]>()
    if (segments.length === 0 || filter.groups.length === 0) return totals
    const { sql, params } = segmentRows(segments, filter, (s) => s.period, 'per device')
    await withoutJit(q)
    const { rows } = await q.query<TotalRow>(
      `SELECT device_id, key AS period, sum(sign * kwh)::float8 AS total FROM (${sql}) parts
       GROUP BY device_id, key`,
      params,
    )
    for (const r of rows) {
      const list = totals.get(r.device_id) ?? []
      list[r.period] = r.total
      totals.set(r.device_id, list)
    }
    return totals
  },
})

/**
 * The planner cannot see how few rows each segment holds and would JIT-compile a report query on
 * PostgreSQL (~400 ms for a query that runs in ~50). PGlite has no JIT; the setting is harmless.
 */
const withoutJit = (q: Queryable) => q.query('SET LOCAL jit = off')

const HOURLY = { table: 'readings_hourly r', range: 'r.hour >= s.lo AND r.hour < s.hi' }

const SOURCES: Record<SegmentKind, { table: string; kwh: string; range: string; nested?: true }> = {
  day: { table: 'readings_daily r', kwh: 'r.kwh', range: 'r.day >= s.lo AND r.day < s.hi' },
  hour: { ...HOURLY, kwh: 'r.kwh' },
  firstHalf: { ...HOURLY, kwh: 'r.kwh_first_half' },
  secondHalf: { ...HOURLY, kwh: 'r.kwh - r.kwh_first_half' },
  // Readings are indexed by device only: edge readings are found device by device, and kept a
  // nested loop (OFFSET 0): flattened, the planner joins every reading of the devices.
  raw: {
    table: 'unnest($3::uuid[]) AS dev(id) JOIN readings r ON r.device_id = dev.id',
    kwh: 'r.delta_kwh',
    range: 'r.reading_type = $2 AND r.ts > s.lo AND r.ts <= s.hi',
    nested: true,
  },
}

/**
 * The rows of segments of every kind, each with its `key` and sign, and either its kWh summed
 * over all devices or each device's kWh. $1 = groups, $2 = reading type, $3 = devices.
 */
function segmentRows<S extends SignedSegment>(
  segments: readonly S[],
  filter: RowFilter,
  key: (s: S) => number,
  shape: 'summed' | 'per device',
) {
  // Arrays in binary, as ingest sends them: a fleet's uuids as text cost the event loop milliseconds.
  const params: unknown[] = [
    binaryArray('uuid', filter.groups),
    ENERGY,
    binaryArray('uuid', filter.devices),
  ]
  const named = filter.named ? 'AND r.device_id = ANY($3::uuid[])' : ''
  const parts = (Object.keys(SOURCES) as SegmentKind[]).map((kind) => {
    const list = segments.filter((s) => s.kind === kind)
    const { table, kwh, range, nested } = SOURCES[kind]
    const p = (i: number) => `$${params.length + 1 + i}`
    const unnest = `unnest(${p(0)}::int[], ${p(1)}::timestamptz[], ${p(2)}::timestamptz[], ${p(3)}::int[])`
    params.push(
      binaryArray('int4', list.map(key)),
      binaryArray(
        'timestamptz',
        list.map((s) => s.lo),
      ),
      binaryArray(
        'timestamptz',
        list.map((s) => s.hi),
      ),
      binaryArray(
        'int4',
        list.map((s) => s.sign),
      ),
    )
    const rows =
      shape === 'summed'
        ? `SELECT sum(${kwh}) AS kwh FROM ${table}`
        : `SELECT r.device_id, ${kwh} AS kwh FROM ${table}`
    return `SELECT s.key, s.sign, x.* FROM ${unnest} AS s(key, lo, hi, sign)
      CROSS JOIN LATERAL (${rows} WHERE r.group_id = ANY($1::uuid[]) ${named} AND ${range}${nested ? ' OFFSET 0' : ''}) x`
  })
  return { sql: parts.join('\n UNION ALL\n'), params }
}
