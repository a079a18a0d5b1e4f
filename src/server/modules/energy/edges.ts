import type { Queryable } from '~/server/db/database.ts'
import {
  energyRepository,
  type ProbeRow,
  type Register,
  type RowFilter,
} from './energy-repository.ts'
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

/**
 * Each device's value at each edge. Edges on the hour are first looked up in the hourly rollups by
 * group (a row for the hour before the edge whose last reading is the edge: on a reading, nothing
 * to read; one counted range scan per edge for a fleet), unless the devices were named; every other pair
 * probes the readings' (device, type, ts) key twice: the two readings at or before the edge, and
 * the first after it when none lies on it. Where a pair was settled by the rollups, `before` is
 * not read (reports need no reading times). The export register (`register`) keeps no reading
 * times in its hourly rows: its pairs are all probed (only devices with an export register).
 */
export async function edgeValues(
  q: Queryable,
  filter: RowFilter,
  edges: readonly number[],
  register: Register = 'import',
): Promise<EdgeValues> {
  const values = new Map<string, Map<number, EdgeValue>>()
  if (edges.length === 0 || filter.devices.length === 0) return new EdgeValues(values)
  const settled =
    filter.named || register === 'export'
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
  const rows = await energyRepository(q).probeEdges(devices, instants, indexes, register)
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
  const repository = energyRepository(q)
  const counts = await repository.onReadingAtHours(filter.groups, hours, 'count')
  const some = new Set<number>()
  for (const r of counts) {
    if (r.n >= filter.devices.length) settled.all.add(r.i)
    else some.add(r.i)
  }
  if (some.size === 0) return settled
  const rows = await repository.onReadingAtHours(
    filter.groups,
    hours.filter((h) => some.has(h.i)),
    'devices',
  )
  for (const r of rows) settled.pairs.add(`${r.i}:${r.device_id}`)
  return settled
}
