import type { EnergyReport, ReportPeriod } from '~/api'
import { formatCost, formatCostCo2, formatPercent } from '~/lib/format'

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

/**
 * What a report period cost and emitted, '€2,083.32 · 2.55 t CO₂e', with its standing charges
 * when the groups have some ('plus €12.60 standing charges'); null where nothing is priced.
 */
export function periodCost(
  period: Pick<ReportPeriod, 'total_cost' | 'total_co2_kg' | 'standing_charge'>,
  currency: string | null,
): string | null {
  const figures = formatCostCo2(period.total_cost, period.total_co2_kg, currency)
  if (!figures) return null
  return period.standing_charge && currency && period.total_cost !== null
    ? `${figures}, plus ${formatCost(period.standing_charge, currency)} standing charges`
    : figures
}

/** '−€127.91 · −156.8 kg CO₂e': the change of cost and CO2; null where nothing is priced. */
export const costChange = (
  change: Pick<EnergyReport['change'], 'absolute_cost' | 'absolute_co2_kg'>,
  currency: string | null,
) => formatCostCo2(change.absolute_cost, change.absolute_co2_kg, currency, { signed: true })

/** current - previous, or null when either is missing (as the server's change figures). */
export const difference = (current: number | null, previous: number | null) =>
  current === null || previous === null ? null : current - previous
