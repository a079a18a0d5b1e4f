import type { Queryable } from '~/server/db/database.ts'
import { binaryArray } from '~/server/lib/pg-binary-array.ts'
import { ENERGY } from '../readings/readings-repository.ts'
import type { RowFilter } from './energy-totals.ts'
import { HOUR_MS } from './segments.ts'

/**
 * The meter at a bucket or window edge. Rollups and edge readings give the rise of the readings
 * in (lo, hi] (sample and hold: an edge between two readings takes the one at or before it). An
 * edge that falls between two readings no more than MAX_INTERPOLATION_GAP_MS apart takes the
 * meter value interpolated linearly in time between them instead: the reading after the edge
 * contributes the part of its rise that lies before the edge (`kwh`), and the edge is
 * `estimated`. Across a reset the two values cannot be compared; the reading after it carries its
 * count since the restart (the side that has data), which is spread the same way. With K(t) the
 * sample-and-hold count up to t, the consumption over [s, e) is K(e) + kwh(e) - K(s) - kwh(s):
 * each edge is read once, so buckets still add up to their window.
 */
export const MAX_INTERPOLATION_GAP_MS = 24 * HOUR_MS

export interface EdgeValue {
  /** A reading lies exactly on the edge (nothing to estimate). */
  onReading: boolean
  /** The last reading strictly before the edge (epoch ms), where it was read (see `edgeValues`). */
  before: number | null
  /** The rise from the last reading at or before the edge to the edge's interpolated value. */
  kwh: number
  estimated: boolean
}

const ON_READING: EdgeValue = { onReading: true, before: null, kwh: 0, estimated: false }

/** Per device, the value at each edge (index into the `edges` given to `edgeValues`). */
export class EdgeValues {
  constructor(private readonly values: Map<string, Map<number, EdgeValue>>) {}

  at(device: string, edge: number): EdgeValue {
    return this.values.get(device)?.get(edge) ?? ON_READING
  }
}

interface ProbeRow {
  device_id: string
  i: number
  before: Date | null
  on_edge: boolean
  next_ts: Date | null
  next_delta: number | null
}

/**
 * Each device's value at each edge. Edges on the hour are first looked up in the hourly rollups by
 * group (a row for the hour before the edge whose last reading is the edge: on a reading, nothing
 * to read; one counted range scan per edge for a fleet), unless the devices were named; every other pair
 * probes the readings' (device, type, ts) key twice: the two readings at or before the edge, and
 * the first after it when none lies on it. Where a pair was settled by the rollups, `before` is
 * not read (reports need no reading times).
 */
export async function edgeValues(
  q: Queryable,
  filter: RowFilter,
  edges: readonly number[],
): Promise<EdgeValues> {
  const values = new Map<string, Map<number, EdgeValue>>()
  if (edges.length === 0 || filter.devices.length === 0) return new EdgeValues(values)
  const settled = filter.named
    ? { all: new Set<number>(), pairs: new Set<string>() }
    : await onReadingByRollups(q, filter, edges)
  const open = edges.flatMap((t, i) => (settled.all.has(i) ? [] : [{ t, i }]))
  const devices: string[] = []
  const instants: number[] = []
  const indexes: number[] = []
  for (const device of filter.devices) {
    for (const { t, i } of open) {
      if (settled.pairs.has(`${i}:${device}`)) continue
      devices.push(device)
      instants.push(t)
      indexes.push(i)
    }
  }
  if (devices.length === 0) return new EdgeValues(values)
  const { rows } = await q.query<ProbeRow>(PROBE_SQL, [
    binaryArray('uuid', devices),
    binaryArray('timestamptz', instants),
    binaryArray('int4', indexes),
    ENERGY,
  ])
  for (const r of rows) {
    let byEdge = values.get(r.device_id)
    if (!byEdge) values.set(r.device_id, (byEdge = new Map()))
    byEdge.set(r.i, valueOf(r, edges[r.i]!))
  }
  return new EdgeValues(values)
}

function valueOf(r: ProbeRow, t: number): EdgeValue {
  const before = r.before?.getTime() ?? null
  if (r.on_edge || before === null || r.next_ts === null)
    return { onReading: r.on_edge, before, kwh: 0, estimated: false }
  const next = r.next_ts.getTime()
  if (next - before > MAX_INTERPOLATION_GAP_MS)
    return { onReading: false, before, kwh: 0, estimated: false }
  const share = (t - before) / (next - before)
  return { onReading: false, before, kwh: (r.next_delta ?? 0) * share, estimated: true }
}

/**
 * `${edge index}:${device}` of the pairs whose edge, on the hour, is a reading (hourly rollups),
 * and the edges where every device's is (`all`). First one count per edge: in a fleet reporting
 * on the hour every edge is settled without a row per device; only edges some devices miss read
 * which devices those are.
 */
async function onReadingByRollups(q: Queryable, filter: RowFilter, edges: readonly number[]) {
  const settled = { all: new Set<number>(), pairs: new Set<string>() }
  const hours = edges.flatMap((t, i) => (t % HOUR_MS === 0 ? [{ t, i }] : []))
  if (hours.length === 0) return settled
  const onReading = (select: string, list: typeof hours) =>
    q.query<{ i: number; n: number; device_id: string }>(
      // Plain equalities on parameters only: under row-level security a qual computing on a
      // column (`s.t - interval '1 hour'`) is not leakproof and cannot bound the index scan (the
      // scan read every rollup row of the group per edge: seconds for a fleet).
      `SELECT s.i, ${select} FROM unnest($2::timestamptz[], $3::timestamptz[], $4::int4[]) AS s(h, t, i)
       CROSS JOIN LATERAL (SELECT r.device_id FROM readings_hourly r
         WHERE r.group_id = ANY($1::uuid[]) AND r.hour = s.h AND r.last_ts = s.t
         OFFSET 0) r ${select.startsWith('count') ? 'GROUP BY s.i' : ''}`,
      [
        binaryArray('uuid', filter.groups),
        binaryArray(
          'timestamptz',
          list.map((h) => h.t - HOUR_MS),
        ),
        binaryArray(
          'timestamptz',
          list.map((h) => h.t),
        ),
        binaryArray(
          'int4',
          list.map((h) => h.i),
        ),
      ],
    )
  const counts = await onReading('count(*)::int AS n', hours)
  const some = new Set<number>()
  for (const r of counts.rows) {
    if (r.n >= filter.devices.length) settled.all.add(r.i)
    else some.add(r.i)
  }
  if (some.size === 0) return settled
  const { rows } = await onReading(
    'r.device_id',
    hours.filter((h) => some.has(h.i)),
  )
  for (const r of rows) settled.pairs.add(`${r.i}:${r.device_id}`)
  return settled
}

/**
 * Per (device, edge): the last reading strictly before the edge, whether one lies on it (the two
 * latest at or before it, one backward index probe), and, only when none does, the first reading
 * after it (`NOT on_edge` is a one-time filter: no probe). The gap bound is applied in JavaScript:
 * under row-level security a bound computed from the probe before would not limit the index scan.
 */
const PROBE_SQL = `
  SELECT x.device_id, x.i, p.before, p.on_edge, n.ts AS next_ts, n.delta_kwh AS next_delta
  FROM unnest($1::uuid[], $2::timestamptz[], $3::int4[]) AS x(device_id, t, i)
  CROSS JOIN LATERAL (
    SELECT max(r.ts) FILTER (WHERE r.ts < x.t) AS before, coalesce(bool_or(r.ts = x.t), false) AS on_edge
    FROM (SELECT r.ts FROM readings r
          WHERE r.device_id = x.device_id AND r.reading_type = $4 AND r.ts <= x.t
          ORDER BY r.ts DESC LIMIT 2) r
  ) p
  LEFT JOIN LATERAL (
    SELECT r.ts, r.delta_kwh FROM readings r
    WHERE NOT p.on_edge AND r.device_id = x.device_id AND r.reading_type = $4 AND r.ts > x.t
    ORDER BY r.ts LIMIT 1
  ) n ON true`
