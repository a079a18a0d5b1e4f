import {
  getEnergyReportCsv,
  getEnergyReportOptions,
  queryPolicy,
  type GetEnergyReportData,
} from '~/api'
import { rangePeriod, toIso, type DayRange, type WeekStart } from '~/lib/periods/days'
import { granularityFor, type Granularity } from '~/lib/periods/view-window'
import { downloadBlob } from '~/lib/download'
import type { ReportMetric, ReportPreset } from './report-search'

export const metricLabels: Record<ReportMetric, string> = {
  energy_consumption: 'Energy consumption (kWh)',
  energy_usage: 'Energy usage per day (kWh/day)',
}

export interface ReportRequest {
  preset: ReportPreset
  /** The days of 'custom' (left out: today) and, if chosen, the days it is compared with. */
  custom?: DayRange
  customPrevious?: DayRange
  /** The viewer's calendar; bills are counted in their group's timezone by the server. */
  timeZone: string
  weekStart: WeekStart
  /** Whether the scope has a billing cycle (one group): without one, bills read as calendar months. */
  billed?: boolean
  /** @default 'energy_consumption' */
  metric?: ReportMetric
  /** Empty or left out: every device in the scope. */
  deviceIds?: readonly string[]
  /** @default the preset's, or chosen from the custom range's length */
  granularity?: Granularity
}

type Query = NonNullable<GetEnergyReportData['query']>
type NamedPreset = Exclude<ReportPreset, 'custom'>

/** A scope without a billing cycle reads the bill presets as the calendar months they stand for. */
const withoutBills: Partial<Record<NamedPreset, NamedPreset>> = {
  this_bill: 'this_month',
  last_bill: 'last_month',
  bill_year_ago: 'this_month',
}

/** Buckets that keep each preset's chart readable (as granularityFor picks for its length). */
const presetGranularity: Record<NamedPreset, Granularity> = {
  today: 'hourly',
  this_week: 'daily',
  this_month: 'daily',
  last_month: 'daily',
  last_7_days: 'daily',
  last_30_days: 'daily',
  this_year: 'monthly',
  this_bill: 'daily',
  last_bill: 'daily',
  bill_year_ago: 'daily',
}

/**
 * The periods as the report API names them: the server resolves every preset (one resolver, the
 * consumption API's), so no period is computed twice. Only a custom range is given as instants:
 * the chosen days' midnights in the viewer's timezone. A range ending before it starts (an edited
 * URL) reads as this month, as a bad preset does.
 */
function periodQuery(
  request: ReportRequest,
): Pick<
  Query,
  'period' | 'previous_period' | 'current_start' | 'current_end' | 'previous_start' | 'previous_end'
> & { granularity: Granularity } {
  const { preset, custom, customPrevious, timeZone, billed = false } = request
  if (preset === 'custom' && custom) {
    try {
      const current = rangePeriod(custom, timeZone)
      const previous = customPrevious && rangePeriod(customPrevious, timeZone)
      return {
        period: 'custom',
        current_start: toIso(current.start),
        current_end: toIso(current.end),
        ...(previous && {
          previous_start: toIso(previous.start),
          previous_end: toIso(previous.end),
        }),
        granularity: granularityFor(current),
      }
    } catch {
      return { period: 'this_month', granularity: presetGranularity.this_month }
    }
  }
  const named = preset === 'custom' ? 'today' : (!billed && withoutBills[preset]) || preset
  return {
    ...(named === 'bill_year_ago'
      ? { period: 'this_bill', previous_period: 'bill_year_ago' }
      : { period: named }),
    granularity: presetGranularity[named],
  }
}

/** The query of getEnergyReport and getEnergyReportCsv (the same for both, as the contract says). */
export function reportQuery(request: ReportRequest) {
  const { timeZone, weekStart, metric = 'energy_consumption', deviceIds = [] } = request
  const { granularity, ...periods } = periodQuery(request)
  return {
    metric,
    ...periods,
    ...(deviceIds.length ? { device_ids: [...deviceIds].sort() } : {}),
    timezone: timeZone,
    granularity: request.granularity ?? granularity,
    week_start: weekStart,
  } satisfies Query
}

/**
 * One report query. Periods go by name, so the same request from the dashboard and the reports
 * page has the same key and is fetched once. Reports read slowly
 * changing history: the regular staleness profile, refetched on focus for today's figures.
 */
export const energyReportOptions = (request: ReportRequest) => ({
  ...getEnergyReportOptions({ query: reportQuery(request) }),
  ...queryPolicy('realTime'),
})

/** Fetches the CSV of a report and hands it to the browser as a download. */
export async function downloadReportCsv(request: ReportRequest) {
  const response = await getEnergyReportCsv({
    query: reportQuery(request),
    parseAs: 'blob',
    throwOnError: true,
  })
  const disposition = response.response.headers.get('Content-Disposition') ?? ''
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'energy-report.csv'
  const data: unknown = response.data
  const blob = data instanceof Blob ? data : new Blob([String(data)], { type: 'text/csv' })
  downloadBlob(blob, filename)
  return filename
}
