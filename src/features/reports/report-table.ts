import type { EnergyReportDevice } from '~/api'

export const reportSortKeys = [
  'device_name',
  'current_kwh',
  'previous_kwh',
  'absolute_change',
  'percent_change',
  // A two-way meter's and a peak's figures (issue 35), where the report has them.
  'current_export_kwh',
  'current_net_kwh',
  'current_peak_kw',
] as const
export type ReportSortKey = (typeof reportSortKeys)[number]
export type SortDirection = 'ascending' | 'descending'

/**
 * Sorts a report's devices. 'N/A' percentages (nothing to compare with) sort after every number
 * whichever the direction, so the real changes stay together at the top.
 */
export function sortDevices(
  devices: readonly EnergyReportDevice[],
  key: ReportSortKey,
  direction: SortDirection,
) {
  const sign = direction === 'ascending' ? 1 : -1
  return [...devices].sort((a, b) => {
    if (key === 'device_name') return sign * a.device_name.localeCompare(b.device_name)
    // Two-way and peak figures may be absent from a report: as null, no figure.
    const x = a[key] ?? null
    const y = b[key] ?? null
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1
    return sign * (x - y) || a.device_name.localeCompare(b.device_name)
  })
}

/**
 * Which of the issue-35 columns a report needs: export and net where some device has an export
 * register, the peak where some device has one. A fleet that only imports, read hourly, keeps its
 * table as it was.
 */
export function twoWayColumns(devices: readonly EnergyReportDevice[]) {
  return {
    exportNet: devices.some((d) => d.current_export_kwh != null),
    peak: devices.some((d) => d.current_peak_kw != null),
  }
}
