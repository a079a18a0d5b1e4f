import type { Queryable } from '~/server/db/database.ts'
import { edgeValues } from './edges.ts'
import { energyRepository, type Register, type RowFilter } from './energy-repository.ts'
import {
  anchorOf,
  DAY_MS,
  halfHours,
  offsetSegments,
  segmentsOf,
  type SignedSegment,
} from './segments.ts'
import type { Window } from './windows.ts'

/** kWh to three decimals (Wh), never below 0: float sums of non-negative rises can be -1e-13. */
export const roundKwh = (value: number) => Math.max(0, Math.round(value * 1000) / 1000)

/**
 * Consecutive buckets rounded to Wh so that they add up to their rounded sum: each bucket is the
 * rounded running total at its end minus the one at its start (off its own rounding by at most
 * 1 Wh, never below 0). Null buckets stay null and add nothing.
 */
export function roundRunning(values: ReadonlyArray<number | null>): Array<number | null> {
  let running = 0
  let shown = 0
  return values.map((v) => {
    if (v === null) return null
    running += v
    const next = roundKwh(running)
    const bucket = Math.round((next - shown) * 1000) / 1000
    shown = next
    return Math.max(0, bucket)
  })
}

/**
 * The segments whose signed sum is the consumption over the window (start, end]: whole days between
 * the UTC midnights nearest its edges, and the few hours (or readings) from each edge to its anchor
 * (see report-plan.ts). A month in Berlin reads ~31 daily and a few hourly rows per device.
 */
export function windowSegments(w: Window): SignedSegment[] {
  const start = w.start.getTime()
  const end = w.end.getTime()
  const a0 = anchorOf(start, DAY_MS)
  const an = anchorOf(end, DAY_MS)
  return [
    ...segmentsOf(a0, an).map((s) => ({ ...s, sign: 1 as const })),
    ...offsetSegments(an, end),
    ...offsetSegments(a0, start).map((s) => ({ ...s, sign: s.sign === 1 ? -1 : 1 }) as const),
  ].map(halfHours)
}

/** A device's consumption over a window, and whether it rests on an interpolated edge. */
export interface EnergyFigure {
  kwh: number | null
  estimated: boolean
}

/**
 * THE consumption of devices over windows, wherever it is shown (device list and device "today",
 * the cumulative presets, reports, the dashboard, top consumers): the meter's rise (resets added
 * back) from the window's start to its end, each edge the meter's value there, interpolated
 * between readings where it falls between them (edges.ts), in Wh, at least 0. `null` where a
 * device has no reading in a window and no estimate at its edges: no data is not zero. Keyed by
 * device id, one entry per window. `register` reads a two-way meter's export register the same way.
 */
export async function energyFigures(
  q: Queryable,
  filter: RowFilter,
  windows: readonly Window[],
  register: Register = 'import',
): Promise<Map<string, EnergyFigure[]>> {
  const figures = new Map<string, EnergyFigure[]>(
    filter.devices.map((id) => [id, windows.map(() => ({ kwh: null, estimated: false }))]),
  )
  if (windows.length === 0 || filter.groups.length === 0) return figures
  const segments = windows.flatMap((w, period) =>
    windowSegments(w).map((s) => ({ ...s, key: period })),
  )
  const repository = energyRepository(q)
  await repository.withoutJit()
  const sums = await repository.deviceSums(filter, segments, register)
  // The signed reading count is the readings in the window: none is no data.
  const held = new Map<string, number>()
  for (const [id, sum] of sums) {
    const [device, period] = id.split(':') as [string, string]
    if (sum.n > 0) held.set(`${period}:${device}`, sum.kwh[0]!)
  }
  const edges = [...new Set(windows.flatMap((w) => [w.start.getTime(), w.end.getTime()]))]
  const at = await edgeValues(q, filter, edges, register)
  const edgeOf = (d: string, instant: Date) => at.at(d, edges.indexOf(instant.getTime()))
  for (const [device, list] of figures) {
    windows.forEach((w, period) => {
      const start = edgeOf(device, w.start)
      const end = edgeOf(device, w.end)
      const estimated = start.estimated || end.estimated
      const total = held.get(`${period}:${device}`)
      if (total === undefined && !estimated) return
      list[period] = { kwh: roundKwh((total ?? 0) + end.kwh - start.kwh), estimated }
    })
  }
  return figures
}
