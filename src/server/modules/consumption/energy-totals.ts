import type { Queryable } from '~/server/db/database.ts'
import { binaryArray } from '~/server/lib/pg-binary-array.ts'
import { ENERGY } from '../readings/readings-repository.ts'
import type { Window } from './buckets.ts'
import { edgeValues } from './edges.ts'
import {
  anchorOf,
  DAY_MS,
  halfHours,
  offsetSegments,
  segmentsOf,
  type SegmentKind,
  type SignedSegment,
} from './segments.ts'

/** Which rows a query reads: the devices' groups, the devices, and whether they were named. */
export interface RowFilter {
  groups: string[]
  devices: string[]
  /** Only some of the groups' devices were asked for: rollup rows are filtered by device too. */
  named: boolean
}

/** kWh to three decimals (Wh), never below 0: float sums of non-negative rises can be -1e-13. */
export const roundKwh = (value: number) => Math.max(0, Math.round(value * 1000) / 1000)

/**
 * Consecutive buckets rounded to Wh so that they add up to their rounded sum: each bucket is the
 * rounded running total at its end minus the one at its start (off its own rounding by at most
 * 1 Wh, never below 0). Null buckets stay null and add nothing.
 */
export function roundRunning(values: ReadonlyArray<number | null>): Array<number | null> {
  let running = 0
  let shown = 0
  return values.map((v) => {
    if (v === null) return null
    running += v
    const next = roundKwh(running)
    const bucket = Math.round((next - shown) * 1000) / 1000
    shown = next
    return Math.max(0, bucket)
  })
}

/**
 * The segments whose signed sum is the consumption over the window (start, end]: whole days between
 * the UTC midnights nearest its edges, and the few hours (or readings) from each edge to its anchor
 * (see report-plan.ts). A month in Berlin reads ~31 daily and a few hourly rows per device.
 */
export function windowSegments(w: Window): SignedSegment[] {
  const start = w.start.getTime()
  const end = w.end.getTime()
  const a0 = anchorOf(start, DAY_MS)
  const an = anchorOf(end, DAY_MS)
  return [
    ...segmentsOf(a0, an).map((s) => ({ ...s, sign: 1 as const })),
    ...offsetSegments(an, end),
    ...offsetSegments(a0, start).map((s) => ({ ...s, sign: s.sign === 1 ? -1 : 1 }) as const),
  ].map(halfHours)
}

/** A device's consumption over a window, and whether it rests on an interpolated edge. */
export interface EnergyFigure {
  kwh: number | null
  estimated: boolean
}

/**
 * THE consumption of devices over windows, wherever it is shown (device list and device "today",
 * the cumulative presets, reports, the dashboard, top consumers): the meter's rise (resets added
 * back) from the window's start to its end, each edge the meter's value there, interpolated
 * between readings where it falls between them (edges.ts), in Wh, at least 0. `null` where a
 * device has no reading in a window and no estimate at its edges: no data is not zero. Keyed by
 * device id, one entry per window.
 */
export async function energyFigures(
  q: Queryable,
  filter: RowFilter,
  windows: readonly Window[],
): Promise<Map<string, EnergyFigure[]>> {
  const figures = new Map<string, EnergyFigure[]>(
    filter.devices.map((id) => [id, windows.map(() => ({ kwh: null, estimated: false }))]),
  )
  if (windows.length === 0 || filter.groups.length === 0) return figures
  const segments = windows.flatMap((w, period) =>
    windowSegments(w).map((s) => ({ ...s, key: period })),
  )
  const { sql, params } = segmentRows(segments, filter, (s) => s.key, 'per device')
  await withoutJit(q)
  // The signed reading count is the readings in the window: none is no data.
  const { rows } = await q.query<{ device_id: string; period: number; total: number }>(
    `SELECT device_id, key AS period, sum(sign * kwh)::float8 AS total FROM (${sql}) parts
     GROUP BY device_id, key HAVING sum(sign * n) > 0`,
    params,
  )
  const held = new Map(rows.map((r) => [`${r.period}:${r.device_id}`, r.total ?? 0]))
  const edges = [...new Set(windows.flatMap((w) => [w.start.getTime(), w.end.getTime()]))]
  const at = await edgeValues(q, filter, edges)
  const edgeOf = (d: string, instant: Date) => at.at(d, edges.indexOf(instant.getTime()))
  for (const [device, list] of figures) {
    windows.forEach((w, period) => {
      const start = edgeOf(device, w.start)
      const end = edgeOf(device, w.end)
      const estimated = start.estimated || end.estimated
      const total = held.get(`${period}:${device}`)
      if (total === undefined && !estimated) return
      list[period] = { kwh: roundKwh((total ?? 0) + end.kwh - start.kwh), estimated }
    })
  }
  return figures
}

/** `energyFigures` without the estimate flags. */
export async function energyTotals(
  q: Queryable,
  filter: RowFilter,
  windows: readonly Window[],
): Promise<Map<string, Array<number | null>>> {
  const figures = await energyFigures(q, filter, windows)
  return new Map([...figures].map(([id, list]) => [id, list.map((f) => f.kwh)]))
}

/**
 * The planner cannot see how few rows each segment holds and would JIT-compile a report query on
 * PostgreSQL (~400 ms for a query that runs in ~50). PGlite has no JIT; the setting is harmless.
 */
export const withoutJit = (q: Queryable) => q.query('SET LOCAL jit = off')

const HOURLY = { table: 'readings_hourly r', range: 'r.hour >= s.lo AND r.hour < s.hi' }

/**
 * Where rows come from, what they add, and how many readings they hold (`n`; a half hour row
 * counts 1 where the half has readings: rollups count whole hours only).
 */
interface Source {
  table: string
  kwh: string
  range: string
  n: string
  nested?: true
}

const HALF = `r.hour + interval '30 minutes'`

const SOURCES: Record<SegmentKind, Source> = {
  day: {
    table: 'readings_daily r',
    kwh: 'r.kwh',
    range: 'r.day >= s.lo AND r.day < s.hi',
    n: 'r.reading_count',
  },
  hour: { ...HOURLY, kwh: 'r.kwh', n: 'r.reading_count' },
  firstHalf: { ...HOURLY, kwh: 'r.kwh_first_half', n: `(r.first_ts <= ${HALF})::int` },
  secondHalf: { ...HOURLY, kwh: 'r.kwh - r.kwh_first_half', n: `(r.last_ts > ${HALF})::int` },
  // Readings are indexed by device only: edge readings are found device by device, and kept a
  // nested loop (OFFSET 0): flattened, the planner joins every reading of the devices.
  raw: {
    table: 'unnest($3::uuid[]) AS dev(id) JOIN readings r ON r.device_id = dev.id',
    kwh: 'r.delta_kwh',
    range: 'r.reading_type = $2 AND r.ts > s.lo AND r.ts <= s.hi',
    n: '1',
    nested: true,
  },
}

/**
 * The rows of segments of every kind, each with its `key`, sign and reading count `n`, and either
 * its kWh summed over all devices or each device's kWh. $1 = groups, $2 = reading type, $3 = devices.
 */
export function segmentRows<S extends SignedSegment>(
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
    const { table, kwh, range, nested, n } = SOURCES[kind]
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
        ? `SELECT sum(${kwh}) AS kwh, coalesce(sum(${n}), 0) AS n FROM ${table}`
        : `SELECT r.device_id, ${kwh} AS kwh, ${n} AS n FROM ${table}`
    return `SELECT s.key, s.sign, x.* FROM ${unnest} AS s(key, lo, hi, sign)
      CROSS JOIN LATERAL (${rows} WHERE r.group_id = ANY($1::uuid[]) ${named} AND ${range}${nested ? ' OFFSET 0' : ''}) x`
  })
  return { sql: parts.join('\n UNION ALL\n'), params }
}
