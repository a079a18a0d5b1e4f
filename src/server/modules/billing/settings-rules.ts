import type {
  EnergySettings,
  EnergySettingsInput,
  Tariff,
  TariffWindow,
} from '~/api/__generated__/types.gen.ts'
import { invalid } from '~/server/lib/http-errors.ts'

/**
 * What a group's energy settings must satisfy beyond their schema (openapi.yaml EnergySettings):
 * each problem answers 422 naming the field and, for windows, the windows, day and times.
 */

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
/** Half hours of a day: window times are on the hour or half hour. */
export const SLOTS = 48

/** "07:30" as the half hour it starts (15), or undefined off the half hour. */
export function slotOf(time: string): number | undefined {
  const [h, m] = time.split(':').map(Number) as [number, number]
  if (m !== 0 && m !== 30) return undefined
  return h * 2 + m / 30
}

const timeOf = (slot: number) =>
  `${String(Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`

const describe = (w: TariffWindow) => {
  const days = [...w.days].sort((a, b) => a - b)
  const run = days.every((d, i) => i === 0 || d === days[i - 1]! + 1) && days.length > 2
  const named = run
    ? `${SHORT[days[0]! - 1]}-${SHORT[days.at(-1)! - 1]}`
    : days.map((d) => SHORT[d - 1]).join(', ')
  return `${named} ${w.start}-${w.end}`
}

/** Every currency code this runtime knows (ISO 4217, from ICU). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))

/** A week's price grid (7 x 48 half hours, Monday first), for a tariff with windows. */
export type WeekGrid = number[][]

/** The windows' grid, or 422 for a window off the half hour, overlapping or leaving a gap. */
export function weekGrid(windows: readonly TariffWindow[], at: Array<string | number>): WeekGrid {
  const owner = DAYS.map(() => new Array<number>(SLOTS).fill(-1))
  const grid = DAYS.map(() => new Array<number>(SLOTS).fill(0))
  windows.forEach((w, i) => {
    const loc = [...at, i]
    const start = slotOf(w.start)
    const end = w.end === '24:00' ? SLOTS : slotOf(w.end)
    if (start === undefined)
      throw invalid([...loc, 'start'], 'Window times must be on the hour or half hour')
    if (end === undefined)
      throw invalid([...loc, 'end'], 'Window times must be on the hour or half hour')
    if (end <= start)
      throw invalid(
        [...loc, 'end'],
        `Window ${i + 1} (${describe(w)}) ends before it starts: write a window across midnight as two`,
      )
    for (const day of w.days) {
      for (let s = start; s < end; s++) {
        const other = owner[day - 1]![s]!
        if (other >= 0) {
          const o = windows[other]!
          const from = Math.max(start, slotOf(o.start)!)
          const to = Math.min(end, o.end === '24:00' ? SLOTS : slotOf(o.end)!)
          throw invalid(
            [...loc],
            `Windows ${other + 1} (${describe(o)}) and ${i + 1} (${describe(w)}) overlap on ${DAYS[day - 1]} from ${timeOf(from)} to ${timeOf(to)}`,
          )
        }
        owner[day - 1]![s] = i
        grid[day - 1]![s] = w.price_per_kwh
      }
    }
  })
  for (let d = 0; d < 7; d++) {
    const gap = owner[d]!.indexOf(-1)
    if (gap < 0) continue
    let end = gap
    while (end < SLOTS && owner[d]![end] === -1) end++
    throw invalid(
      at,
      `The windows leave ${DAYS[d]} ${timeOf(gap)} to ${timeOf(end)} without a price: every half hour of the week needs exactly one`,
    )
  }
  return grid
}

const uniqueDates = (list: ReadonlyArray<{ effective_from: string }>, field: string) => {
  const seen = new Map<string, number>()
  list.forEach((item, i) => {
    const date = item.effective_from
    if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
      throw invalid(['body', field, i, 'effective_from'], `Not a date: ${date}`)
    if (seen.has(date))
      throw invalid(
        ['body', field, i, 'effective_from'],
        `Entries ${seen.get(date)! + 1} and ${i + 1} both take effect on ${date}`,
      )
    seen.set(date, i)
  })
}

const byDate = <T extends { effective_from: string }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.effective_from.localeCompare(b.effective_from))

/**
 * A tariff's feed-in prices: one for the tariff or one on every window, or 422 on the tariff's
 * own (both) or on the first window without one (some but not all).
 */
function checkFeedIn(t: Tariff, at: Array<string | number>) {
  const windows = t.windows ?? []
  if (!windows.some((w) => w.feed_in_price_per_kwh !== undefined)) return
  if (t.feed_in_price_per_kwh !== undefined)
    throw invalid(
      [...at, 'feed_in_price_per_kwh'],
      'A tariff has either one feed_in_price_per_kwh or one per window, not both',
    )
  const j = windows.findIndex((w) => w.feed_in_price_per_kwh === undefined)
  if (j >= 0)
    throw invalid(
      [...at, 'windows', j, 'feed_in_price_per_kwh'],
      `Window ${j + 1} (${describe(windows[j]!)}) has no feed_in_price_per_kwh: when one window has a feed-in price, every window needs one`,
    )
}

/**
 * The settings to store: `credit_export_co2` as sent, or the saved one when left out (a client
 * that does not know the field must not reset it).
 */
export const withSaved = (next: EnergySettingsInput, saved: EnergySettings): EnergySettings => ({
  ...next,
  credit_export_co2: next.credit_export_co2 ?? saved.credit_export_co2,
})

/** The settings as stored (tariffs and factors by date), or 422 naming the first problem. */
export function checkedSettings(body: EnergySettingsInput): EnergySettingsInput {
  if (body.currency !== null && !CURRENCIES.has(body.currency))
    throw invalid(['body', 'currency'], `Unknown ISO 4217 currency: ${body.currency}`)
  if (body.tariffs.length > 0 && body.currency === null)
    throw invalid(['body', 'currency'], 'Choose the currency of the tariffs')
  uniqueDates(body.tariffs, 'tariffs')
  uniqueDates(body.emission_factors, 'emission_factors')
  body.tariffs.forEach((t, i) => {
    const flat = t.price_per_kwh !== undefined
    const windows = t.windows !== undefined
    if (flat === windows)
      throw invalid(
        ['body', 'tariffs', i],
        'A tariff has either one price_per_kwh or time-of-use windows, not both or neither',
      )
    if (t.windows) weekGrid(t.windows, ['body', 'tariffs', i, 'windows'])
    checkFeedIn(t, ['body', 'tariffs', i])
  })
  return {
    billing_cycle_start_day: body.billing_cycle_start_day,
    currency: body.currency,
    ...(body.credit_export_co2 === undefined ? {} : { credit_export_co2: body.credit_export_co2 }),
    tariffs: byDate(body.tariffs),
    emission_factors: byDate(body.emission_factors),
  }
}
