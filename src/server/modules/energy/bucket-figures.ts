import type { Queryable } from '~/server/db/database.ts'
import { CADENCE_MS } from '../readings/deltas.ts'
import { edgeValues, type EdgeValue } from './edges.ts'
import { energyRepository, type BucketRow } from './energy-repository.ts'
import { mergedSegments } from './segments.ts'
import type { Window } from './windows.ts'

/** What the readings of one bucket (start, end] say. */
export interface BucketFigures extends Window {
  /** The meter's rise from start to end (resets added back); null without data or estimate. */
  kwh: number | null
  readings: number
  resets: number
  estimated: boolean
  /** Gaps before or between the bucket's readings (the trailing one is added by `withMetadata`). */
  innerGaps: number
  /** The first and last readings in [start, end). */
  first: Date | null
  last: Date | null
  /** The last reading in (start, end], which closes any gap before the end. */
  lastArrived: Date | null
}

/**
 * A device's figures per contiguous bucket [start, end). The readings' rises come from the pieces
 * with start < ts <= end: a reading's delta is the rise since the previous reading, so a reading
 * on a boundary closes the bucket before it. Whole UTC days and hours inside a bucket come from
 * the rollups, the partial hours at its edges from the readings (see segments.ts). Each boundary
 * then takes the meter's value there (edges.ts), and the readings counted and reported are those
 * with start <= ts < end. (A bucket's export is priced with its import: costs.ts.)
 */
export async function bucketFigures(
  q: Queryable,
  deviceId: string,
  bucketList: readonly Window[],
): Promise<BucketFigures[]> {
  if (bucketList.length === 0) return []
  const starts = bucketList.map((b) => b.start.getTime())
  const segments = mergedSegments(bucketList)
  const rows = await energyRepository(q).bucketRows(deviceId, starts, segments)
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]))
  const edges = [...starts, bucketList.at(-1)!.end.getTime()]
  const filter = { groups: [], devices: [deviceId], named: true }
  const at = await edgeValues(q, filter, edges)
  return bucketList.map((b, k) =>
    figuresOf(b, byIndex.get(k + 1), at.at(deviceId, k), at.at(deviceId, k + 1)),
  )
}

/** A bucket's figures from its pieces (readings in (start, end]) and its two edges. */
function figuresOf(b: Window, r: BucketRow | undefined, start: EdgeValue, end: EdgeValue) {
  const estimated = start.estimated || end.estimated
  const held = r ? r.kwh : null
  const kwh = held === null && !estimated ? null : Math.max(0, (held ?? 0) + end.kwh - start.kwh)
  const firstAfter = r && r.first.getTime() < b.end.getTime() ? r.first : null
  const lastBefore = end.onReading
    ? end.before !== null && end.before >= b.start.getTime()
      ? new Date(end.before)
      : null
    : (r?.last ?? null)
  return {
    ...b,
    kwh,
    readings: (r?.n ?? 0) + Number(start.onReading) - Number(end.onReading),
    resets: r?.resets ?? 0,
    estimated: (r?.estimated ?? false) || estimated,
    innerGaps: r?.gaps ?? 0,
    first: start.onReading ? b.start : firstAfter,
    last: lastBefore ?? (start.onReading ? b.start : null),
    lastArrived: r?.last ?? null,
  }
}

/** Data-quality metadata of a bucket, counting only the part of it that is not in the future. */
export function withMetadata(f: BucketFigures, now: Date) {
  const until = Math.min(f.end.getTime(), now.getTime())
  const expected = Math.max(0, Math.floor((until - f.start.getTime()) / CADENCE_MS))
  // Gaps are counted as the readings arrive, in (start, end]: a reading on the end closes one.
  const lastSlot = f.start.getTime() + expected * CADENCE_MS
  const lastSeen = f.lastArrived?.getTime() ?? f.start.getTime()
  const trailing = expected > 0 && lastSlot - lastSeen >= CADENCE_MS ? 1 : 0
  const coverage = expected === 0 ? 1 : Math.min(1, f.readings / expected)
  return {
    expected_readings: expected,
    present_readings: f.readings,
    coverage: Math.round(coverage * 10_000) / 10_000,
    gaps: f.innerGaps + trailing,
    resets: f.resets,
    estimated: f.estimated,
  }
}
