import type { Granularity, Window } from './windows.ts'
import {
  anchorOf,
  DAY_MS,
  halfHours,
  HOUR_MS,
  offsetSegments,
  segmentsOf,
  type SignedSegment,
} from './segments.ts'

/**
 * How a report reads its figures. With C(t) the consumption up to t, bucket k of a period is
 * C(b[k+1]) - C(b[k]). Each boundary b[j] gets an anchor a[j] (the nearest UTC midnight; the
 * nearest hour for hourly buckets) and C(b) = C(a) + offset(a, b), so
 *
 *   bucket k     = span(a[k], a[k+1]) + offset[k+1] - offset[k]
 *   period total = span(a[0], a[n]) + offset[n] - offset[0]
 *
 * Spans are whole daily rows; offsets a few hourly rows (halves of them in +05:30-style zones, and
 * edge readings where an edge is not on a half hour, as in +05:45 or at now).
 * A month of daily buckets in Berlin reads ~31 daily and ~32 hourly rows per device, not ~744.
 * The series only needs each term summed over all devices; a device's totals are
 * figures.ts, the one definition every page shares.
 */

/** A part of a series term: rows of `kind` in [lo, hi) (raw: (lo, hi]) counted `sign` times. */
export interface TermSegment extends SignedSegment {
  term: number
}

/** A term's role: its value adds to bucket `plus` and subtracts from bucket `minus` (if any). */
interface Term {
  period: number
  plus?: number
  minus?: number
}

export interface ReportPlan {
  series: TermSegment[]
  terms: Term[]
  /** Bucket count per period. */
  sizes: number[]
  /** Each period's bucket boundaries (epoch ms): its starts and the last end. */
  bounds: number[][]
}

const positive = (s: { kind: SignedSegment['kind']; lo: number; hi: number }): SignedSegment => ({
  ...s,
  sign: 1,
})

/** The terms and segments for the bucket lists of the periods (index = period). */
export function planReport(
  periods: ReadonlyArray<readonly Window[]>,
  granularity: Granularity,
): ReportPlan {
  const unit = granularity === 'hourly' ? HOUR_MS : DAY_MS
  const plan: ReportPlan = {
    series: [],
    terms: [],
    sizes: periods.map((b) => b.length),
    bounds: periods.map((list) =>
      list.length === 0 ? [] : [...list.map((b) => b.start.getTime()), list.at(-1)!.end.getTime()],
    ),
  }
  const term = (role: Term, parts: SignedSegment[]) => {
    const id = plan.terms.push(role) - 1
    for (const s of parts) plan.series.push({ ...halfHours(s), term: id })
  }
  periods.forEach((list, period) => {
    if (list.length === 0) return
    const bounds = [...list.map((b) => b.start.getTime()), list.at(-1)!.end.getTime()]
    const anchors = bounds.map((b) => anchorOf(b, unit))
    const offsets = bounds.map((b, j) => offsetSegments(anchors[j]!, b))
    const n = list.length
    offsets.forEach((parts, j) =>
      term({ period, ...(j > 0 && { plus: j - 1 }), ...(j < n && { minus: j }) }, parts),
    )
    for (let k = 0; k < n; k++) {
      term({ period, plus: k }, segmentsOf(anchors[k]!, anchors[k + 1]!).map(positive))
    }
  })
  return plan
}

/** Each period's bucket values from the terms' values (summed over the report's devices). */
export function seriesOf(plan: ReportPlan, values: ReadonlyMap<number, number>): number[][] {
  const series = plan.sizes.map((size) => new Array<number>(size).fill(0))
  plan.terms.forEach((term, id) => {
    const value = values.get(id) ?? 0
    if (term.plus !== undefined) series[term.period]![term.plus]! += value
    if (term.minus !== undefined) series[term.period]![term.minus]! -= value
  })
  return series
}
