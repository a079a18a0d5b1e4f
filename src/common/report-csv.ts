import type { EnergyReport } from '../api/__generated__/types.gen.ts'
import { toCsv } from './csv.ts'

const HEADER = [
  'device_id',
  'device_name',
  'current_kwh',
  'previous_kwh',
  'absolute_change',
  'percent_change',
  'previous_full_kwh',
]

/**
 * The report's device rows and total as CSV: the figures of the JSON answer (to date while the
 * current period runs, the whole previous period last), no data as an empty field. The writer is
 * the console's (formula-looking names neutralised, numbers machine-readable).
 */
export function reportCsv(report: EnergyReport): string {
  return toCsv([
    HEADER,
    ...report.devices.map((d) => [
      d.device_id,
      d.device_name,
      d.current_kwh,
      d.previous_kwh,
      d.absolute_change,
      d.percent_change,
      d.previous_full_kwh,
    ]),
    [
      'total',
      '',
      report.current.total_kwh,
      report.previous.total_kwh,
      report.change.absolute_kwh,
      report.change.percent,
      report.previous.full_total_kwh,
    ],
  ])
}
