/**
 * Consumption fixtures: presets and intervals computed from the request's own window and timezone,
 * so the consumption page's stories show true calendar buckets. Deterministic: no clock, no random.
 */
import { TZDate } from '@date-fns/tz'
import { addDays, addMonths, addWeeks, formatISO } from 'date-fns'
import { HttpResponse, type HttpHandler } from 'msw'
import type { ConsumptionInterval, CumulativeConsumption, Granularity } from '../api'
import {
  handleGetConsumptionIntervals,
  handleGetCumulativeConsumptionBillYearAgo,
  handleGetCumulativeConsumptionLastBill,
  handleGetCumulativeConsumptionLastMonth,
  handleGetCumulativeConsumptionThisBill,
  handleGetCumulativeConsumptionLastWeek,
  handleGetCumulativeConsumptionThisMonth,
  handleGetCumulativeConsumptionThisWeek,
  handleGetCumulativeConsumptionToday,
  handleGetCumulativeConsumptionYesterday,
} from '../api/__generated__/msw.gen'
import { NOW } from './fixtures'

/** The buckets an intervals call may ask for: the calendar's, or quarter hours with power (issue 35). */
type IntervalGranularity = Granularity | 'quarter_hour'

const step: Record<IntervalGranularity, (d: Date, n: number) => Date> = {
  quarter_hour: (d, n) => new Date(d.getTime() + n * 900_000),
  hourly: (d, n) => new Date(d.getTime() + n * 3_600_000),
  daily: addDays,
  weekly: addWeeks,
  monthly: addMonths,
}
const perDay = 24.6

/** Northwind's flat price and emission factor (src/mocks/billing.ts): a priced answer's figures. */
export const PRICE_PER_KWH = 0.31
export const KG_CO2_PER_KWH = 0.38
const round2 = (n: number) => Math.round(n * 100) / 100
/** A priced answer's cost and CO2 of `kwh` (null stays null). */
export const priceOf = (kwh: number | null) => {
  const cost = kwh === null ? null : round2(kwh * PRICE_PER_KWH)
  return {
    cost,
    cost_breakdown: cost === null ? null : { energy: cost, feed_in_credit: 0, demand: 0 },
    co2_kg: kwh === null ? null : Math.round(kwh * KG_CO2_PER_KWH * 1000) / 1000,
  }
}
const UNPRICED = { cost: null, cost_breakdown: null, co2_kg: null }

/**
 * What a priced answer's cost is made of (issue 35): energy only (a flat tariff, as before), or
 * Northwind's two-way contract of the demo (src/server/seed/demo.ts: export paid 0.08/kWh, a
 * capacity charge of 4.36/kW on the mean of 12 bills' peaks, at least 2.5 kW, exported CO2
 * credited), or that contract for a meter read too seldom to have a peak, so its demand charge
 * is not billed (null).
 */
export type TariffKind = 'energyOnly' | 'feedInAndDemand' | 'demandNotBilled'
export const FEED_IN_PER_KWH = 0.08
/** A whole bill's demand charge: 4.36/kW on a 12-bill mean of 6.1 kW. */
export const DEMAND_PER_BILL = round2(4.36 * 6.1)
/** The mocks' whole bill (last bill's kWh): a window carries its kWh's share of the charge. */
const BILL_KWH = 739.2

/** A priced answer's cost, its parts and CO2 under `tariff` (null kWh stays unpriced). */
export function tariffPriceOf(kwh: number | null, exportKwh: number | null, tariff: TariffKind) {
  if (kwh === null || tariff === 'energyOnly') return priceOf(kwh)
  const energy = round2(kwh * PRICE_PER_KWH)
  const feedInCredit = exportKwh === null ? 0 : round2(exportKwh * FEED_IN_PER_KWH)
  const demand =
    tariff === 'demandNotBilled' ? null : round2(DEMAND_PER_BILL * Math.min(1, kwh / BILL_KWH))
  return {
    cost: round2(energy - feedInCredit + (demand ?? 0)),
    cost_breakdown: { energy, feed_in_credit: feedInCredit, demand },
    // Exported CO2 credited at the same factor (the group's credit_export_co2).
    co2_kg: Math.round((kwh - (exportKwh ?? 0)) * KG_CO2_PER_KWH * 1000) / 1000,
    export_co2_credited: true,
  }
}

export interface ConsumptionMockOptions {
  /** Answers carry cost and CO2 in euros, as for a group with a tariff and a factor. @default false */
  priced?: boolean
  /** A two-way meter (issue 35): answers carry export and net figures. @default false */
  twoWay?: boolean
  /**
   * The peak answered: from readings on both edges, interpolated at an edge, or none (readings
   * further apart than 15 minutes). @default 'measured'
   */
  peak?: PeakKind
  /** With `priced`, what the cost is made of. @default 'energyOnly' */
  tariff?: TariffKind
}

export type PeakKind = 'measured' | 'estimated' | 'none'

/** A two-way meter exports about a fifth of what it imports (the roof's surplus at noon). */
export const exportOf = (kwh: number | null) =>
  kwh === null
    ? NO_EXPORT
    : { export_kwh: round2(kwh * 0.2), net_kwh: round2(kwh - round2(kwh * 0.2)) }

/** An interval carries no export_co2_credited of its own: its answer says it once. */
const intervalPrice = ({ cost, cost_breakdown, co2_kg }: ReturnType<typeof tariffPriceOf>) => ({
  cost,
  cost_breakdown,
  co2_kg,
})

/** The parts of the intervals' costs, each summed (a demand of null stays null). */
function sumBreakdowns(intervals: ConsumptionInterval[]) {
  const parts = intervals.flatMap((i) => (i.cost_breakdown ? [i.cost_breakdown] : []))
  const sum = (values: (number | null)[]) =>
    values.some((v) => v === null) ? null : round2(values.reduce<number>((a, v) => a + v!, 0))
  return {
    energy: sum(parts.map((p) => p.energy)),
    feed_in_credit: sum(parts.map((p) => p.feed_in_credit)),
    demand: sum(parts.map((p) => p.demand)),
  }
}

/** Buckets of `granularity` over [start, end) in `timeZone`; buckets after NOW have no data. */
export function makeIntervals(
  start: string,
  end: string,
  granularity: IntervalGranularity,
  timeZone: string,
  {
    priced = false,
    twoWay = false,
    peak = 'measured',
    tariff = 'energyOnly',
  }: ConsumptionMockOptions = {},
): ConsumptionInterval[] {
  const out: ConsumptionInterval[] = []
  const endMs = new Date(end).getTime()
  let cursor: Date = new TZDate(new Date(start).getTime(), timeZone)
  for (let i = 0; cursor.getTime() < endMs && i < 1000; i++) {
    const next = step[granularity](cursor, 1)
    const days = (next.getTime() - cursor.getTime()) / 86_400_000
    const future = cursor.getTime() >= new Date(NOW).getTime()
    if (granularity === 'quarter_hour') {
      out.push(quarterHour(cursor, next, future, { priced, twoWay, peak }))
      cursor = next
      continue
    }
    const gap = i === 4
    const reset = i === 11
    const kwh = future
      ? null
      : Math.round((perDay + 6 * Math.sin(i / 2)) * days * (gap ? 0.6 : 1) * 100) / 100
    out.push({
      start: formatISO(cursor),
      end: formatISO(next),
      kwh,
      ...(priced ? intervalPrice(tariffPriceOf(kwh, exportOf(kwh).export_kwh, tariff)) : UNPRICED),
      ...(twoWay ? exportOf(kwh) : {}),
      metadata: future
        ? undefined
        : {
            expected_readings: Math.round(days * 96),
            present_readings: Math.round(days * 96 * (gap ? 0.6 : 1)),
            coverage: gap ? 0.6 : 1,
            gaps: gap ? 1 : 0,
            resets: reset ? 1 : 0,
            estimated: false,
          },
    })
    cursor = next
  }
  return out
}

/**
 * One quarter hour with its average power: a morning and an evening hump under the answer's peak,
 * which falls at `peak_at` exactly; no power at all where the answer has no peak (readings an hour
 * apart), none either for a quarter hour to come.
 */
function quarterHour(
  start: Date,
  end: Date,
  future: boolean,
  { priced = false, twoWay = false, peak = 'measured' }: ConsumptionMockOptions,
): ConsumptionInterval {
  const answer = peaks[peak]
  const hour = Number(formatISO(start).slice(11, 13)) + Number(formatISO(start).slice(14, 16)) / 60
  const hump = (at: number) => Math.exp(-((hour - at) ** 2) / 2)
  const shape =
    Math.round((0.6 + 3.6 * hump(8) + 2.4 * hump(19) + 0.3 * Math.sin(hour * 3)) * 1000) / 1000
  const kw = future
    ? null
    : answer.peak_at !== null && Date.parse(answer.peak_at) === start.getTime()
      ? answer.peak_kw
      : answer.peak_kw === null
        ? null
        : Math.min(shape, answer.peak_kw - 0.4)
  const kwh = future ? null : Math.round(((kw ?? shape) / 4) * 1000) / 1000
  return {
    start: formatISO(start),
    end: formatISO(end),
    kwh,
    kw,
    ...(priced ? priceOf(kwh) : UNPRICED),
    ...(twoWay ? exportOf(kwh) : {}),
    metadata: future
      ? undefined
      : {
          expected_readings: 1,
          present_readings: 1,
          coverage: 1,
          gaps: 0,
          resets: 0,
          estimated: answer.peak_estimated === true && kw === answer.peak_kw,
        },
  }
}

/** A meter without an export register answers no export figures (issue 35). */
const NO_EXPORT = { export_kwh: null, net_kwh: null }

/** Peak demand of a window of quarter-hourly readings (issue 35). */
const PEAK = {
  peak_kw: 6.4,
  peak_at: '2026-11-22T08:15:00+01:00',
  peak_estimated: false,
  peak_coverage: 1,
  peak_quarters: 40,
  peak_quarters_with_data: 40,
}
const peaks = {
  measured: PEAK,
  estimated: {
    ...PEAK,
    peak_kw: 7.125,
    peak_estimated: true,
    peak_coverage: 0.95,
    peak_quarters_with_data: 38,
  },
  // Hourly readings: no quarter hour lies between readings at most 15 minutes apart.
  none: {
    peak_kw: null,
    peak_at: null,
    peak_estimated: null,
    peak_coverage: 0,
    peak_quarters: 40,
    peak_quarters_with_data: 0,
  },
} satisfies Record<PeakKind, object>

const plainCumulative = (
  kwh: number,
  fields: Partial<CumulativeConsumption> = {},
): CumulativeConsumption => ({
  device_id: '',
  start: '2026-11-22T00:00:00+01:00',
  end: NOW,
  timezone: 'Europe/Berlin',
  kwh,
  estimated: false,
  first_reading_at: '2026-11-22T00:00:00+01:00',
  last_reading_at: '2026-11-22T09:45:00Z',
  reading_count: 40,
  has_gaps: false,
  resets: 0,
  ...UNPRICED,
  export_co2_credited: false,
  currency: null,
  // A meter that only imports (issue 35): no export figures, peak demand from its quarter hours.
  ...NO_EXPORT,
  ...PEAK,
  ...fields,
})
const pricedCumulative = (kwh: number, fields: Partial<CumulativeConsumption> = {}) =>
  plainCumulative(kwh, { ...priceOf(kwh), currency: 'EUR', ...fields })
const cumulative = plainCumulative

/**
 * The six presets (today ... last month) with plausible figures; yesterday rests on an edge
 * interpolated between readings, last week had a gap, this month a reset.
 */
export const presetHandlers = ({
  priced = false,
  twoWay = false,
  peak = 'measured',
  tariff = 'energyOnly',
}: ConsumptionMockOptions = {}): HttpHandler[] => {
  const answer = priced ? pricedCumulative : plainCumulative
  const exported = (kwh: number) => (twoWay ? exportOf(kwh) : NO_EXPORT)
  const cumulative = (kwh: number, fields: Partial<CumulativeConsumption> = {}) =>
    answer(kwh, {
      ...exported(kwh),
      ...(priced && tariffPriceOf(kwh, exported(kwh).export_kwh, tariff)),
      ...peaks[peak],
      ...fields,
    })
  return [
    handleGetCumulativeConsumptionToday({ body: cumulative(10.4) }),
    handleGetCumulativeConsumptionYesterday({ body: cumulative(24.9, { estimated: true }) }),
    handleGetCumulativeConsumptionThisWeek({ body: cumulative(137.2) }),
    handleGetCumulativeConsumptionLastWeek({ body: cumulative(171.8, { has_gaps: true }) }),
    handleGetCumulativeConsumptionThisMonth({ body: cumulative(532.1, { resets: 1 }) }),
    handleGetCumulativeConsumptionLastMonth({ body: cumulative(748.3) }),
    handleGetCumulativeConsumptionThisBill({
      body: cumulative(431.7, { start: '2026-11-08T00:00:00+01:00' }),
    }),
    handleGetCumulativeConsumptionLastBill({
      body: cumulative(739.2, {
        start: '2026-10-08T00:00:00+02:00',
        end: '2026-11-08T00:00:00+01:00',
      }),
    }),
    handleGetCumulativeConsumptionBillYearAgo({
      body: cumulative(802.5, {
        start: '2025-11-08T00:00:00+01:00',
        end: '2025-12-08T00:00:00+01:00',
      }),
    }),
  ]
}

export const intervalsHandler = ({
  priced = false,
  twoWay = false,
  peak = 'measured',
  tariff = 'energyOnly',
}: ConsumptionMockOptions = {}) =>
  handleGetConsumptionIntervals(({ request, params }) => {
    const q = new URL(request.url).searchParams
    const granularity = (q.get('granularity') ?? 'daily') as IntervalGranularity
    const timeZone = q.get('timezone') ?? 'UTC'
    const intervals = makeIntervals(
      q.get('start_datetime')!,
      q.get('end_datetime')!,
      granularity,
      timeZone,
      { priced, twoWay, peak, tariff },
    )
    const sum = (figure: 'cost' | 'co2_kg') =>
      priced ? round2(intervals.reduce((total, i) => total + (i[figure] ?? 0), 0)) : null
    const totalKwh = intervals.reduce((total, i) => total + (i.kwh ?? 0), 0)
    const totalExport = twoWay
      ? round2(intervals.reduce((total, i) => total + (i.export_kwh ?? 0), 0))
      : null
    return HttpResponse.json({
      device_id: String(params.id),
      granularity,
      timezone: timeZone,
      start: q.get('start_datetime')!,
      end: q.get('end_datetime')!,
      total_kwh: totalKwh,
      total_cost: sum('cost'),
      total_cost_breakdown: priced ? sumBreakdowns(intervals) : null,
      total_co2_kg: sum('co2_kg'),
      export_co2_credited: priced && tariff !== 'energyOnly',
      currency: priced ? 'EUR' : null,
      total_export_kwh: totalExport,
      total_net_kwh: totalExport === null ? null : round2(totalKwh - totalExport),
      ...peaks[peak],
      intervals,
    })
  })

/** Every consumption call answered with data. */
export const consumptionHandlers = (options: ConsumptionMockOptions = {}): HttpHandler[] => [
  ...presetHandlers(options),
  intervalsHandler(options),
]

/** Every consumption call answered with 'no readings'. */
export const emptyConsumptionHandlers = (): HttpHandler[] => [
  handleGetCumulativeConsumptionToday({
    body: cumulative(0, { reading_count: 0, first_reading_at: null, last_reading_at: null }),
  }),
  handleGetCumulativeConsumptionYesterday({
    body: cumulative(0, { reading_count: 0, first_reading_at: null, last_reading_at: null }),
  }),
  handleGetCumulativeConsumptionThisWeek({
    body: cumulative(0, { reading_count: 0, first_reading_at: null, last_reading_at: null }),
  }),
  handleGetCumulativeConsumptionLastWeek({
    body: cumulative(0, { reading_count: 0, first_reading_at: null, last_reading_at: null }),
  }),
  handleGetCumulativeConsumptionThisMonth({
    body: cumulative(0, { reading_count: 0, first_reading_at: null, last_reading_at: null }),
  }),
  handleGetCumulativeConsumptionLastMonth({
    body: cumulative(0, { reading_count: 0, first_reading_at: null, last_reading_at: null }),
  }),
  ...[
    handleGetCumulativeConsumptionThisBill,
    handleGetCumulativeConsumptionLastBill,
    handleGetCumulativeConsumptionBillYearAgo,
  ].map((handle) =>
    handle({
      body: cumulative(0, { reading_count: 0, first_reading_at: null, last_reading_at: null }),
    }),
  ),
  handleGetConsumptionIntervals(({ request }) => {
    const q = new URL(request.url).searchParams
    return HttpResponse.json({
      device_id: '',
      granularity: (q.get('granularity') ?? 'daily') as Granularity,
      timezone: 'UTC',
      start: q.get('start_datetime')!,
      end: q.get('end_datetime')!,
      total_kwh: 0,
      intervals: [],
    })
  }),
]
