/**
 * The energy settings form (issue 26): the drafts the form holds, their conversion to and from the
 * API's EnergySettings, and the client checks, which mirror the server's (src/server/modules/
 * billing/settings-rules.ts) in its own words, so the form refuses what the server would refuse
 * before sending it. Field names are the API's paths ('tariffs.0.windows.1'), so the server's 422
 * (`loc`) lands on the same field as ours.
 */
import type { DemandCharge, EnergySettings, Tariff, TariffWindow } from '~/api'
import { formatNumber } from '~/lib/format'

export interface WindowDraft {
  /** ISO weekdays, 1 = Monday. */
  days: number[]
  /** 'HH:MM' on the hour or half hour. */
  start: string
  /** 'HH:MM', or '24:00' for midnight. */
  end: string
  /** NaN while empty (NumberField). */
  price: number
  /** The window's feed-in price, sent when the tariff pays export per window; NaN while empty. */
  feedIn: number
}

/** How a tariff pays for exported energy: not at all, one price, or each window its own. */
export type FeedInKind = 'none' | 'flat' | 'perWindow'

export interface DemandDraft {
  on: boolean
  /** Per kW per bill; NaN while empty. */
  price: number
  basis: DemandCharge['basis']
  /** The least kW billed; NaN (empty) is no floor. */
  floor: number
}

export interface TariffDraft {
  /** 'YYYY-MM-DD', or '' while not chosen. */
  effectiveFrom: string
  standingCharge: number
  kind: 'flat' | 'timeOfUse'
  /** The flat price (kept while windows are shown, so switching back loses nothing). */
  price: number
  windows: WindowDraft[]
  /** 'perWindow' only with time of use (a flat tariff's choice falls back to 'flat'). */
  feedInKind: FeedInKind
  /** The one feed-in price (kept while windows have their own). */
  feedIn: number
  demand: DemandDraft
}

export interface FactorDraft {
  effectiveFrom: string
  grams: number
}

export interface EnergySettingsValues {
  startDay: number
  /** ISO 4217, or '' for none. */
  currency: string
  tariffs: TariffDraft[]
  factors: FactorDraft[]
  /** Whether exported energy's CO2 is credited at the emission factor. */
  creditExportCo2: boolean
}

export const DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const
export const DAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

/** Half hours of a day: window times are on the hour or half hour. */
const SLOTS = 48
const timeOf = (slot: number) =>
  `${String(Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`
/** The times a window may start at (00:00 to 23:30) and end at (00:30 to 24:00). */
export const startTimes = Array.from({ length: SLOTS }, (_, i) => timeOf(i))
export const endTimes = Array.from({ length: SLOTS }, (_, i) => timeOf(i + 1))

/** '07:30' as the half hour it starts (15); '24:00' is 48; undefined off the half hour. */
export function slotOf(time: string): number | undefined {
  const match = /^(\d\d):(\d\d)$/.exec(time)
  if (!match) return undefined
  const [h, m] = [Number(match[1]), Number(match[2])]
  if ((m !== 0 && m !== 30) || h > 24 || (h === 24 && m !== 0)) return undefined
  return h * 2 + m / 30
}

/** 'Mon-Fri 07:00-22:00', 'Sat, Sun 00:00-24:00': as the server names a window. */
export function describeWindow(w: Pick<WindowDraft, 'days' | 'start' | 'end'>) {
  const days = [...w.days].sort((a, b) => a - b)
  const run = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1)
  const named = run
    ? `${DAY_SHORT[days[0]! - 1]}-${DAY_SHORT[days.at(-1)! - 1]}`
    : days.map((d) => DAY_SHORT[d - 1]).join(', ')
  return `${named} ${w.start}-${w.end}`
}

/** A new tariff's windows: peak on weekdays 07:00-22:00, off-peak otherwise (the usual split). */
export const peakOffPeakWindows = (peak = NaN, offPeak = NaN): WindowDraft[] => [
  { days: [1, 2, 3, 4, 5], start: '07:00', end: '22:00', price: peak, feedIn: NaN },
  { days: [1, 2, 3, 4, 5], start: '00:00', end: '07:00', price: offPeak, feedIn: NaN },
  { days: [1, 2, 3, 4, 5], start: '22:00', end: '24:00', price: offPeak, feedIn: NaN },
  { days: [6, 7], start: '00:00', end: '24:00', price: offPeak, feedIn: NaN },
]

/** No demand charge; switched on, a charge on this bill's peak (the basis most tariffs use). */
const noDemand = (): DemandDraft => ({ on: false, price: NaN, basis: 'bill_peak', floor: NaN })

export const newTariff = (effectiveFrom: string): TariffDraft => ({
  effectiveFrom,
  standingCharge: 0,
  kind: 'flat',
  price: NaN,
  windows: peakOffPeakWindows(),
  feedInKind: 'none',
  feedIn: NaN,
  demand: noDemand(),
})

export const newWindow = (): WindowDraft => ({
  days: [1, 2, 3, 4, 5, 6, 7],
  start: '00:00',
  end: '24:00',
  price: NaN,
  feedIn: NaN,
})

/** The feed-in choice the draft sends: a flat tariff has no windows to price export by. */
export const feedInOf = (t: Pick<TariffDraft, 'kind' | 'feedInKind'>): FeedInKind =>
  t.kind === 'flat' && t.feedInKind === 'perWindow' ? 'flat' : t.feedInKind

const feedInKindOf = (t: Tariff): FeedInKind =>
  t.windows?.some((w) => w.feed_in_price_per_kwh !== undefined)
    ? 'perWindow'
    : t.feed_in_price_per_kwh !== undefined
      ? 'flat'
      : 'none'

/** The API's tariffs as the form's drafts. */
export const toTariffDrafts = (tariffs: readonly Tariff[]): TariffDraft[] =>
  tariffs.map((t) => ({
    effectiveFrom: t.effective_from,
    standingCharge: t.standing_charge_per_day,
    kind: t.windows ? 'timeOfUse' : 'flat',
    price: t.price_per_kwh ?? NaN,
    windows: t.windows
      ? t.windows.map((w) => ({
          days: [...w.days],
          start: w.start,
          end: w.end,
          price: w.price_per_kwh,
          feedIn: w.feed_in_price_per_kwh ?? NaN,
        }))
      : peakOffPeakWindows(),
    feedInKind: feedInKindOf(t),
    feedIn: t.feed_in_price_per_kwh ?? NaN,
    demand: t.demand_charge
      ? {
          on: true,
          price: t.demand_charge.price_per_kw,
          basis: t.demand_charge.basis,
          floor: t.demand_charge.floor_kw ?? NaN,
        }
      : noDemand(),
  }))

export function toValues(settings: EnergySettings): EnergySettingsValues {
  return {
    startDay: settings.billing_cycle_start_day,
    currency: settings.currency ?? '',
    tariffs: toTariffDrafts(settings.tariffs),
    factors: settings.emission_factors.map((f) => ({
      effectiveFrom: f.effective_from,
      grams: f.g_co2e_per_kwh,
    })),
    creditExportCo2: settings.credit_export_co2,
  }
}

function demandCharge({ price, basis, floor }: DemandDraft): DemandCharge {
  return { price_per_kw: price, basis, ...(Number.isFinite(floor) ? { floor_kw: floor } : {}) }
}

export function toSettings(values: EnergySettingsValues): EnergySettings {
  return {
    billing_cycle_start_day: values.startDay,
    currency: values.currency.trim().toUpperCase() || null,
    credit_export_co2: values.creditExportCo2,
    tariffs: values.tariffs.map((t): Tariff => {
      const feedIn = feedInOf(t)
      return {
        effective_from: t.effectiveFrom,
        standing_charge_per_day: t.standingCharge,
        ...(t.kind === 'flat'
          ? { price_per_kwh: t.price }
          : {
              windows: t.windows.map((w): TariffWindow => ({
                days: [...w.days].sort((a, b) => a - b),
                start: w.start,
                end: w.end,
                price_per_kwh: w.price,
                ...(feedIn === 'perWindow' ? { feed_in_price_per_kwh: w.feedIn } : {}),
              })),
            }),
        ...(feedIn === 'flat' ? { feed_in_price_per_kwh: t.feedIn } : {}),
        ...(t.demand.on ? { demand_charge: demandCharge(t.demand) } : {}),
      }
    }),
    emission_factors: values.factors.map((f) => ({
      effective_from: f.effectiveFrom,
      g_co2e_per_kwh: f.grams,
    })),
  }
}

/** Every currency code this browser knows (ISO 4217, from ICU), as the server checks them. */
const knownCurrencies = () => new Set(Intl.supportedValuesOf('currency'))

const amount = (value: number, max: number, what: string) =>
  !Number.isFinite(value)
    ? `Enter ${what}.`
    : value < 0 || value > max
      ? `Enter ${what} from 0 to ${formatNumber(max)}.`
      : null

const isDate = (value: string) =>
  /^\d{4}-\d\d-\d\d$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))

/** Dates missing, malformed or twice in one list, by field name. */
function dateProblems(list: ReadonlyArray<{ effectiveFrom: string }>, field: string) {
  const problems: Record<string, string> = {}
  const seen = new Map<string, number>()
  list.forEach(({ effectiveFrom: date }, i) => {
    const name = `${field}.${i}.effective_from`
    if (!isDate(date)) problems[name] = 'Choose the date it takes effect.'
    else if (seen.has(date))
      problems[name] = `Entries ${seen.get(date)! + 1} and ${i + 1} both take effect on ${date}`
    else seen.set(date, i)
  })
  return problems
}

/**
 * The first problem of a tariff's windows, as the server words it: a window without days or
 * ending before it starts (by the window's field name), two that overlap (on the later one), or
 * part of the week without a price (on the windows).
 */
export function windowProblems(
  windows: readonly WindowDraft[],
  field: string,
  /** The windows have feed-in prices of their own. */
  feedIn = false,
) {
  const owner = DAY_NAMES.map(() => new Array<number>(SLOTS).fill(-1))
  for (const [i, w] of windows.entries()) {
    const name = `${field}.${i}`
    if (w.days.length === 0) return { [`${name}.days`]: 'Choose at least one day.' }
    const price = amount(w.price, 1_000_000, 'a price per kWh')
    if (price) return { [`${name}.price_per_kwh`]: price }
    const feedInPrice = feedIn && amount(w.feedIn, 1_000_000, 'a feed-in price per kWh')
    if (feedInPrice) return { [`${name}.feed_in_price_per_kwh`]: feedInPrice }
    const start = slotOf(w.start)
    const end = slotOf(w.end)
    if (start === undefined || start >= SLOTS)
      return { [`${name}.start`]: 'Window times must be on the hour or half hour' }
    if (end === undefined || end === 0)
      return { [`${name}.end`]: 'Window times must be on the hour or half hour' }
    if (end <= start)
      return {
        [`${name}.end`]: `Window ${i + 1} (${describeWindow(w)}) ends before it starts: write a window across midnight as two`,
      }
    for (const day of w.days) {
      for (let s = start; s < end; s++) {
        const other = owner[day - 1]![s]!
        if (other >= 0) {
          const o = windows[other]!
          const from = Math.max(start, slotOf(o.start)!)
          const to = Math.min(end, slotOf(o.end)!)
          return {
            [name]: `Windows ${other + 1} (${describeWindow(o)}) and ${i + 1} (${describeWindow(w)}) overlap on ${DAY_NAMES[day - 1]} from ${timeOf(from)} to ${timeOf(to)}`,
          }
        }
        owner[day - 1]![s] = i
      }
    }
  }
  for (let d = 0; d < 7; d++) {
    const gap = owner[d]!.indexOf(-1)
    if (gap < 0) continue
    let end = gap
    while (end < SLOTS && owner[d]![end] === -1) end++
    return {
      [field]: `The windows leave ${DAY_NAMES[d]} ${timeOf(gap)} to ${timeOf(end)} without a price: every half hour of the week needs exactly one`,
    }
  }
  return {}
}

/** The form's checks (useForm's `check`): a message per field name, the API's paths. */
export function checkEnergySettings(values: EnergySettingsValues): Record<string, string> {
  const problems: Record<string, string> = {}
  if (!Number.isInteger(values.startDay) || values.startDay < 1 || values.startDay > 28)
    problems.billing_cycle_start_day = 'Choose a day from 1 to 28: every month has it.'
  const currency = values.currency.trim().toUpperCase()
  if (currency && (!/^[A-Z]{3}$/.test(currency) || !knownCurrencies().has(currency)))
    problems.currency = `Unknown ISO 4217 currency: ${values.currency.trim()}`
  else if (!currency && values.tariffs.length > 0)
    problems.currency = 'Choose the currency of the tariffs'
  Object.assign(problems, dateProblems(values.tariffs, 'tariffs'))
  Object.assign(problems, dateProblems(values.factors, 'emission_factors'))
  values.tariffs.forEach((t, i) => {
    const name = `tariffs.${i}`
    const standing = amount(t.standingCharge, 1_000_000, 'a standing charge per day')
    if (standing) problems[`${name}.standing_charge_per_day`] = standing
    const feedIn = feedInOf(t)
    if (t.kind === 'flat') {
      const price = amount(t.price, 1_000_000, 'a price per kWh')
      if (price) problems[`${name}.price_per_kwh`] = price
    } else if (t.windows.length === 0) {
      problems[`${name}.windows`] = 'Add at least one window, or choose one price for every hour.'
    } else
      Object.assign(problems, windowProblems(t.windows, `${name}.windows`, feedIn === 'perWindow'))
    if (feedIn === 'flat') {
      const price = amount(t.feedIn, 1_000_000, 'a feed-in price per kWh')
      if (price) problems[`${name}.feed_in_price_per_kwh`] = price
    }
    if (t.demand.on) {
      const price = amount(t.demand.price, 1_000_000, 'a price per kW')
      if (price) problems[`${name}.demand_charge.price_per_kw`] = price
      const { floor } = t.demand
      // Empty is no floor, so only a number out of range is refused.
      if (Number.isFinite(floor) && (floor < 0 || floor > 1_000_000))
        problems[`${name}.demand_charge.floor_kw`] =
          `Enter a floor from 0 to ${formatNumber(1_000_000)} kW, or leave it empty.`
    }
  })
  values.factors.forEach((f, i) => {
    const grams = amount(f.grams, 100_000, 'grams of CO₂e per kWh')
    if (grams) problems[`emission_factors.${i}.g_co2e_per_kwh`] = grams
  })
  return problems
}

/** Every field name the form shows a message on: the server's `loc` is matched against these. */
export function energyFieldNames(values: EnergySettingsValues): string[] {
  return [
    'billing_cycle_start_day',
    'currency',
    'credit_export_co2',
    'tariffs',
    'emission_factors',
    ...values.tariffs.flatMap((t, i) => {
      const name = `tariffs.${i}`
      return [
        name,
        `${name}.effective_from`,
        `${name}.standing_charge_per_day`,
        `${name}.price_per_kwh`,
        `${name}.feed_in_price_per_kwh`,
        `${name}.demand_charge`,
        `${name}.demand_charge.price_per_kw`,
        `${name}.demand_charge.basis`,
        `${name}.demand_charge.floor_kw`,
        `${name}.windows`,
        ...t.windows.flatMap((_, j) => {
          const w = `${name}.windows.${j}`
          return [
            w,
            `${w}.days`,
            `${w}.start`,
            `${w}.end`,
            `${w}.price_per_kwh`,
            `${w}.feed_in_price_per_kwh`,
          ]
        }),
      ]
    }),
    ...values.factors.flatMap((_, i) => [
      `emission_factors.${i}`,
      `emission_factors.${i}.effective_from`,
      `emission_factors.${i}.g_co2e_per_kwh`,
    ]),
  ]
}

/**
 * The same prices (standing charge, one price or the same windows, the same feed-in prices and
 * demand charge), whatever the date.
 */
function samePrices(a: Tariff, b: Tariff): boolean {
  const windows = (t: Tariff) =>
    JSON.stringify(
      (t.windows ?? []).map((w) => [
        [...w.days].sort(),
        w.start,
        w.end,
        w.price_per_kwh,
        w.feed_in_price_per_kwh ?? null,
      ]),
    )
  const demand = ({ demand_charge: d }: Tariff) =>
    JSON.stringify(d ? [d.price_per_kw, d.basis, d.floor_kw ?? 0] : null)
  return (
    a.standing_charge_per_day === b.standing_charge_per_day &&
    a.price_per_kwh === b.price_per_kwh &&
    a.feed_in_price_per_kwh === b.feed_in_price_per_kwh &&
    windows(a) === windows(b) &&
    demand(a) === demand(b)
  )
}

const byDate = (list: readonly Tariff[]) =>
  [...list].sort((a, b) => a.effective_from.localeCompare(b.effective_from))

/**
 * Issue 32: the proposed tariffs from `date` ('YYYY-MM-DD') on and the saved ones before it, so
 * every bill before `date` keeps the prices it had: the saved tariffs that took effect before
 * `date`, the proposal's tariff in force on `date` as a tariff from `date` (left out when it is
 * what was in force then anyway), and the proposal's later ones. Undefined when the proposal has
 * no price on `date`: a tariff runs until the next one's date, so "no price from then" cannot be
 * said.
 */
export function tariffsFrom(
  saved: readonly Tariff[],
  proposed: readonly Tariff[],
  date: string,
): Tariff[] | undefined {
  const before = byDate(saved).filter((t) => t.effective_from < date)
  const next = byDate(proposed)
  const onDate = next.findLast((t) => t.effective_from <= date)
  if (!onDate) return before.length > 0 ? undefined : next
  const kept = before.at(-1)
  const from = kept && samePrices(kept, onDate) ? [] : [{ ...onDate, effective_from: date }]
  return [...before, ...from, ...next.filter((t) => t.effective_from > date)]
}
