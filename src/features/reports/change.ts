import type { EnergyReport } from '~/api'
import { formatPercent } from '~/lib/format'

/** Change from a previous figure to a current one; percent is null when previous is 0 (shown 'N/A'). */
export interface Change {
  absolute: number
  percent: number | null
}

export function computeChange(current: number, previous: number): Change {
  return {
    absolute: current - previous,
    percent: previous === 0 ? null : ((current - previous) / previous) * 100,
  }
}

/** '+4.6%', '−5.8%', '0.0%', or 'N/A' when there is nothing to compare with (spec §5). */
export const formatPercentChange = (percent: number | null) =>
  percent === null ? 'N/A' : formatPercent(percent / 100, { decimals: 1, signed: true })

/** Which way a change points, for its icon and tone: more energy is 'up'. */
export const changeDirection = (absolute: number) =>
  absolute > 0 ? 'up' : absolute < 0 ? 'down' : 'flat'

/**
 * The change a report headlines, the one figure the Totals card and the chart legend both show:
 * the server's, over the spans it compared (to date for a running period).
 */
export const reportChange = (report: Pick<EnergyReport, 'change' | 'to_date'>) => ({
  label: report.to_date ? 'Change to date' : 'Change',
  value: formatPercentChange(report.change.percent),
  context: report.to_date ? 'vs the same days' : 'vs previous',
})

/** current - previous, or null when either is missing (as the server's change figures). */
export const difference = (current: number | null, previous: number | null) =>
  current === null || previous === null ? null : current - previous
