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
  handleGetCumulativeConsumptionLastMonth,
  handleGetCumulativeConsumptionLastWeek,
  handleGetCumulativeConsumptionThisMonth,
  handleGetCumulativeConsumptionThisWeek,
  handleGetCumulativeConsumptionToday,
  handleGetCumulativeConsumptionYesterday,
} from '../api/__generated__/msw.gen'
import { NOW } from './fixtures'

const step: Record<Granularity, (d: Date, n: number) => Date> = {
  hourly: (d, n) => new Date(d.getTime() + n * 3_600_000),
  daily: addDays,
  weekly: addWeeks,
  monthly: addMonths,
}
const perDay = 24.6

/** Buckets of `granularity` over [start, end) in `timeZone`; buckets after NOW have no data. */
export function makeIntervals(
  start: string,
  end: string,
  granularity: Granularity,
  timeZone: string,
): ConsumptionInterval[] {
  const out: ConsumptionInterval[] = []
  const endMs = new Date(end).getTime()
  let cursor: Date = new TZDate(new Date(start).getTime(), timeZone)
  for (let i = 0; cursor.getTime() < endMs && i < 1000; i++) {
    const next = step[granularity](cursor, 1)
    const days = (next.getTime() - cursor.getTime()) / 86_400_000
    const future = cursor.getTime() >= new Date(NOW).getTime()
    const gap = i === 4
    const reset = i === 11
    out.push({
      start: formatISO(cursor),
      end: formatISO(next),
      kwh: future
        ? null
        : Math.round((perDay + 6 * Math.sin(i / 2)) * days * (gap ? 0.6 : 1) * 100) / 100,
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

const cumulative = (
  kwh: number,
  fields: Partial<CumulativeConsumption> = {},
): CumulativeConsumption => ({
  device_id: '',
  start: '2026-11-22T00:00:00+01:00',
  end: NOW,
  timezone: 'Europe/Berlin',
  kwh,
  first_reading_at: '2026-11-22T00:00:00+01:00',
  last_reading_at: '2026-11-22T09:45:00Z',
  reading_count: 40,
  has_gaps: false,
  resets: 0,
  ...fields,
})

/** The six presets (today ... last month) with plausible figures; last week had a gap, this month a reset. */
export const presetHandlers = (): HttpHandler[] => [
  handleGetCumulativeConsumptionToday({ body: cumulative(10.4) }),
  handleGetCumulativeConsumptionYesterday({ body: cumulative(24.9) }),
  handleGetCumulativeConsumptionThisWeek({ body: cumulative(137.2) }),
  handleGetCumulativeConsumptionLastWeek({ body: cumulative(171.8, { has_gaps: true }) }),
  handleGetCumulativeConsumptionThisMonth({ body: cumulative(532.1, { resets: 1 }) }),
  handleGetCumulativeConsumptionLastMonth({ body: cumulative(748.3) }),
]

export const intervalsHandler = () =>
  handleGetConsumptionIntervals(({ request, params }) => {
    const q = new URL(request.url).searchParams
    const granularity = (q.get('granularity') ?? 'daily') as Granularity
    const timeZone = q.get('timezone') ?? 'UTC'
    const intervals = makeIntervals(
      q.get('start_datetime')!,
      q.get('end_datetime')!,
      granularity,
      timeZone,
    )
    return HttpResponse.json({
      device_id: String(params.id),
      granularity,
      timezone: timeZone,
      start: q.get('start_datetime')!,
      end: q.get('end_datetime')!,
      total_kwh: intervals.reduce((sum, i) => sum + (i.kwh ?? 0), 0),
      intervals,
    })
  })

/** Every consumption call answered with data. */
export const consumptionHandlers = (): HttpHandler[] => [...presetHandlers(), intervalsHandler()]

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
