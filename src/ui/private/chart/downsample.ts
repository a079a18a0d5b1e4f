/**
 * Downsampling for charts: a chart draws at most what its width can show, so a year of hourly
 * readings (8,760 points) costs the same few hundred SVG marks as a month of daily ones.
 */

/** Group sizes that keep merged buckets on calendar boundaries, per source granularity. */
export const naturalGroupSizes = {
  // Half hours, hours, 2, 3, 6 and 12 hours, days.
  quarter_hour: [1, 2, 4, 8, 12, 24, 48, 96],
  hourly: [1, 2, 3, 4, 6, 12, 24, 48, 168, 336, 744],
  daily: [1, 2, 7, 14, 28, 91],
  weekly: [1, 2, 4, 13, 26, 52],
  monthly: [1, 2, 3, 6, 12],
} as const

/** The smallest natural size >= `minSize`; falls back to `minSize` itself past the list. */
export function pickGroupSize(minSize: number, candidates: readonly number[] = []): number {
  const need = Math.max(1, Math.ceil(minSize))
  return candidates.find((c) => c >= need) ?? need
}

/**
 * Merges consecutive items into groups so that at most `maxCount` remain. `combine` receives each
 * group (in order) and must preserve what the chart promises, e.g. the sum of a bar's kWh.
 */
export function mergeBuckets<T>(
  items: readonly T[],
  maxCount: number,
  combine: (group: readonly T[]) => T,
  candidates?: readonly number[],
): T[] {
  if (maxCount < 1) throw new Error(`mergeBuckets: maxCount must be >= 1, got ${maxCount}`)
  if (items.length <= maxCount) return items.slice()
  let size = pickGroupSize(items.length / maxCount, candidates)
  // A natural size may still leave too many groups (e.g. when the list is exhausted).
  while (Math.ceil(items.length / size) > maxCount) size += 1
  const out: T[] = []
  for (let i = 0; i < items.length; i += size) out.push(combine(items.slice(i, i + size)))
  return out
}

/**
 * Largest-Triangle-Three-Buckets (Steinarsson 2013): keeps the points that preserve a line's visual
 * shape. Returns the indices of the kept points, always including the first and the last.
 */
export function lttbIndices(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  threshold: number,
): number[] {
  const n = xs.length
  if (threshold >= n || threshold < 3) {
    return threshold < 3 && n > 2 ? [0, n - 1] : Array.from({ length: n }, (_, i) => i)
  }
  const kept: number[] = [0]
  const every = (n - 2) / (threshold - 2)
  let a = 0
  for (let i = 0; i < threshold - 2; i++) {
    // Average of the next bucket: the third corner of the triangle.
    const nextStart = Math.floor((i + 1) * every) + 1
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, n)
    let avgX = 0
    let avgY = 0
    for (let j = nextStart; j < nextEnd; j++) {
      avgX += xs[j]!
      avgY += ys[j]!
    }
    const len = Math.max(1, nextEnd - nextStart)
    avgX /= len
    avgY /= len
    const start = Math.floor(i * every) + 1
    const end = Math.floor((i + 1) * every) + 1
    const ax = xs[a]!
    const ay = ys[a]!
    let maxArea = -1
    let chosen = start
    for (let j = start; j < end; j++) {
      const area = Math.abs((ax - avgX) * (ys[j]! - ay) - (ax - xs[j]!) * (avgY - ay))
      if (area > maxArea) {
        maxArea = area
        chosen = j
      }
    }
    kept.push(chosen)
    a = chosen
  }
  kept.push(n - 1)
  return kept
}

/**
 * LTTB over a series with gaps (`y === null`): each unbroken run is downsampled on its own, with a
 * share of the budget proportional to its length, and the gaps are kept so the line still breaks.
 */
export function downsampleLine<T>(
  points: readonly T[],
  maxPoints: number,
  x: (p: T) => number,
  y: (p: T) => number | null,
): T[] {
  if (points.length <= maxPoints) return points.slice()
  const runs: T[][] = []
  let run: T[] = []
  const gaps: (T | null)[] = []
  for (const p of points) {
    if (y(p) === null) {
      if (run.length) runs.push(run)
      run = []
      gaps.push(p)
    } else {
      if (run.length === 0) gaps.push(null) // marks where a run starts
      run.push(p)
    }
  }
  if (run.length) runs.push(run)
  const defined = runs.reduce((s, r) => s + r.length, 0)
  const budget = Math.max(2, maxPoints - (gaps.length - runs.length))
  const sampled = runs.map((r) => {
    const share = Math.max(2, Math.round((r.length / defined) * budget))
    const idx = lttbIndices(
      r.map(x),
      r.map((p) => y(p)!),
      share,
    )
    return idx.map((i) => r[i]!)
  })
  // Re-interleave runs and (collapsed) gap markers in their original order.
  const out: T[] = []
  let r = 0
  let lastWasGap = false
  for (const g of gaps) {
    if (g === null) {
      out.push(...sampled[r++]!)
      lastWasGap = false
    } else if (!lastWasGap) {
      out.push(g)
      lastWasGap = true
    }
  }
  return out
}
