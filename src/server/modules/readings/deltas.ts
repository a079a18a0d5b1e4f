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
  /** Gap flags for the rollups. Set by computeDeltas (for stored points: as they were before). */
  gaps?: GapFlags
  /**
   * The previous reading's time, null for the first: the quarter hours its delta spreads over
   * start there. Set by computeDeltas (for stored points: as it was before).
   */
  previousTs?: number | null
}

/** Whether a reading opens a gap in its rollup hour and in its rollup day (see gapFlags). */
export interface GapFlags {
  hour: boolean
  day: boolean
}

/** A stored reading's new figures; `point` keeps the old ones (its previousTs included). */
export interface DeltaChange {
  point: Point
  delta: number | null
  reset: boolean
  gaps: GapFlags
  previousTs: number | null
}

/** Readings arrive every 15 minutes; a step longer than 1.5 of that is a gap. */
export const CADENCE_MS = 15 * 60_000
export const GAP_MS = CADENCE_MS * 1.5
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

/**
 * A reading opens a gap when it comes more than GAP_MS after the reading before it or after the
 * start of its rollup unit, whichever is later: local to the unit, so a unit's count never depends
 * on readings outside it except the one just before.
 */
export function gapFlags(ts: number, previousTs: number | undefined): GapFlags {
  const since = previousTs ?? -Infinity
  return {
    hour: ts - Math.max(since, hourOf(ts)) > GAP_MS,
    day: ts - Math.max(since, dayOf(ts)) > GAP_MS,
  }
}

/**
 * Walks one device's readings in time order and computes each new reading's delta, and the
 * stored readings whose delta changes because new ones were slotted in before them.
 *
 * Both lists are in time order. `stored` holds the stored readings from the one just before the
 * earliest new reading to the one just after the latest (those before the earliest new reading
 * keep their values). A rise is `kwh - previous kwh`; a drop, or a declared reset, restarts the
 * count, so the delta is the new value itself and never negative. New points get
 * `delta`/`reset`/`gaps`/`previousTs` set in place; stored points get `gaps` and `previousTs` as
 * they were before (their predecessor among the stored ones), and a change when their delta, reset,
 * gap flags or predecessor differ now (a new predecessor moves the quarter hours the delta spreads
 * over, even when the delta stays).
 * A merge of the two lists, not a sort: ingest calls this once per series of every batch.
 */
export function computeDeltas(stored: readonly Point[], fresh: readonly Point[]): DeltaChange[] {
  const changes: DeltaChange[] = []
  if (fresh.length === 0) return changes
  const lo = fresh[0]!.ts
  let previous: Point | undefined
  let previousStored: Point | undefined
  for (let s = 0, f = 0; s < stored.length || f < fresh.length;) {
    const isFresh = s === stored.length || (f < fresh.length && fresh[f]!.ts < stored[s]!.ts)
    const point = isFresh ? fresh[f++]! : stored[s++]!
    if (point.ts >= lo) {
      const reset = previous !== undefined && (point.declaredReset || point.kwh < previous.kwh)
      const delta = previous === undefined ? null : reset ? point.kwh : point.kwh - previous.kwh
      const gaps = gapFlags(point.ts, previous?.ts)
      const previousTs = previous?.ts ?? null
      if (isFresh) {
        point.delta = delta
        point.reset = reset
        point.gaps = gaps
        point.previousTs = previousTs
      } else {
        const before = gapFlags(point.ts, previousStored?.ts)
        point.gaps = before
        point.previousTs = previousStored?.ts ?? null
        const gapsMoved = before.hour !== gaps.hour || before.day !== gaps.day
        const predecessorMoved = point.previousTs !== previousTs
        if (point.delta !== delta || point.reset !== reset || gapsMoved || predecessorMoved)
          changes.push({ point, delta, reset, gaps, previousTs })
      }
    }
    previous = point
    if (!isFresh) previousStored = point
  }
  return changes
}

/** The rollup hour of a reading: h with h < ts <= h + 1 hour (quarter-hour readings fill [h, h+1h]). */
export function hourOf(ts: number): number {
  return Math.floor((ts - 1) / HOUR_MS) * HOUR_MS
}

/** The rollup day of a reading: d with d < ts <= d + 1 day, in UTC. */
export function dayOf(ts: number): number {
  return Math.floor((ts - 1) / DAY_MS) * DAY_MS
}
