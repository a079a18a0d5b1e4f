export { reportCsv } from '~/common/report-csv.ts'
import { wallOf } from '~/server/lib/zone-clock.ts'
import { unitStart, nextUnit, type Window } from '../energy/windows.ts'

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
