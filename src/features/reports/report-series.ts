import type { EnergyReport } from '~/api'

/** One bucket of the comparison chart (the shape of the design system's ComparisonPoint). */
export interface ComparisonBucket {
  start: string
  previousStart?: string
  current: number | null
  previous: number | null
  /** The current bucket is still running: drawn as partial, not as a drop. */
  partial: boolean
  /** A bucket's value rests on an edge interpolated between readings (drawn hatched). */
  currentEstimated: boolean
  previousEstimated: boolean
}

/**
 * Pairs the i-th bucket of the current period with the i-th of the previous one (for days the
 * server sends the same weekday of the previous period). Buckets of the
 * current period that have not started yet are unknown (null), not zero, so a period in progress
 * is compared only over the buckets it has so far.
 */
export function comparisonBuckets(series: EnergyReport['series'], now: Date): ComparisonBucket[] {
  const { current, previous } = series
  const length = Math.max(current.length, previous.length)
  const step = stepMs(current) ?? stepMs(previous) ?? 86_400_000
  const first = current[0] ? Date.parse(current[0].start) : now.getTime()
  return Array.from({ length }, (_, i) => {
    const cur = current[i]
    const prev = previous[i]
    const start = cur?.start ?? new Date(first + i * step).toISOString()
    const started = Date.parse(start) <= now.getTime()
    return {
      start,
      previousStart: prev?.start,
      current: cur && started ? cur.kwh : null,
      previous: prev ? prev.kwh : null,
      partial: Boolean(cur?.partial),
      currentEstimated: Boolean(cur && started && cur.estimated),
      previousEstimated: Boolean(prev?.estimated),
    }
  })
}

const stepMs = (points: EnergyReport['series']['current']) =>
  points.length > 1
    ? (Date.parse(points.at(-1)!.start) - Date.parse(points[0]!.start)) / (points.length - 1)
    : null
