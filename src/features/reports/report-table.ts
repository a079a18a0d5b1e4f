import type { EnergyReportDevice } from '~/api'

export const reportSortKeys = [
  'device_name',
  'current_kwh',
  'previous_kwh',
  'absolute_change',
  'percent_change',
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
    const x = a[key]
    const y = b[key]
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1
    return sign * (x - y) || a.device_name.localeCompare(b.device_name)
  })
}
