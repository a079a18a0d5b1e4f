import type { EnergyReport } from '../../../api/__generated__/types.gen.ts'
import { toCsv } from '../../../common/csv.ts'
import { wallOf } from '../../lib/zone-clock.ts'
import { unitStart, nextUnit, type Window } from '../consumption/buckets.ts'

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

const date = (instant: Date, tz: string) => new Date(wallOf(instant.getTime(), tz)).toISOString()

/** A period in a file name: 2026-02 for a calendar month, 2026-02-14 for a day, else from_to_to. */
function periodLabel(w: Window, tz: string): string {
  const whole = (unit: 'daily' | 'monthly') =>
    unitStart(w.start, unit, tz).getTime() === w.start.getTime() &&
    nextUnit(w.start, unit, tz).getTime() === w.end.getTime()
  if (whole('monthly')) return date(w.start, tz).slice(0, 7)
  if (whole('daily')) return date(w.start, tz).slice(0, 10)
  const last = new Date(w.end.getTime() - 1)
  return `${date(w.start, tz).slice(0, 10)}_to_${date(last, tz).slice(0, 10)}`
}

/**
 * e.g. energy-report-2026-02_vs_2026-01.csv, or for a running month compared to date
 * energy-report-2026-11-01_to_2026-11-25_vs_2026-10-01_to_2026-10-25.csv: the spans compared
 * (ASCII only: no quoting issues in the header).
 */
export function reportFilename(current: Window, previous: Window, tz: string): string {
  return `energy-report-${periodLabel(current, tz)}_vs_${periodLabel(previous, tz)}.csv`
}
