import { dayOf, hourOf, type GapFlags, type Point } from './deltas.ts'

/** A new reading of one series, in time order, as the rollups see it. */
export interface FreshPoint extends Point {
  estimated: boolean
}

/** A stored reading whose delta, reset or gap flags moved (`point` holds them as they were). */
export interface MovedPoint {
  point: Point
  delta: number | null
  reset: boolean
  gaps: GapFlags
}

/** Whose rollup rows a series' changes go to. */
export interface SeriesDevice {
  deviceId: string
  groupId: string
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
}

type Unit = 'hour' | 'day'
const unitOf = { hour: hourOf, day: dayOf } as const
const bit = (b: boolean | undefined) => (b ? 1 : 0)
const HALF_HOUR = 30 * 60_000
/** Half hours of a UTC day: the length of a daily row's `kwh_running`. */
export const HALF_HOURS = 48

/** The half hour of a reading in its day d: i (from 0) with d + i * 30 min < ts <= d + (i + 1) * 30 min. */
export const halfHourOf = (ts: number, day: number) => Math.ceil((ts - day) / HALF_HOUR) - 1

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
  }
}

/**
 * One series' changes to its hourly or daily rollup rows: its new readings (in time order) and
 * its stored readings that moved. JavaScript adds these up because it already holds each series
 * in order: one pass, where SQL would hash every reading of the batch by device and unit again.
 */
export function unitChanges(
  device: SeriesDevice,
  fresh: readonly FreshPoint[],
  moved: readonly MovedPoint[],
  unit: Unit,
): UnitChange[] {
  const floor = unitOf[unit]
  const changes: UnitChange[] = []
  for (const f of fresh) {
    const start = floor(f.ts)
    let change = changes.at(-1)
    if (change?.unit !== start) changes.push((change = unitChange(device, unit, start, f.ts)))
    change.kwh += f.delta ?? 0
    if (unit === 'hour' && f.ts - start <= HALF_HOUR) change.kwhFirstHalf += f.delta ?? 0
    if (unit === 'day') change.kwhHalfHours[halfHourOf(f.ts, start)]! += f.delta ?? 0
    change.readings += 1
    change.resets += bit(f.reset)
    change.gaps += bit(f.gaps?.[unit])
    change.estimated += bit(f.estimated)
    change.lastTs = f.ts
    change.lastKwh = f.kwh
  }
  if (moved.length === 0) return changes
  const byUnit = new Map(changes.map((c) => [c.unit, c]))
  for (const m of moved) {
    const ts = m.point.ts
    const start = floor(ts)
    let change = byUnit.get(start)
    if (!change) byUnit.set(start, (change = unitChange(device, unit, start, ts)))
    change.firstTs = Math.min(change.firstTs, ts)
    const moves = (m.delta ?? 0) - (m.point.delta ?? 0)
    change.kwh += moves
    if (unit === 'hour' && ts - start <= HALF_HOUR) change.kwhFirstHalf += moves
    if (unit === 'day') change.kwhHalfHours[halfHourOf(ts, start)]! += moves
    change.resets += bit(m.reset) - bit(m.point.reset)
    change.gaps += bit(m.gaps[unit]) - bit(m.point.gaps?.[unit])
  }
  return [...byUnit.values()]
}
