import {
  getEnergyReportCsv,
  getEnergyReportOptions,
  queryPolicy,
  type GetEnergyReportData,
} from '~/api'
import { toIso, type PeriodPair, type WeekStart } from '~/lib/periods/days'
import { granularityFor, type Granularity } from '~/lib/periods/view-window'
import { downloadBlob } from '~/lib/download'
import type { ReportMetric } from './report-search'

export const metricLabels: Record<ReportMetric, string> = {
  energy_consumption: 'Energy consumption (kWh)',
  energy_usage: 'Energy usage per day (kWh/day)',
}

export interface ReportRequest {
  periods: PeriodPair
  timeZone: string
  weekStart: WeekStart
  /** @default 'energy_consumption' */
  metric?: ReportMetric
  /** Empty or left out: every device in the scope. */
  deviceIds?: readonly string[]
  /** @default chosen from the current period's length */
  granularity?: Granularity
}

/** The query of getEnergyReport and getEnergyReportCsv (the same for both, as the contract says). */
export function reportQuery({
  periods,
  timeZone,
  weekStart,
  metric = 'energy_consumption',
  deviceIds = [],
  granularity,
}: ReportRequest) {
  return {
    metric,
    current_start: toIso(periods.current.start),
    current_end: toIso(periods.current.end),
    previous_start: toIso(periods.previous.start),
    previous_end: toIso(periods.previous.end),
    ...(deviceIds.length ? { device_ids: [...deviceIds].sort() } : {}),
    timezone: timeZone,
    granularity: granularity ?? granularityFor(periods.current),
    week_start: weekStart,
  } satisfies GetEnergyReportData['query']
}

/**
 * One report query. Period ends fall on calendar boundaries, so the same request from the
 * dashboard and the reports page has the same key and is fetched once. Reports read slowly
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
