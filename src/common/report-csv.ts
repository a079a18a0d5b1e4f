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
  'current_cost',
  'previous_cost',
  'current_co2_kg',
  'previous_co2_kg',
  'currency',
]

/**
 * The report's device rows and total as CSV: the figures of the JSON answer (to date while the
 * current period runs, the whole previous period last), then cost and CO2 (issue 26: energy
 * charges in `currency`, standing charges not included), no data as an empty field. The writer is
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
      d.current_cost,
      d.previous_cost,
      d.current_co2_kg,
      d.previous_co2_kg,
      report.currency,
    ]),
    [
      'total',
      '',
      report.current.total_kwh,
      report.previous.total_kwh,
      report.change.absolute_kwh,
      report.change.percent,
      report.previous.full_total_kwh,
      report.current.total_cost,
      report.previous.total_cost,
      report.current.total_co2_kg,
      report.previous.total_co2_kg,
      report.currency,
    ],
  ])
}
