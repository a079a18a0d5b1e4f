import type { EnergySettings } from '~/api/__generated__/types.gen.ts'
import type { Queryable } from '~/server/db/database.ts'
import { instantOf, utcMs, wallOf } from '~/server/lib/zone-clock.ts'
import { slotOf, SLOTS } from '../billing/settings-rules.ts'
import { HALF_HOURS } from '../readings/rollup-changes.ts'
import { edgeValues } from './edges.ts'
import { energyRepository, type Register, type RowFilter } from './energy-repository.ts'
import { energyFigures, roundKwh, windowSegments, type EnergyFigure } from './figures.ts'
import type { Window } from './windows.ts'

/**
 * Cost and CO2 of consumption (issue 26), from the rollups the kWh figures come from.
 *
 * A window is cut into price ranges: spans of time in which one price per kWh and one emission
 * factor apply. Tariffs and factors take effect at local midnight of their date; time-of-use
 * windows are local wall-clock times, so each local day's windows are turned into instants on
 * that day (a peak of 07:00-22:00 is 15 hours of the day's clock on a DST day; a time the clocks
 * skip is the instant of the change, one they repeat its first occurrence). Window times are on
 * the half hour, so every range's edges are on a half hour of UTC in every zone but +05:45-style
 * ones. A whole UTC day of the window whose ranges all change on its half hours is priced from its
 * daily row's running kWh by half hour (`kwh_running`, migration 025): a run of half hours at one
 * rate holds the running sum at its end less the one at its start. Days with the same rate in each
 * half hour (weekdays, weekends, DST days of a tariff period) are summed per device in SQL at the
 * few half hours where their rates change, so a year reads ~365 daily rows per device, not ~4,700
 * hourly ones. The rest (the window's partial days, days cut off the half hour) is priced from the
 * rollups' hourly rows and their halves (figures.ts `windowSegments`, the same reading of the
 * rollups as every kWh figure), raw readings only where an edge is off the half hour. An edge of
 * the window that falls between readings adds its interpolated part (edges.ts) at the price in
 * force at that edge, so cost is exactly the kWh figure priced, and the kWh figure is read in the
 * same pass as the sum of its priced parts (`pricedFigures`).
 *
 * Cost is null where some consumption falls in a span without a tariff (before the first
 * tariff's date), CO2 where it falls without a factor: a partial cost is not shown as a cost.
 */

/** One price per kWh and one emission factor; null where none is in force. */
export interface Rate {
  price: number | null
  g: number | null
  /**
   * The price per exported kWh (issue 35): the window's or the tariff's feed-in price, 0 under a
   * tariff without one (export earns nothing), null where no tariff is in force. Without feed-in
   * prices it is 0 wherever `price` is set, so ranges split exactly where they did before.
   */
  feedIn: number | null
}

/** [lo, hi) in epoch ms at `rate` (an index into the rates of `priceRanges`). */
export interface PriceRange {
  lo: number
  hi: number
  rate: number
}

export interface Pricing {
  settings: EnergySettings
  /** The group's timezone. */
  tz: string
}

/** Pricing without tariffs or factors: the kWh figures alone. */
export const NO_PRICING: Pricing = {
  settings: {
    billing_cycle_start_day: 1,
    currency: null,
    credit_export_co2: false,
    tariffs: [],
    emission_factors: [],
  },
  tz: 'UTC',
}

const DAY_MS = 86_400_000
const HALF_HOUR_MS = 1_800_000

const dateOf = (wall: number) => new Date(wall).toISOString().slice(0, 10)

/** The last entry with `effective_from` on or before `date` (entries sorted by date). */
export const inForce = <T extends { effective_from: string }>(list: readonly T[], date: string) =>
  list.findLast((item) => item.effective_from <= date)

/** The price ranges covering `w`, adjacent ranges of one rate merged, and their rates. */
export function priceRanges(
  { settings, tz }: Pricing,
  w: Window,
  rates: Rate[] = [],
): { ranges: PriceRange[]; rates: Rate[] } {
  const index = new Map(rates.map((r, i) => [`${r.price}|${r.g}|${r.feedIn}`, i]))
  const rateOf = (price: number | null, g: number | null, feedIn: number | null) => {
    const key = `${price}|${g}|${feedIn}`
    let i = index.get(key)
    if (i === undefined) {
      i = rates.push({ price, g, feedIn }) - 1
      index.set(key, i)
    }
    return i
  }
  const start = w.start.getTime()
  const end = w.end.getTime()
  const ranges: PriceRange[] = []
  const push = (lo: number, hi: number, rate: number) => {
    const from = Math.max(lo, start, ranges.at(-1)?.hi ?? start)
    const to = Math.min(hi, end)
    if (to <= from) return
    const last = ranges.at(-1)
    if (last && last.rate === rate && last.hi === from) last.hi = to
    else ranges.push({ lo: from, hi: to, rate })
  }
  const first = new Date(wallOf(start, tz))
  let day = utcMs(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate())
  for (let guard = 0; instantOf(day, tz) < end && guard < 40_000; guard++, day += DAY_MS) {
    const dayStart = instantOf(day, tz)
    const next = instantOf(day + DAY_MS, tz)
    const date = dateOf(day)
    const tariff = inForce(settings.tariffs, date)
    const g = inForce(settings.emission_factors, date)?.g_co2e_per_kwh ?? null
    const feedIn = tariff ? (tariff.feed_in_price_per_kwh ?? 0) : null
    if (!tariff?.windows) {
      push(dayStart, next, rateOf(tariff?.price_per_kwh ?? null, g, feedIn))
      continue
    }
    const weekday = ((new Date(day).getUTCDay() + 6) % 7) + 1
    const today = tariff.windows
      .filter((win) => win.days.includes(weekday))
      .map((win) => ({
        from: slotOf(win.start)!,
        to: win.end === '24:00' ? SLOTS : slotOf(win.end)!,
        price: win.price_per_kwh,
        feedIn: win.feed_in_price_per_kwh ?? feedIn,
      }))
      .sort((a, b) => a.from - b.from)
    for (const win of today) {
      const lo = instantOf(day + win.from * HALF_HOUR_MS, tz)
      const hi = win.to === SLOTS ? next : instantOf(day + win.to * HALF_HOUR_MS, tz)
      push(lo, hi, rateOf(win.price, g, win.feedIn))
    }
  }
  return { ranges, rates }
}

/** A whole UTC day priced by its half hours: each one's rate (-1 where no range covers it). */
export interface PricedDay {
  day: number
  rates: number[]
}

/**
 * The whole UTC days of [start, end) whose ranges all start and end on a half hour of the day and
 * that have more than one rate, each with its half hours' rates, and the ranges clipped to the
 * rest of [start, end).
 */
export function pricedDays(
  ranges: readonly PriceRange[],
  start: number,
  end: number,
): { days: PricedDay[]; rest: PriceRange[] } {
  const days: PricedDay[] = []
  const rest: PriceRange[] = []
  let first = 0 // the ranges before `first` end before the rest still to keep
  /** The ranges overlapping [lo, hi), clipped to it, passed to `each`; false if `each` says so. */
  const overlapping = (
    lo: number,
    hi: number,
    each: (from: number, to: number, rate: number) => boolean,
  ) => {
    let i = first
    while (i < ranges.length && ranges[i]!.hi <= lo) i++
    for (; i < ranges.length && ranges[i]!.lo < hi; i++) {
      const r = ranges[i]!
      if (!each(Math.max(r.lo, lo), Math.min(r.hi, hi), r.rate)) return false
    }
    return true
  }
  const keep = (lo: number, hi: number) => {
    overlapping(lo, hi, (from, to, rate) => {
      if (from < to) rest.push({ lo: from, hi: to, rate })
      return true
    })
    while (first < ranges.length && ranges[first]!.hi <= hi) first++
  }
  let cursor = start
  for (let day = Math.ceil(start / DAY_MS) * DAY_MS; day + DAY_MS <= end; day += DAY_MS) {
    const rates = new Array<number>(HALF_HOURS).fill(-1)
    const onHalfHours = overlapping(day, day + DAY_MS, (from, to, rate) => {
      if ((from - day) % HALF_HOUR_MS !== 0 || (to - day) % HALF_HOUR_MS !== 0) return false
      rates.fill(rate, (from - day) / HALF_HOUR_MS, (to - day) / HALF_HOUR_MS)
      return true
    })
    // A day at one rate throughout stays in its range: whole days of a range are read as one
    // range of daily rows (flat tariffs, weekends), which costs no more than the kWh figure.
    if (!onHalfHours || rates.every((rate) => rate === rates[0])) continue
    keep(cursor, day)
    cursor = day + DAY_MS
    days.push({ day, rates })
  }
  keep(cursor, end)
  return { days, rest }
}

/** Half hours [from, to) of a day (from 0) at one rate. */
interface Run {
  from: number
  to: number
  rate: number
}

/** A day's half hours as runs of one rate each (none where no rate applies). */
function runsOf(rates: readonly number[]): Run[] {
  const runs: Run[] = []
  rates.forEach((rate, i) => {
    const last = runs.at(-1)
    if (last?.rate === rate && last.to === i) last.to = i + 1
    else if (rate >= 0) runs.push({ from: i, to: i + 1, rate })
  })
  return runs
}

/** Days of a window with the same rate in each half hour, summed together. */
interface DayVector {
  key: number
  period: number
  runs: Run[]
  /** The half hours (1-48) where its runs end or start: the running sums read. */
  bounds: number[]
  days: number[]
}

export interface CostFigure {
  cost: number | null
  co2_kg: number | null
}

/** A device's consumption over a window and what it costs and emits. */
export type PricedFigure = EnergyFigure & CostFigure

/**
 * The sum of several devices' figures over one window (a group's energy charge from its devices'
 * costs); null where a device with kWh has none (a partial cost is not a cost).
 */
export function sumWhereKwh(rows: ReadonlyArray<{ kwh: number | null; value: number | null }>) {
  let sum = 0
  for (const { kwh, value } of rows) {
    if (kwh === null) continue
    if (value === null) return null
    sum += value
  }
  return sum
}

/** Money to 1/100 of the unit, CO2 to grams. */
export const roundCost = (value: number) => Math.round(value * 100) / 100
export const roundCo2 = (value: number) => Math.round(value * 1000) / 1000

const withoutPrice = (figure: EnergyFigure): PricedFigure => ({
  ...figure,
  cost: null,
  co2_kg: null,
})

/**
 * Per device, each window's consumption (as `energyFigures`, whose reading of the rollups it is)
 * with its cost and CO2 (one group's devices: one pricing), from one pass over the rows: the
 * rows are summed per price range (and per day set of time of use), so the kWh figure is the sum
 * of the priced parts and no row is read twice. A window listed twice is read once. The export
 * register (`register`) is priced at the feed-in prices (its `cost` is the feed-in credit) and
 * its CO2 counted only where the group credits export (`credit_export_co2`; 0 otherwise).
 */
export async function pricedFigures(
  q: Queryable,
  filter: RowFilter,
  list: readonly Window[],
  pricing: Pricing,
  register: Register = 'import',
): Promise<Map<string, PricedFigure[]>> {
  const { settings } = pricing
  const unique = [...new Map(list.map((w) => [`${+w.start}:${+w.end}`, w])).values()]
  const indexOf = (w: Window) => unique.findIndex((u) => +u.start === +w.start && +u.end === +w.end)
  const listed = (figures: Map<string, PricedFigure[]>) =>
    new Map([...figures].map(([id, f]) => [id, list.map((w) => f[indexOf(w)]!)]))
  if (settings.tariffs.length === 0 && settings.emission_factors.length === 0) {
    const figures = await energyFigures(q, filter, unique, register)
    return listed(new Map([...figures].map(([id, f]) => [id, f.map(withoutPrice)])))
  }
  const windows = unique
  const out = new Map<string, PricedFigure[]>(
    filter.devices.map((id) => [
      id,
      windows.map(() => withoutPrice({ kwh: null, estimated: false })),
    ]),
  )
  if (windows.length === 0 || filter.devices.length === 0) return out
  const rates: Rate[] = []
  const perWindow = windows.map((w) => priceRanges(pricing, w, rates).ranges)
  const split = perWindow.map((ranges, period) =>
    pricedDays(ranges, windows[period]!.start.getTime(), windows[period]!.end.getTime()),
  )
  // Days of one window with the same rate in each half hour are summed together.
  const vectors = new Map<string, DayVector>()
  for (const [period, { days }] of split.entries()) {
    for (const { day, rates } of days) {
      const id = `${period}|${rates.join(',')}`
      let vector = vectors.get(id)
      if (!vector) {
        const runs = runsOf(rates)
        const bounds = [...new Set(runs.flatMap((r) => [r.from, r.to]))]
          .filter((k) => k > 0)
          .sort((x, y) => x - y)
        vectors.set(id, (vector = { key: vectors.size, period, runs, bounds, days: [] }))
      }
      vector.days.push(day)
    }
  }
  const keyOf = (period: number, rate: number) => period * rates.length + rate
  const segments = split.flatMap(({ rest }, period) =>
    rest.flatMap((r) =>
      windowSegments({ start: new Date(r.lo), end: new Date(r.hi) }).map((s) => ({
        ...s,
        key: keyOf(period, r.rate),
      })),
    ),
  )
  const repository = energyRepository(q)
  await repository.withoutJit()
  const sums = await repository.runningSums(filter, [...vectors.values()], register)
  const held = await repository.deviceSums(filter, segments, register)
  const byPeriod = perWindow.map(() => [] as DayVector[])
  for (const vector of vectors.values()) byPeriod[vector.period]!.push(vector)
  const edges = [...new Set(windows.flatMap((w) => [w.start.getTime(), w.end.getTime()]))]
  const at = await edgeValues(q, filter, edges, register)
  // Export earns the feed-in price and emits nothing unless the group credits it.
  const priceOf = (r: Rate) => (register === 'import' ? r.price : r.feedIn)
  const factorOf = (r: Rate) =>
    register === 'import' ? r.g : settings.credit_export_co2 ? r.g : r.g === null ? null : 0
  // A year of time of use is hundreds of ranges at a few rates: the loop below goes by rate.
  const ratesOf = perWindow.map((ranges) => [...new Set(ranges.map((r) => r.rate))])
  for (const [device, figures] of out) {
    perWindow.forEach((ranges, period) => {
      if (ranges.length === 0) return
      const parts = new Map<number, number>()
      let n = 0
      for (const rate of ratesOf[period]!) {
        const sum = held.get(`${device}:${keyOf(period, rate)}`)
        n += sum?.n ?? 0
        parts.set(rate, sum?.kwh[0] ?? 0)
      }
      // A run of half hours [from, to) holds the running sum at `to` less the one at `from`.
      for (const { key, runs, bounds } of byPeriod[period]!) {
        const sum = sums.get(`${device}:${key}`)
        if (!sum) continue
        n += sum.n
        const sumAt = (k: number) => (k === 0 ? 0 : sum.kwh[bounds.indexOf(k)]!)
        for (const r of runs) parts.set(r.rate, parts.get(r.rate)! + sumAt(r.to) - sumAt(r.from))
      }
      const w = windows[period]!
      // The interpolated parts at the edges, at the rates in force there.
      const start = at.at(device, edges.indexOf(w.start.getTime()))
      const end = at.at(device, edges.indexOf(w.end.getTime()))
      const estimated = start.estimated || end.estimated
      // The signed reading count is the readings in the window: none is no data.
      if (n <= 0 && !estimated) return
      const firstRate = ranges[0]!.rate
      const lastRate = ranges.at(-1)!.rate
      parts.set(firstRate, (parts.get(firstRate) ?? 0) - start.kwh)
      parts.set(lastRate, (parts.get(lastRate) ?? 0) + end.kwh)
      let kwh = 0
      let cost: number | null = 0
      let co2: number | null = 0
      for (const [rate, part] of parts) {
        kwh += part
        const price = priceOf(rates[rate]!)
        const g = factorOf(rates[rate]!)
        const used = Math.abs(part) > 1e-9
        if (cost !== null) cost = price === null ? (used ? null : cost) : cost + part * price
        if (co2 !== null) co2 = g === null ? (used ? null : co2) : co2 + (part * g) / 1000
      }
      if (settings.tariffs.length === 0) cost = null
      if (settings.emission_factors.length === 0) co2 = null
      figures[period] = {
        kwh: roundKwh(kwh),
        estimated,
        cost: cost === null ? null : Math.max(0, roundCost(cost)),
        co2_kg: co2 === null ? null : Math.max(0, roundCo2(co2)),
      }
    })
  }
  return listed(out)
}

/**
 * The standing charges of a window: each local day's charge (from the tariff in force that day)
 * times the share of the day's wall clock the window covers; null without tariffs.
 */
export function standingCharge({ settings, tz }: Pricing, w: Window): number | null {
  if (settings.tariffs.length === 0) return null
  const start = wallOf(w.start.getTime(), tz)
  const end = wallOf(w.end.getTime(), tz)
  let total = 0
  for (let day = Math.floor(start / DAY_MS) * DAY_MS; day < end; day += DAY_MS) {
    const share = (Math.min(end, day + DAY_MS) - Math.max(start, day)) / DAY_MS
    total += share * (inForce(settings.tariffs, dateOf(day))?.standing_charge_per_day ?? 0)
  }
  return roundCost(total)
}
