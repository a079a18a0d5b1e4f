import type { EnergyReport, ReportPeriod } from '~/api'
import { formatCost, formatCostCo2 } from '~/lib/format'

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
