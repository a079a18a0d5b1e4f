/** A reading on one device's timeline, in epoch milliseconds. */
export interface Point {
  ts: number
  kwh: number
  /** The sender declared a meter reset here (status 'reset'). */
  declaredReset: boolean
  /** Rise since the previous reading; null for the device's first. Set by computeDeltas. */
  delta?: number | null
  /** The count restarted here: a declared reset, or a value below the previous one. */
  reset?: boolean
}

export interface DeltaChange {
  point: Point
  delta: number | null
  reset: boolean
}

/**
 * Walks one device's readings in time order and computes each new reading's delta, and the
 * stored readings whose delta changes because new ones were slotted in before them.
 *
 * `stored` holds the stored readings from the one just before the earliest new reading to the one
 * just after the latest (those before the earliest new reading keep their values). A rise is
 * `kwh - previous kwh`; a drop, or a declared reset, restarts the count, so the delta is the new
 * value itself and never negative. New points get `delta`/`reset` set in place.
 */
export function computeDeltas(stored: readonly Point[], fresh: readonly Point[]): DeltaChange[] {
  if (fresh.length === 0) return []
  const lo = Math.min(...fresh.map((p) => p.ts))
  const freshSet = new Set(fresh)
  const merged = [...stored, ...fresh].sort((a, b) => a.ts - b.ts)
  const changes: DeltaChange[] = []
  let previous: Point | undefined
  for (const point of merged) {
    if (point.ts >= lo) {
      const reset = previous !== undefined && (point.declaredReset || point.kwh < previous.kwh)
      const delta = previous === undefined ? null : reset ? point.kwh : point.kwh - previous.kwh
      if (freshSet.has(point)) {
        point.delta = delta
        point.reset = reset
      } else if (point.delta !== delta || point.reset !== reset) {
        changes.push({ point, delta, reset })
      }
    }
    previous = point
  }
  return changes
}

/** The rollup hour of a reading: h with h < ts <= h + 1 hour (quarter-hour readings fill [h, h+1h]). */
export function hourOf(ts: number): number {
  return Math.floor((ts - 1) / 3_600_000) * 3_600_000
}
