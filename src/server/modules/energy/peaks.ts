import type { Queryable } from '~/server/db/database.ts'
import { energyRepository, type QuarterPart, type RowFilter } from './energy-repository.ts'
import { DAY_MS } from './segments.ts'
import type { Window } from './windows.ts'

/**
 * Peak demand (issue 35): the highest average import power over a quarter hour of a window, the
 * quarter hour's kWh times 4. Quarter hours are the hour's quarters, which are the UTC grid in
 * every zone (offsets are whole quarters: +05:30, +05:45). Ingest keeps each UTC day's quarter
 * arrays of the import register (migration 028: a quarter's kWh with the register read linearly
 * between readings at most 15 minutes apart, how much of it such readings cover, and whether its
 * edges fell between readings) and the day's peak among its whole quarters. A window reads its
 * whole UTC days' peaks as they are and the element range of its partial days' arrays
 * (`quarter_peak`): one daily row per device and day, never the readings. Only quarter hours
 * wholly inside the window count (a window ending at now ends its last whole quarter before now).
 */

export const QUARTER_MS = 900_000

export interface PeakFigure {
  /** The peak quarter hour's kWh x 4, to Wh; null where no quarter hour of the window has data. */
  kw: number | null
  /** Its start (epoch ms), the earliest on a tie. */
  at: number | null
  /** Its kWh rests on edges interpolated between readings. */
  estimated: boolean | null
  /** The quarter hours wholly inside the window, and those of them with data. */
  quarters: number
  withData: number
  /** withData / quarters, to four decimals (0 without quarters). */
  coverage: number
}

/**
 * The whole quarter hours of a window as parts of UTC days: the partial day at each edge (its
 * arrays' element range) and the whole days between them (their derived peaks), at most three.
 */
export function quarterParts(w: Window, key: number): { parts: QuarterPart[]; quarters: number } {
  const lo = Math.ceil(w.start.getTime() / QUARTER_MS) * QUARTER_MS
  const hi = Math.floor(w.end.getTime() / QUARTER_MS) * QUARTER_MS
  if (hi <= lo) return { parts: [], quarters: 0 }
  const parts: QuarterPart[] = []
  const part = (day: number, from: number, to: number) =>
    parts.push({
      key,
      from: day,
      to: day + DAY_MS,
      lo: (from - day) / QUARTER_MS + 1,
      hi: (to - day) / QUARTER_MS,
    })
  const firstDay = Math.floor(lo / DAY_MS) * DAY_MS
  const lastDay = Math.floor((hi - 1) / DAY_MS) * DAY_MS
  if (firstDay === lastDay) part(firstDay, lo, hi)
  else {
    const wholeFrom = lo === firstDay ? firstDay : firstDay + DAY_MS
    const wholeTo = hi === lastDay + DAY_MS ? hi : lastDay
    if (lo !== firstDay) part(firstDay, lo, firstDay + DAY_MS)
    if (wholeFrom < wholeTo) parts.push({ key, from: wholeFrom, to: wholeTo, lo: 1, hi: 96 })
    if (hi !== lastDay + DAY_MS) part(lastDay, lastDay, hi)
  }
  return { parts, quarters: (hi - lo) / QUARTER_MS }
}

export const roundKw = (value: number) => Math.round(value * 1000) / 1000

/** Per device id, each window's peak demand (one statement for all devices and windows). */
export async function peakFigures(
  q: Queryable,
  filter: RowFilter,
  windows: readonly Window[],
): Promise<Map<string, PeakFigure[]>> {
  const split = windows.map((w, key) => quarterParts(w, key))
  const figures = new Map<string, PeakFigure[]>(
    filter.devices.map((id) => [
      id,
      split.map(({ quarters }) => ({
        kw: null,
        at: null,
        estimated: null,
        quarters,
        withData: 0,
        coverage: 0,
      })),
    ]),
  )
  const parts = split.flatMap((s) => s.parts)
  const rows = await energyRepository(q).quarterPeaks(filter, parts)
  const best = new Map<string, { kwh: number; at: number; estimated: boolean }>()
  for (const r of rows) {
    const list = figures.get(r.device_id)
    if (!list) continue
    list[r.key]!.withData += r.with_data
    if (r.peak_kwh !== null && r.peak_ms !== null)
      best.set(`${r.device_id}:${r.key}`, {
        kwh: r.peak_kwh,
        at: r.peak_ms,
        estimated: r.estimated ?? false,
      })
  }
  for (const [device, list] of figures) {
    list.forEach((f, key) => {
      f.coverage = f.quarters === 0 ? 0 : Math.round((f.withData / f.quarters) * 10_000) / 10_000
      const peak = best.get(`${device}:${key}`)
      if (!peak) return
      f.kw = Math.max(0, roundKw(peak.kwh * 4))
      f.at = peak.at
      f.estimated = peak.estimated
    })
  }
  return figures
}

/**
 * A device's average import power per bucket (kWh x 4, to Wh): the quarter hour's, from its
 * day's quarter arrays; null where the bucket is not a whole quarter hour of the grid or the
 * quarter has no data (not covered throughout by readings at most 15 minutes apart).
 */
export async function quarterPower(
  q: Queryable,
  deviceId: string,
  bucketList: readonly Window[],
): Promise<Array<number | null>> {
  if (bucketList.length === 0) return []
  const from = Math.floor(bucketList[0]!.start.getTime() / DAY_MS) * DAY_MS
  const to = Math.ceil(bucketList.at(-1)!.end.getTime() / DAY_MS) * DAY_MS
  const rows = await energyRepository(q).quarterArrays(deviceId, from, to)
  const days = new Map(rows.map((r) => [r.day.getTime(), r]))
  return bucketList.map((b) => {
    const start = b.start.getTime()
    if (start % QUARTER_MS !== 0 || b.end.getTime() - start !== QUARTER_MS) return null
    const day = Math.floor(start / DAY_MS) * DAY_MS
    const k = (start - day) / QUARTER_MS
    const row = days.get(day)
    if (!row || Number(row.covered[k]) !== QUARTER_MS) return null
    return Math.max(0, roundKw(Number(row.kwh[k]) * 4))
  })
}
