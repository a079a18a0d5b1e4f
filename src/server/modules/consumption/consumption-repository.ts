import type { Queryable } from '~/server/db/database.ts'
import type { TenantScope } from '~/server/context.ts'
import { CADENCE_MS, GAP_MS } from '../readings/deltas.ts'
import { ENERGY } from '../readings/readings-repository.ts'
import { scopeFilter } from '../scope-sql.ts'
import type { Window } from './buckets.ts'
import { edgeValues, type EdgeValue } from './edges.ts'
import { mergedSegments, type Segment } from './segments.ts'

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

interface Row {
  i: number
  n: number
  kwh: number
  resets: number
  estimated: boolean
  gaps: number
  first: Date
  last: Date
}

export const consumptionRepository = (q: Queryable) => ({
  /** The device's group if it exists inside the scope (another tenant's device is as missing). */
  async deviceVisible(scope: TenantScope, id: string): Promise<string | undefined> {
    const where = scopeFilter(scope, 'd.group_id', 2)
    const { rows } = await q.query<{ group_id: string }>(
      `SELECT d.group_id FROM devices d WHERE d.id = $1 AND ${where.sql}`,
      [id, ...where.params],
    )
    return rows[0]?.group_id
  },

  /** The group's IANA timezone (its bills and days are counted in it). */
  async groupTimezone(groupId: string): Promise<string> {
    const { rows } = await q.query<{ timezone: string }>(
      'SELECT timezone FROM groups WHERE id = $1',
      [groupId],
    )
    return rows[0]?.timezone ?? 'UTC'
  },

  /**
   * Figures per contiguous bucket [start, end). The readings' rises come from the pieces with
   * start < ts <= end: a reading's delta is the rise since the previous reading, so a reading on a
   * boundary closes the bucket before it. Whole UTC days and hours inside a bucket come from the
   * rollups, the partial hours at its edges from the readings (see segments.ts); width_bucket
   * places every piece. Each boundary then takes the meter's value there (edges.ts), and the
   * readings counted and reported are those with start <= ts < end.
   */
  async figures(deviceId: string, bucketList: readonly Window[]): Promise<BucketFigures[]> {
    if (bucketList.length === 0) return []
    const { rows } = await q.query<Row>(FIGURES_SQL, [
      deviceId,
      ENERGY,
      bucketList.map((b) => b.start.toISOString()),
      GAP_MS / 1000,
      ...segmentParams(mergedSegments(bucketList)),
    ])
    const byIndex = new Map(rows.map((r) => [Number(r.i), r]))
    const edges = [...bucketList.map((b) => b.start.getTime()), bucketList.at(-1)!.end.getTime()]
    const at = await edgeValues(q, { groups: [], devices: [deviceId], named: true }, edges)
    return bucketList.map((b, k) =>
      bucketFigures(b, byIndex.get(k + 1), at.at(deviceId, k), at.at(deviceId, k + 1)),
    )
  },
})

/** A bucket's figures from its pieces (readings in (start, end]) and its two edges. */
function bucketFigures(b: Window, r: Row | undefined, start: EdgeValue, end: EdgeValue) {
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

/** Segment bounds per kind as six timestamp arrays: day lo/hi, hour lo/hi, raw lo/hi. */
function segmentParams(segments: readonly Segment[]): string[][] {
  const iso = (ms: number) => new Date(ms).toISOString()
  return (['day', 'hour', 'raw'] as const).flatMap((kind) => {
    const list = segments.filter((s) => s.kind === kind)
    return [list.map((s) => iso(s.lo)), list.map((s) => iso(s.hi))]
  })
}

/**
 * Pieces of the device's history (rollup rows and edge readings) placed in buckets ($3 = bucket
 * starts). A piece's `gaps` counts late readings measured from the piece's own start; the first
 * reading of each piece is re-measured from the piece before it in the bucket (or the bucket
 * start), which is exactly what scanning the bucket's readings would count.
 * `OFFSET 0` keeps each rollup segment a range scan of the device's rows: once the tables hold a
 * fleet, the planner would otherwise read all of a device's hourly rows in parallel and filter
 * them by segment (37 ms instead of 2 for twelve monthly buckets).
 */
const FIGURES_SQL = `
  WITH pieces AS (
    SELECT p.day AS at, p.day AS unit_start, p.kwh, p.reading_count AS n, p.resets, p.gaps,
           p.estimated, p.first_ts, p.last_ts
    FROM unnest($5::timestamptz[], $6::timestamptz[]) AS s(lo, hi)
    CROSS JOIN LATERAL (SELECT * FROM readings_daily d
                        WHERE d.device_id = $1 AND d.day >= s.lo AND d.day < s.hi OFFSET 0) p
    UNION ALL
    SELECT p.hour, p.hour, p.kwh, p.reading_count, p.resets, p.gaps, p.estimated, p.first_ts, p.last_ts
    FROM unnest($7::timestamptz[], $8::timestamptz[]) AS s(lo, hi)
    CROSS JOIN LATERAL (SELECT * FROM readings_hourly h
                        WHERE h.device_id = $1 AND h.hour >= s.lo AND h.hour < s.hi OFFSET 0) p
    UNION ALL
    SELECT p.ts - interval '1 microsecond', p.ts, p.delta_kwh, 1, p.is_reset::int, 0,
           (p.status = 'estimated')::int, p.ts, p.ts
    FROM unnest($9::timestamptz[], $10::timestamptz[]) AS s(lo, hi)
    CROSS JOIN LATERAL (SELECT * FROM readings r WHERE r.device_id = $1 AND r.reading_type = $2
                        AND r.ts > s.lo AND r.ts <= s.hi) p
  ), placed AS (
    SELECT width_bucket(at, $3::timestamptz[]) AS i, * FROM pieces
  ), chained AS (
    SELECT *, lag(last_ts) OVER (PARTITION BY i ORDER BY first_ts) AS prev_last FROM placed
  )
  SELECT i, sum(n)::int AS n, greatest(coalesce(sum(kwh), 0), 0)::float8 AS kwh,
         sum(resets)::int AS resets, sum(estimated) > 0 AS estimated,
         sum(gaps - (first_ts - unit_start > make_interval(secs => $4))::int
             + (first_ts - greatest(prev_last, ($3::timestamptz[])[i]) > make_interval(secs => $4))::int)::int AS gaps,
         min(first_ts) AS first, max(last_ts) AS last
  FROM chained GROUP BY i`

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
