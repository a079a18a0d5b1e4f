import type { CostBreakdown, EnergyReport } from '../api/__generated__/types.gen.ts'
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

/** Issue 35: export, net import and peak demand (none on the total line), then cost parts. */
const TWO_WAY = [
  'current_export_kwh',
  'previous_export_kwh',
  'current_net_kwh',
  'previous_net_kwh',
  'current_peak_kw',
  'current_peak_at',
  'current_peak_estimated',
  'current_peak_coverage',
  'previous_peak_kw',
  'previous_peak_at',
  'previous_peak_estimated',
  'previous_peak_coverage',
  'current_energy_cost',
  'current_feed_in_credit',
  'current_demand_charge',
  'previous_energy_cost',
  'previous_feed_in_credit',
  'previous_demand_charge',
]

/** The peak columns, left empty on the total and bill lines. */
const NO_PEAK = Array<null>(8).fill(null)

/** A cost's parts as three columns (empty where unknown). */
const parts = (b: CostBreakdown | null) => [
  b?.energy ?? null,
  b?.feed_in_credit ?? null,
  b?.demand ?? null,
]

/**
 * The group's standing charges and the bill they make with the costs, as two more lines in the
 * cost columns (a standing charge is the supply contract's, not a device's): the device lines'
 * costs plus `standing_charge` add up to `bill`. None without a tariff.
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
    ...Array<null>(TWO_WAY.length).fill(null),
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
 * current period runs, the whole previous period last), then cost and CO2 (issue 26, in
 * `currency`), no data as an empty field; then (issue 35) export, net import and peak demand per
 * device (the total line has no peak: the peak of the devices' sum is not the highest of their
 * peaks, see `ReportPeriod`) and the cost's parts; then, with a tariff, the standing charges and
 * the bill (costs plus standing charges), so the file rebuilds the bill it sits beside. The
 * writer is the console's (formula-looking names neutralised, numbers machine-readable).
 */
export function reportCsv(report: EnergyReport): string {
  const { current, previous } = report
  return toCsv([
    [...HEADER, ...TWO_WAY],
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
      d.current_export_kwh,
      d.previous_export_kwh,
      d.current_net_kwh,
      d.previous_net_kwh,
      d.current_peak_kw,
      d.current_peak_at,
      d.current_peak_estimated,
      d.current_peak_coverage,
      d.previous_peak_kw,
      d.previous_peak_at,
      d.previous_peak_estimated,
      d.previous_peak_coverage,
      ...parts(d.current_cost_breakdown),
      ...parts(d.previous_cost_breakdown),
    ]),
    [
      'total',
      '',
      current.total_kwh,
      previous.total_kwh,
      report.change.absolute_kwh,
      report.change.percent,
      previous.full_total_kwh,
      current.total_cost,
      previous.total_cost,
      current.total_co2_kg,
      previous.total_co2_kg,
      report.currency,
      current.total_export_kwh,
      previous.total_export_kwh,
      current.total_net_kwh,
      previous.total_net_kwh,
      ...NO_PEAK,
      ...parts(current.cost_breakdown),
      ...parts(previous.cost_breakdown),
    ],
    ...billLines(report),
  ])
}
