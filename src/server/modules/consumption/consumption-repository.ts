import type { Queryable } from '../../db/database.ts'
import type { TenantScope } from '../../context.ts'
import { ENERGY } from '../readings/readings-repository.ts'
import { scopeFilter } from '../scope-sql.ts'
import type { Window } from './buckets.ts'

/** Readings arrive every 15 minutes; a step longer than 1.5 of that is a gap. */
export const CADENCE_MS = 15 * 60_000
const GAP_MS = CADENCE_MS * 1.5

/** What the readings of one bucket (start, end] say. */
export interface BucketFigures extends Window {
  /** Sum of delta_kwh (the meter's rise, resets added back); null without readings. */
  kwh: number | null
  readings: number
  resets: number
  estimated: boolean
  /** Gaps before or between the bucket's readings (the trailing one is added by `withMetadata`). */
  innerGaps: number
  first: Date | null
  last: Date | null
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
  /** Whether the device exists inside the scope (another tenant's device is as missing). */
  async deviceVisible(scope: TenantScope, id: string): Promise<boolean> {
    const where = scopeFilter(scope, 'd.group_id', 2)
    const { rows } = await q.query(`SELECT 1 FROM devices d WHERE d.id = $1 AND ${where.sql}`, [
      id,
      ...where.params,
    ])
    return rows.length > 0
  },

  /**
   * Figures per contiguous bucket. A reading belongs to the bucket with start < ts <= end: its
   * delta is the rise since the previous reading, so a reading on a boundary closes the bucket
   * before it. One index range scan over the window; width_bucket assigns each reading.
   */
  async figures(deviceId: string, bucketList: readonly Window[]): Promise<BucketFigures[]> {
    if (bucketList.length === 0) return []
    const starts = bucketList.map((b) => b.start.toISOString())
    const end = bucketList[bucketList.length - 1]!.end.toISOString()
    const { rows } = await q.query<Row>(
      `WITH r AS (
         SELECT ts, delta_kwh, is_reset, status, lag(ts) OVER (ORDER BY ts) AS prev_ts,
                width_bucket(ts - interval '1 microsecond', $3::timestamptz[]) AS i
         FROM readings
         WHERE device_id = $1 AND reading_type = $2 AND ts > $4::timestamptz AND ts <= $5::timestamptz
       )
       SELECT i, count(*)::int AS n, greatest(coalesce(sum(delta_kwh), 0), 0)::float8 AS kwh,
              count(*) FILTER (WHERE is_reset)::int AS resets,
              coalesce(bool_or(status = 'estimated'), false) AS estimated,
              count(*) FILTER (WHERE ts - greatest(prev_ts, ($3::timestamptz[])[i])
                                 > make_interval(secs => $6))::int AS gaps,
              min(ts) AS first, max(ts) AS last
       FROM r GROUP BY i`,
      [deviceId, ENERGY, starts, starts[0], end, GAP_MS / 1000],
    )
    const byIndex = new Map(rows.map((r) => [Number(r.i), r]))
    return bucketList.map((b, k) => {
      const r = byIndex.get(k + 1)
      return {
        ...b,
        kwh: r ? r.kwh : null,
        readings: r?.n ?? 0,
        resets: r?.resets ?? 0,
        estimated: r?.estimated ?? false,
        innerGaps: r?.gaps ?? 0,
        first: r?.first ?? null,
        last: r?.last ?? null,
      }
    })
  },
})

/** Data-quality metadata of a bucket, counting only the part of it that is not in the future. */
export function withMetadata(f: BucketFigures, now: Date) {
  const until = Math.min(f.end.getTime(), now.getTime())
  const expected = Math.max(0, Math.floor((until - f.start.getTime()) / CADENCE_MS))
  const lastSlot = f.start.getTime() + expected * CADENCE_MS
  const lastSeen = f.last?.getTime() ?? f.start.getTime()
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
