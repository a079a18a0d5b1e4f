import { dayOf, hourOf, type GapFlags, type Point } from './deltas.ts'

/** A new reading of one series, in time order, as the rollups see it. */
export interface FreshPoint extends Point {
  estimated: boolean
}

/**
 * A stored reading whose delta, reset, gap flags or predecessor moved (`point` holds them as they
 * were).
 */
export interface MovedPoint {
  point: Point
  delta: number | null
  reset: boolean
  gaps: GapFlags
  previousTs: number | null
}

/** Whose rollup rows a series' changes go to. */
export interface SeriesDevice {
  deviceId: string
  groupId: string
}

/** What a batch adds to a quarter hour of a day (see `spreadOverQuarters`). */
export interface QuarterCell {
  kwh: number
  coveredMs: number
  straddles: number
}

/** What a batch adds to the export register's columns of a rollup row. */
export interface ExportChange {
  kwh: number
  /** For an hour: the part of `kwh` from readings at most 30 minutes into it. */
  firstHalf: number
  /** For a day: `kwh` by UTC half hour (empty for an hour). */
  halfHours: number[]
  readings: number
}

/**
 * What a batch adds to one rollup row (an hour or a day of a device): sums to add, and the bounds
 * and latest value of its new readings. A row only moved (no new reading) has `lastTs` undefined.
 */
export interface UnitChange {
  device: SeriesDevice
  unit: number
  kwh: number
  /** For an hour, the part of `kwh` from readings at most 30 minutes into it; 0 for a day. */
  kwhFirstHalf: number
  /** For a day, `kwh` by UTC half hour (see `halfHourOf`; the row keeps running sums); empty for an hour. */
  kwhHalfHours: number[]
  readings: number
  resets: number
  gaps: number
  estimated: number
  firstTs: number
  lastTs: number | undefined
  lastKwh: number
  /** For a day of the import register: what its quarter hours receive, by index (0..95). */
  quarters: Map<number, QuarterCell> | undefined
  /** The export register's part, when the batch has one for this row. */
  exported: ExportChange | undefined
}

type Unit = 'hour' | 'day'
const unitOf = { hour: hourOf, day: dayOf } as const
const bit = (b: boolean | undefined) => (b ? 1 : 0)
const HALF_HOUR = 30 * 60_000
const DAY_MS = 86_400_000
/** Half hours of a UTC day: the length of a daily row's `kwh_running`. */
export const HALF_HOURS = 48
/** The quarter-hour grid of peak demand: quarter k of UTC day d is [d + 15k min, d + 15(k + 1) min). */
export const QUARTER_MS = 15 * 60_000
/** Quarter hours of a UTC day: the length of a daily row's quarter arrays. */
export const QUARTERS = 96

/** The half hour of a reading in its day d: i (from 0) with d + i * 30 min < ts <= d + (i + 1) * 30 min. */
export const halfHourOf = (ts: number, day: number) => Math.ceil((ts - day) / HALF_HOUR) - 1

/** What one interval between readings gives one quarter hour starting at `start`. */
export interface QuarterShare extends QuarterCell {
  start: number
}

/**
 * The quarter hours that the rise `delta` between readings at `from` and `to` spreads over, the
 * register read as rising linearly between them: quarter [q, q + 15 min) receives
 * delta * overlap / (to - from), covers `overlap` milliseconds, and counts a straddle when one of
 * its edges lies strictly between the readings (its own kWh is then an estimate). Readings more
 * than 15 minutes apart say nothing of the quarters between them: no share at all, so a quarter
 * is only complete (900,000 ms covered) when readings at most 15 minutes apart enclose it.
 */
export function spreadOverQuarters(from: number, to: number, delta: number): QuarterShare[] {
  const length = to - from
  if (!(length > 0 && length <= QUARTER_MS)) return []
  const shares: QuarterShare[] = []
  for (let start = Math.floor(from / QUARTER_MS) * QUARTER_MS; start < to; start += QUARTER_MS) {
    const end = start + QUARTER_MS
    const overlap = Math.min(to, end) - Math.max(from, start)
    if (overlap <= 0) continue
    const straddles = (from < start && start < to) || (from < end && end < to) ? 1 : 0
    shares.push({ start, kwh: (delta * overlap) / length, coveredMs: overlap, straddles })
  }
  return shares
}

function unitChange(device: SeriesDevice, unit: Unit, start: number, ts: number): UnitChange {
  return {
    device,
    unit: start,
    kwh: 0,
    kwhFirstHalf: 0,
    kwhHalfHours: unit === 'day' ? new Array<number>(HALF_HOURS).fill(0) : [],
    readings: 0,
    resets: 0,
    gaps: 0,
    estimated: 0,
    firstTs: ts,
    lastTs: undefined,
    lastKwh: 0,
    quarters: undefined,
    exported: undefined,
  }
}

/**
 * Days a series' spreads land in. A reading's rise reaches back to its predecessor, possibly into
 * the day before its own (a reading at 00:05 after one at 23:55): that day's row holds the
 * predecessor, so the change only adds to it.
 */
class DayFinder {
  constructor(
    private readonly device: SeriesDevice,
    private readonly changes: UnitChange[],
    private readonly byUnit?: Map<number, UnitChange>,
  ) {}

  /** The change of the UTC day holding `quarterStart`; `ts` and `previousTs` are the interval's readings. */
  at(quarterStart: number, ts: number, previousTs: number): UnitChange {
    const day = Math.floor(quarterStart / DAY_MS) * DAY_MS
    const found = this.byUnit ? this.byUnit.get(day) : this.changes.findLast((c) => c.unit === day)
    if (found) return found
    // Of the two readings, the one inside the day's row: a first reading it already has.
    const change = unitChange(this.device, 'day', day, dayOf(ts) === day ? ts : previousTs)
    this.changes.push(change)
    this.byUnit?.set(day, change)
    return change
  }

  /** Adds `sign` times the spread of `delta` over (previousTs, ts] to the days' quarters. */
  spread(previousTs: number, ts: number, delta: number, sign: 1 | -1) {
    for (const share of spreadOverQuarters(previousTs, ts, delta)) {
      const change = this.at(share.start, ts, previousTs)
      const quarters = (change.quarters ??= new Map())
      const index = Math.round((share.start - change.unit) / QUARTER_MS)
      const cell = quarters.get(index)
      if (cell) {
        cell.kwh += sign * share.kwh
        cell.coveredMs += sign * share.coveredMs
        cell.straddles += sign * share.straddles
      } else
        quarters.set(index, {
          kwh: sign * share.kwh,
          coveredMs: sign * share.coveredMs,
          straddles: sign * share.straddles,
        })
    }
  }
}

/** Whether a rise spreads over quarter hours: it has a predecessor (and so a delta). */
const spreads = (delta: number | null | undefined, previousTs: number | null | undefined) =>
  delta != null && previousTs != null

/**
 * One series' changes to its hourly or daily rollup rows: its new readings (in time order) and
 * its stored readings that moved. JavaScript adds these up because it already holds each series
 * in order: one pass, where SQL would hash every reading of the batch by device and unit again.
 * With `quarters` (the import register's days), each rise also spreads over the quarter hours
 * since its predecessor, and a moved reading takes its old spread back and adds its new one.
 */
export function unitChanges(
  device: SeriesDevice,
  fresh: readonly FreshPoint[],
  moved: readonly MovedPoint[],
  unit: Unit,
  quarters = false,
): UnitChange[] {
  const floor = unitOf[unit]
  const changes: UnitChange[] = []
  const days = quarters && unit === 'day' ? new DayFinder(device, changes) : undefined
  // Units only grow along the series: a new one is never one a spread made (those lie before).
  let current: UnitChange | undefined
  for (const f of fresh) {
    const start = floor(f.ts)
    if (current?.unit !== start) changes.push((current = unitChange(device, unit, start, f.ts)))
    current.kwh += f.delta ?? 0
    if (unit === 'hour' && f.ts - start <= HALF_HOUR) current.kwhFirstHalf += f.delta ?? 0
    if (unit === 'day') current.kwhHalfHours[halfHourOf(f.ts, start)]! += f.delta ?? 0
    current.readings += 1
    current.resets += bit(f.reset)
    current.gaps += bit(f.gaps?.[unit])
    current.estimated += bit(f.estimated)
    current.lastTs = f.ts
    current.lastKwh = f.kwh
    if (days && spreads(f.delta, f.previousTs)) days.spread(f.previousTs!, f.ts, f.delta!, 1)
  }
  if (moved.length === 0) return changes
  const byUnit = new Map(changes.map((c) => [c.unit, c]))
  const movedDays = days && new DayFinder(device, changes, byUnit)
  for (const m of moved) {
    const ts = m.point.ts
    const start = floor(ts)
    let change = byUnit.get(start)
    if (!change) {
      byUnit.set(start, (change = unitChange(device, unit, start, ts)))
      changes.push(change)
    }
    change.firstTs = Math.min(change.firstTs, ts)
    const moves = (m.delta ?? 0) - (m.point.delta ?? 0)
    change.kwh += moves
    if (unit === 'hour' && ts - start <= HALF_HOUR) change.kwhFirstHalf += moves
    if (unit === 'day') change.kwhHalfHours[halfHourOf(ts, start)]! += moves
    change.resets += bit(m.reset) - bit(m.point.reset)
    change.gaps += bit(m.gaps[unit]) - bit(m.point.gaps?.[unit])
    if (!movedDays) continue
    if (spreads(m.point.delta, m.point.previousTs))
      movedDays.spread(m.point.previousTs!, ts, m.point.delta!, -1)
    if (spreads(m.delta, m.previousTs)) movedDays.spread(m.previousTs!, ts, m.delta!, 1)
  }
  return changes
}

/**
 * Puts an export series' changes into the import series' changes of the same device (one row of
 * the upsert per device and unit: PostgreSQL updates a row once per statement). A unit the
 * import register does not change gets a change of its own that only adds the export part: those
 * are returned, for the caller to send too.
 */
export function addExport(
  imported: readonly UnitChange[],
  exported: readonly UnitChange[],
  unit: Unit,
): UnitChange[] {
  const byUnit = new Map(imported.map((c) => [c.unit, c]))
  const added: UnitChange[] = []
  for (const e of exported) {
    let change = byUnit.get(e.unit)
    if (!change) {
      // The export reading shares its time with an import reading of the row: first_ts stays.
      change = unitChange(e.device, unit, e.unit, e.firstTs)
      added.push(change)
    }
    change.exported = {
      kwh: e.kwh,
      firstHalf: e.kwhFirstHalf,
      halfHours: e.kwhHalfHours,
      readings: e.readings,
    }
  }
  return added
}

/** What a new daily row's quarters give its peak columns (the database keeps them on updates). */
export interface QuarterPeak {
  peakKwh: number | null
  peakQuarter: number | null
  estimated: boolean | null
  withData: number
}

/**
 * The peak of quarters received whole (900,000 ms covered): the highest kWh, its index (the
 * earliest on ties), whether its edges fell between readings, and how many quarters are whole.
 */
export function quarterPeak(quarters: ReadonlyMap<number, QuarterCell> | undefined): QuarterPeak {
  const peak: QuarterPeak = { peakKwh: null, peakQuarter: null, estimated: null, withData: 0 }
  if (!quarters) return peak
  for (const [index, cell] of quarters) {
    if (cell.coveredMs !== QUARTER_MS) continue
    peak.withData += 1
    const higher = peak.peakKwh === null || cell.kwh > peak.peakKwh
    const earlierTie = cell.kwh === peak.peakKwh && index < peak.peakQuarter!
    if (higher || earlierTie) {
      peak.peakKwh = cell.kwh
      peak.peakQuarter = index
      peak.estimated = cell.straddles > 0
    }
  }
  return peak
}
