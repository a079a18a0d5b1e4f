import type { EnergyReport } from '../api/__generated__/types.gen.ts'
import { billTotal } from './bill.ts'
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
 * The group's standing charges and the bill they make with the energy charges, as two more lines
 * in the cost columns (a standing charge is the supply contract's, not a device's): the device
 * lines' costs plus `standing_charge` add up to `bill`. None without a tariff.
 */
function billLines(report: EnergyReport) {
  const { current, previous, currency } = report
  if (current.standing_charge === null && previous.standing_charge === null) return []
  const line = (name: string, now: number | null, before: number | null) => [
    name,
    '',
    null,
    null,
    null,
    null,
    null,
    now,
    before,
    null,
    null,
    currency,
  ]
  return [
    line('standing_charge', current.standing_charge, previous.standing_charge),
    line(
      'bill',
      billTotal(current.total_cost, current.standing_charge),
      billTotal(previous.total_cost, previous.standing_charge),
    ),
  ]
}

/**
 * The report's device rows and total as CSV: the figures of the JSON answer (to date while the
 * current period runs, the whole previous period last), then cost and CO2 (issue 26: energy
 * charges in `currency`), no data as an empty field; then, with a tariff, the standing charges and
 * the bill (energy plus standing charges), so the file rebuilds the bill it sits beside. The
 * writer is the console's (formula-looking names neutralised, numbers machine-readable).
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
    ...billLines(report),
  ])
}
