/**
 * How a time span is read from the rollups. Readings are cumulative and each carries its rise since
 * the previous one, so the consumption over (lo, hi] is the sum of the rises of the readings with
 * lo < ts <= hi. readings_daily row d holds d < ts <= d + 1 day (UTC), readings_hourly row h holds
 * h < ts <= h + 1 hour: a span is whole days, whole hours around them, and raw readings only for
 * the parts of an hour at its edges (windows starting at :30 in +05:30 zones, or ending now).
 */

export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

/**
 * `firstHalf` and `secondHalf` are the parts of hourly rows before and after their half hour,
 * which reports read in place of a half hour of raw readings (see `halfHours`).
 */
export type SegmentKind = 'day' | 'hour' | 'raw' | 'firstHalf' | 'secondHalf'

/** Rollup rows with lo <= unit < hi, or (raw) readings with lo < ts <= hi; epoch milliseconds. */
export interface Segment {
  kind: SegmentKind
  lo: number
  hi: number
}

const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit

/** Whole hours [lo, hi) (both on the hour) as whole days and the hours around them. */
function wholeHours(lo: number, hi: number): Segment[] {
  const firstDay = ceilTo(lo, DAY_MS)
  const lastDay = floorTo(hi, DAY_MS)
  if (firstDay >= lastDay) return [{ kind: 'hour', lo, hi }]
  return [
    { kind: 'hour' as const, lo, hi: firstDay },
    { kind: 'day' as const, lo: firstDay, hi: lastDay },
    { kind: 'hour' as const, lo: lastDay, hi },
  ].filter((s) => s.lo < s.hi)
}

/** The segments covering (start, end], in time order (no two of one kind touching). */
export function segmentsOf(start: number, end: number): Segment[] {
  if (end <= start) return []
  const firstHour = ceilTo(start, HOUR_MS)
  const lastHour = floorTo(end, HOUR_MS)
  if (firstHour >= lastHour) return [{ kind: 'raw', lo: start, hi: end }]
  return [
    { kind: 'raw' as const, lo: start, hi: firstHour },
    ...wholeHours(firstHour, lastHour),
    { kind: 'raw' as const, lo: lastHour, hi: end },
  ].filter((s) => s.lo < s.hi)
}

const HALF_HOUR_MS = HOUR_MS / 2

/**
 * A raw segment that is exactly one half of an hour, (h, h + 30 min] or (h + 30 min, h + 1 hour],
 * as that half of the hourly row h: the edges of buckets in half-hour zones (+05:30, -03:30).
 */
export function halfHours<S extends Segment>(segment: S): S {
  const { kind, lo, hi } = segment
  if (kind !== 'raw' || hi - lo !== HALF_HOUR_MS || lo % HALF_HOUR_MS !== 0) return segment
  const hour = floorTo(lo, HOUR_MS)
  return {
    ...segment,
    kind: lo === hour ? 'firstHalf' : 'secondHalf',
    lo: hour,
    hi: hour + HOUR_MS,
  }
}

/** Segments of consecutive spans, touching ones of a kind merged (fewer index range scans). */
export function mergedSegments(spans: ReadonlyArray<{ start: Date; end: Date }>): Segment[] {
  const out: Segment[] = []
  for (const span of spans) {
    for (const s of segmentsOf(span.start.getTime(), span.end.getTime())) {
      const same = out.findLast((o) => o.kind === s.kind)
      if (same && same.hi === s.lo) same.hi = s.hi
      else out.push({ ...s })
    }
  }
  return out
}

/** A signed part of a report term: rows of `segment` count `sign` times. */
export interface SignedSegment extends Segment {
  sign: 1 | -1
}

/**
 * The rise from anchor `a` (on the hour) to instant `b`: + the readings in (a, b] when a < b,
 * - those in (b, a] when b < a. With anchors at UTC midnights, C(b) = C(a) + offset(a, b) turns a
 * bucket (s, e] into whole days between anchors plus two short offsets, whatever the zone.
 */
export function offsetSegments(a: number, b: number): SignedSegment[] {
  if (a === b) return []
  const sign = a < b ? 1 : -1
  return segmentsOf(Math.min(a, b), Math.max(a, b)).map((s) => ({ ...s, sign }))
}

/**
 * Where a report boundary is anchored: the nearest UTC midnight for day-sized buckets (so the spans
 * between anchors are daily rows), the nearest whole hour for hourly buckets.
 */
export function anchorOf(instant: number, unit: typeof DAY_MS | typeof HOUR_MS): number {
  return Math.round(instant / unit) * unit
}
