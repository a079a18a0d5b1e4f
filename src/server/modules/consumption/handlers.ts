import type { IncomingMessage } from 'node:http'
import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { TenantScope } from '~/server/context.ts'
import type { Queryable, Tx } from '~/server/db/database.ts'
import { untilClientLeaves } from '~/server/lib/client-gone.ts'
import { badRequest, invalid, notFound } from '~/server/lib/http-errors.ts'
import { zoneOf } from '~/server/lib/timezones.ts'
import { step } from '~/server/plugins/profiler.ts'
import {
  bucketFigures,
  deviceGroup,
  energyOf,
  netKwh,
  peakDemand,
  pricingsOf,
  quarterPower,
  roundKwh,
  roundRunning,
  withExportRegister,
  withMetadata,
  type PeakFigure,
} from '../energy/energy.ts'
import {
  buckets,
  isoIn,
  MAX_BUCKETS,
  periodWindow,
  type IntervalGranularity,
  type PeriodName,
  type WeekStart,
  type Window,
} from '../energy/windows.ts'

type Run = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>

interface Caller {
  tx: Run
  scope: TenantScope
  raw: IncomingMessage
}

/** start_datetime < end_datetime, or 400. */
function windowOf(start: string, end: string): Window {
  const window = { start: new Date(start), end: new Date(end) }
  if (!(window.end > window.start)) throw badRequest('end_datetime must be after start_datetime')
  return window
}

/** The visible device's group; 404 for a missing or foreign device. */
async function groupOf(tx: Queryable, caller: Caller, deviceId: string): Promise<string> {
  const group = await step('authorize', "device within the caller's tenant scope", () =>
    deviceGroup(tx, caller.scope, deviceId),
  )
  if (!group) throw notFound('Device')
  return group
}

const loadReadings = (q: Queryable, deviceId: string, list: Window[]) =>
  step(
    'load readings',
    (figures) =>
      `${figures.reduce((n, f) => n + f.readings, 0)} readings in ${list.length} buckets`,
    () => bucketFigures(q, deviceId, list),
  )

/** Whether the device has an export register (its buckets then answer export, null or not). */
const hasExport = async (q: Queryable, deviceId: string) =>
  (await withExportRegister(q, [deviceId])).has(deviceId)

/** The window's peak demand (quarter hours of the daily rollups). */
const loadPeak = (q: Queryable, group: string, deviceId: string, window: Window) =>
  step('peak demand', 'quarter hours of the daily rollups', async () => {
    const peaks = await peakDemand(q, [{ id: deviceId, group_id: group }], [window], true)
    return peaks.get(deviceId)![0]!
  })

/** The peak fields of an answer, `peak_at` in `tz`. */
const peakFields = (p: PeakFigure, tz: string) => ({
  peak_kw: p.kw,
  peak_at: p.at === null ? null : isoIn(new Date(p.at), tz),
  peak_estimated: p.estimated,
  peak_coverage: p.coverage,
  peak_quarters: p.quarters,
  peak_quarters_with_data: p.withData,
})

/**
 * The device's figures over the windows priced at its group's tariffs and factors (the energy
 * engine), and the group's currency.
 */
async function pricedOf(q: Queryable, group: string, deviceId: string, list: Window[]) {
  const devices = [{ id: deviceId, group_id: group }]
  const { figures, pricings } = await energyOf(q, { devices, windows: list, named: true })
  const { settings } = pricings.get(group)!
  return {
    costs: figures.get(deviceId)!,
    currency: settings.currency,
    credited: settings.credit_export_co2,
  }
}

/** The windows' priced figures, in a step of the profile that holds every pricing statement. */
const loadCosts = (q: Queryable, group: string, deviceId: string, list: Window[]) =>
  step('price', `${list.length} windows: import, export and demand at the group's tariffs`, () =>
    pricedOf(q, group, deviceId, list),
  )

/**
 * Reads a visible device's figures per bucket in one transaction, and the whole window's priced
 * figure (the one a cumulative preset gives for it: rounding each bucket's cost to the cent and
 * adding them up drifts from it); 404 for a missing or foreign device.
 */
async function figuresOf(
  caller: Caller,
  deviceId: string,
  list: Window[],
  window: Window,
  power: boolean,
) {
  return caller.tx(async (tx) => {
    const q = untilClientLeaves(tx, caller)
    const group = await groupOf(q, caller, deviceId)
    const figures = await loadReadings(q, deviceId, list)
    const { costs, ...pricing } = await loadCosts(q, group, deviceId, [...list, window])
    // The priced figures read the export register beside the import one, bucket by bucket.
    const exported = {
      register: await hasExport(q, deviceId),
      kwh: costs.slice(0, list.length).map((c) => c.export_kwh),
    }
    const peak = await loadPeak(q, group, deviceId, window)
    const kw = power
      ? await step('power', 'quarter hours of the daily rollups', () =>
          quarterPower(q, deviceId, list),
        )
      : undefined
    const whole = costs.at(-1)!
    return { figures, exported, costs: costs.slice(0, list.length), whole, peak, kw, ...pricing }
  })
}

/**
 * CumulativeConsumption over a window: the device's figure from the energy engine (the one the
 * device list, reports and the dashboard show), and the readings' metadata from one bucket.
 */
async function cumulative(
  caller: Caller,
  deviceId: string,
  w0: Window | ((group: string, q: Queryable) => Promise<{ window: Window; tz: string }>),
  zone: string,
) {
  const {
    f,
    total,
    peak,
    tz,
    window: w,
    currency,
    credited,
  } = await caller.tx(async (tx) => {
    const q = untilClientLeaves(tx, caller)
    const group = await groupOf(q, caller, deviceId)
    const { window, tz } = typeof w0 === 'function' ? await w0(group, q) : { window: w0, tz: zone }
    const { costs, ...pricing } = await step(
      'load consumption',
      "rollups and edge readings, priced at the group's tariffs",
      () => pricedOf(q, group, deviceId, [window]),
    )
    const [figures] = await loadReadings(q, deviceId, [window])
    const peak = await loadPeak(q, group, deviceId, window)
    return { f: figures!, total: costs[0]!, peak, tz, window, ...pricing }
  })
  const meta = withMetadata(f, new Date())
  return {
    device_id: deviceId,
    start: isoIn(w.start, tz),
    end: isoIn(w.end, tz),
    timezone: tz,
    kwh: total.kwh,
    estimated: total.estimated,
    first_reading_at: f.first && isoIn(f.first, tz),
    last_reading_at: f.last && isoIn(f.last, tz),
    reading_count: f.readings,
    has_gaps: meta.gaps > 0,
    resets: f.resets,
    cost: total.kwh === null ? null : total.cost,
    cost_breakdown: total.cost_breakdown,
    co2_kg: total.kwh === null ? null : total.co2_kg,
    export_co2_credited: credited,
    currency,
    export_kwh: total.export_kwh,
    net_kwh: total.net_kwh,
    ...peakFields(peak, tz),
  }
}

/** The sum of the buckets' figures; null where a bucket with kWh has none. */
function sumOf(items: ReadonlyArray<{ kwh: number | null; value: number | null }>, digits: number) {
  let sum = 0
  for (const { kwh, value } of items) {
    if (kwh === null) continue
    if (value === null) return null
    sum += value
  }
  return Math.round(sum * 10 ** digits) / 10 ** digits
}

interface IntervalQuery {
  granularity: IntervalGranularity
  tz: string
  weekStart: WeekStart
  metadata: boolean
}

/** ConsumptionIntervals over a window; more than 1,000 buckets answers 422. */
async function intervals(caller: Caller, deviceId: string, window: Window, q: IntervalQuery) {
  const list = await step('bucket', `${q.granularity} buckets in ${q.tz}`, () =>
    buckets(window, q.granularity, q.tz, q.weekStart),
  )
  if (!list)
    throw invalid(
      ['query', 'granularity'],
      `More than ${MAX_BUCKETS} intervals: choose a coarser granularity or a shorter window`,
    )
  const power = q.granularity === 'quarter_hour'
  const { figures, exported, costs, whole, peak, kw, currency, credited } = await figuresOf(
    caller,
    deviceId,
    list,
    window,
    power,
  )
  const now = new Date()
  const shown = roundRunning(figures.map((f) => f.kwh))
  const shownExport = roundRunning(exported.kwh)
  const items = figures.map((f, k) => ({
    start: isoIn(f.start, q.tz),
    end: isoIn(f.end, q.tz),
    kwh: shown[k]!,
    cost: shown[k] === null ? null : costs[k]!.cost,
    cost_breakdown: shown[k] === null ? null : costs[k]!.cost_breakdown,
    co2_kg: shown[k] === null ? null : costs[k]!.co2_kg,
    ...(exported.register && {
      export_kwh: shownExport[k]!,
      net_kwh: netKwh(shown[k]!, shownExport[k]!),
    }),
    ...(kw && { kw: kw[k]! }),
    ...(q.metadata ? { metadata: withMetadata(f, now) } : {}),
  }))
  const totalKwh = roundKwh(shown.reduce<number>((sum, v) => sum + (v ?? 0), 0))
  const totalExport = shownExport.every((v) => v === null)
    ? null
    : roundKwh(shownExport.reduce<number>((sum, v) => sum + (v ?? 0), 0))
  return {
    device_id: deviceId,
    granularity: q.granularity,
    timezone: q.tz,
    start: isoIn(window.start, q.tz),
    end: isoIn(window.end, q.tz),
    total_kwh: totalKwh,
    // One window, one figure: the window priced as one, as its cumulative preset is.
    total_cost:
      whole.kwh === null
        ? sumOf(
            items.map((i) => ({ kwh: i.kwh, value: i.cost })),
            2,
          )
        : whole.cost,
    total_co2_kg:
      whole.kwh === null
        ? sumOf(
            items.map((i) => ({ kwh: i.kwh, value: i.co2_kg })),
            3,
          )
        : whole.co2_kg,
    total_cost_breakdown: whole.cost_breakdown,
    export_co2_credited: credited,
    currency,
    total_export_kwh: totalExport,
    total_net_kwh: netKwh(totalKwh, totalExport),
    ...peakFields(peak, q.tz),
    intervals: items,
  }
}

type PresetQuery = { timezone?: string; week_start?: WeekStart } | undefined

/** A cumulative calendar preset's answer, computed at the time of the request. */
const presetAnswer = (caller: Caller, deviceId: string, name: PeriodName, query: PresetQuery) => {
  const tz = zoneOf(query?.timezone)
  const clock = { tz, now: new Date(), weekStart: query?.week_start ?? 'sunday' }
  return cumulative(caller, deviceId, periodWindow(name, clock), tz)
}

/** A bill preset's answer: the device's group's billing cycle, in the group's timezone. */
const billAnswer = (caller: Caller, deviceId: string, name: PeriodName) =>
  cumulative(
    caller,
    deviceId,
    async (group, q) => {
      const { settings, tz } = (await pricingsOf(q, [group])).get(group)!
      const clock = { tz, now: new Date(), billStartDay: settings.billing_cycle_start_day }
      return { window: periodWindow(name, clock), tz }
    },
    'UTC',
  )

export const consumptionHandlers = {
  async getCumulativeConsumption(request, reply) {
    const { start_datetime, end_datetime, timezone } = request.query
    const tz = zoneOf(timezone)
    const window = windowOf(start_datetime, end_datetime)
    return reply.code(200).send(await cumulative(request, request.params.id, window, tz))
  },

  async getCumulativeConsumptionToday(request, reply) {
    return reply
      .code(200)
      .send(await presetAnswer(request, request.params.id, 'today', request.query))
  },

  async getCumulativeConsumptionYesterday(request, reply) {
    const answer = await presetAnswer(request, request.params.id, 'yesterday', request.query)
    return reply.code(200).send(answer)
  },

  async getCumulativeConsumptionThisWeek(request, reply) {
    const answer = await presetAnswer(request, request.params.id, 'this_week', request.query)
    return reply.code(200).send(answer)
  },

  async getCumulativeConsumptionLastWeek(request, reply) {
    const answer = await presetAnswer(request, request.params.id, 'last_week', request.query)
    return reply.code(200).send(answer)
  },

  async getCumulativeConsumptionThisMonth(request, reply) {
    const answer = await presetAnswer(request, request.params.id, 'this_month', request.query)
    return reply.code(200).send(answer)
  },

  async getCumulativeConsumptionLastMonth(request, reply) {
    const answer = await presetAnswer(request, request.params.id, 'last_month', request.query)
    return reply.code(200).send(answer)
  },

  async getCumulativeConsumptionThisBill(request, reply) {
    return reply.code(200).send(await billAnswer(request, request.params.id, 'this_bill'))
  },

  async getCumulativeConsumptionLastBill(request, reply) {
    return reply.code(200).send(await billAnswer(request, request.params.id, 'last_bill'))
  },

  async getCumulativeConsumptionBillYearAgo(request, reply) {
    return reply.code(200).send(await billAnswer(request, request.params.id, 'bill_year_ago'))
  },

  async getConsumptionIntervals(request, reply) {
    const q = request.query
    const query: IntervalQuery = {
      granularity: q.granularity ?? 'daily',
      tz: zoneOf(q.timezone),
      weekStart: q.week_start ?? 'sunday',
      metadata: q.include_metadata ?? true,
    }
    const window = windowOf(q.start_datetime, q.end_datetime)
    return reply.code(200).send(await intervals(request, request.params.id, window, query))
  },

  async getConsumptionIntervalsLastMonth(request, reply) {
    const tz = zoneOf(request.query?.timezone)
    const weekStart = request.query?.week_start ?? 'sunday'
    const window = periodWindow('last_month', { tz, now: new Date(), weekStart })
    const granularity = request.query?.granularity ?? 'daily'
    const query = { granularity, tz, weekStart, metadata: true }
    return reply.code(200).send(await intervals(request, request.params.id, window, query))
  },

  async getConsumptionIntervalsToday(request, reply) {
    const tz = zoneOf(request.query?.timezone)
    const window = periodWindow('today', { tz, now: new Date() })
    const query: IntervalQuery = { granularity: 'hourly', tz, weekStart: 'sunday', metadata: true }
    return reply.code(200).send(await intervals(request, request.params.id, window, query))
  },
} satisfies Pick<
  RouteHandlers,
  | 'getCumulativeConsumption'
  | 'getCumulativeConsumptionToday'
  | 'getCumulativeConsumptionYesterday'
  | 'getCumulativeConsumptionThisWeek'
  | 'getCumulativeConsumptionLastWeek'
  | 'getCumulativeConsumptionThisMonth'
  | 'getCumulativeConsumptionLastMonth'
  | 'getCumulativeConsumptionThisBill'
  | 'getCumulativeConsumptionLastBill'
  | 'getCumulativeConsumptionBillYearAgo'
  | 'getConsumptionIntervals'
  | 'getConsumptionIntervalsLastMonth'
  | 'getConsumptionIntervalsToday'
>
