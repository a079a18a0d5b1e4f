import type { BillTotals, CostBreakdown, EnergyReport } from '~/api'
import { formatCo2, formatCost, formatCostCo2 } from '~/lib/format'

/**
 * A priced figure (a device's window, a report period, a bill): its cost, the parts the server
 * answered for it (issue 35) and what goes beside them.
 */
export interface PricedFigure {
  /** Energy charge − feed-in credit + demand charge (may be negative); null where not priced. */
  cost: number | null
  breakdown: CostBreakdown | null
  co2Kg: number | null
  /** The groups' standing charges, not in `cost`; absent for a device's figure (it has none). */
  standingCharge?: number | null
  /** The export over the figure's window: null or absent for meters that only import. */
  exportKwh?: number | null
  /** The group takes exported energy's CO2 off `co2Kg` (`export_co2_credited`). */
  exportCo2Credited?: boolean
}

/** One line of a cost's parts; `part` says which, so a narrow place can pick a few. */
export interface CostPart {
  part: 'energy' | 'feedInCredit' | 'demand' | 'standing' | 'total' | 'co2'
  term: string
  value: string
}

const NO_PRICE = 'No price'
const round2 = (n: number) => Math.round(n * 100) / 100

/** '− €32.84': a credit, taken off the cost (a minus sign kept on the figure's line). */
export const formatCredit = (credit: number, currency: string) =>
  credit === 0 ? formatCost(0, currency) : `\u2212\u00a0${formatCost(credit, currency)}`

/** What the figure comes to with its standing charges (a bill); null where a part is unknown. */
const totalOf = ({ cost, standingCharge }: PricedFigure) =>
  cost === null || standingCharge === null ? null : round2(cost + (standingCharge ?? 0))

/**
 * The parts of a cost, in the order of a bill: energy, feed-in credit, demand charge, standing
 * charges, the total and the CO2 (saying when export is credited). A part that is 0 and does not
 * apply is left out: feed-in for a meter without export, demand without a demand tariff,
 * standing charges where there are none. Null when nothing but energy would be listed (a meter
 * that only imports under a flat tariff): `costLine` says that in one line, as before issue 35.
 */
export function costParts(figure: PricedFigure, currency: string | null): CostPart[] | null {
  const { breakdown } = figure
  if (!breakdown || !currency) return null
  const exports = figure.exportKwh != null
  const credit = breakdown.feed_in_credit
  const showCredit = exports || credit !== 0
  const showDemand = breakdown.demand !== 0
  if (!showCredit && !showDemand) return null
  const money = (value: number | null) => (value === null ? NO_PRICE : formatCost(value, currency))
  const parts: CostPart[] = [{ part: 'energy', term: 'Energy', value: money(breakdown.energy) }]
  if (showCredit)
    parts.push({
      part: 'feedInCredit',
      term: 'Feed-in credit',
      value: credit === null ? NO_PRICE : formatCredit(credit, currency),
    })
  if (showDemand)
    parts.push({
      part: 'demand',
      term: 'Demand charge',
      // The tariff has a demand charge, but no quarter hour of the meter has data to bill it on.
      value:
        breakdown.demand === null ? 'not billed: no quarter-hour data' : money(breakdown.demand),
    })
  if (figure.standingCharge)
    parts.push({ part: 'standing', term: 'Standing charges', value: money(figure.standingCharge) })
  parts.push({ part: 'total', term: 'Total', value: money(totalOf(figure)) })
  if (figure.co2Kg != null)
    parts.push({
      part: 'co2',
      term: 'CO₂',
      value:
        figure.exportCo2Credited && exports
          ? `${formatCo2(figure.co2Kg)}, export credited`
          : formatCo2(figure.co2Kg),
    })
  return parts
}

/**
 * What a figure cost and emitted in one line, '€2,083.32 · 2.55 t CO₂e', with its standing
 * charges when it has some ('plus €12.60 standing charges'); null where nothing is priced.
 */
export function costLine(figure: PricedFigure, currency: string | null): string | null {
  const figures = formatCostCo2(figure.cost, figure.co2Kg, currency)
  if (!figures) return null
  return figure.standingCharge && currency && figure.cost !== null
    ? `${figures}, plus ${formatCost(figure.standingCharge, currency)} standing charges`
    : figures
}

/** Whether a figure has a cost to show (its parts or its line): a place without one shows nothing. */
export const showsCost = (figure: PricedFigure, currency: string | null) =>
  costParts(figure, currency) !== null || costLine(figure, currency) !== null

/** A report period as a priced figure: its cost parts, standing charges and export. */
export const periodFigure = (
  period: EnergyReport['current'],
  report: Pick<EnergyReport, 'export_co2_credited'>,
): PricedFigure => ({
  cost: period.total_cost,
  breakdown: period.cost_breakdown,
  co2Kg: period.total_co2_kg,
  standingCharge: period.standing_charge,
  exportKwh: period.total_export_kwh,
  exportCo2Credited: report.export_co2_credited,
})

/**
 * A closed bill's totals (`BillTotals`) as a priced figure. A bill's demand charge is 0 where
 * it could not be billed, so its parts list it only where one was billed.
 */
export const billFigure = (bill: BillTotals): PricedFigure => ({
  cost: bill.total === null ? null : round2(bill.total - (bill.standing_charge ?? 0)),
  breakdown:
    bill.energy_charge === null
      ? null
      : {
          energy: bill.energy_charge,
          feed_in_credit: bill.feed_in_credit,
          demand: bill.demand_charge,
        },
  co2Kg: null,
  standingCharge: bill.standing_charge,
})

/**
 * ['− €32.84 feed-in credit', '€11.10 demand charge']: the parts of a bill beside its energy and
 * standing charges (issue 35), where they are not 0, each a short line of its own (a table cell
 * keeps its figures on one line); none for a bill without them.
 */
export const billExtras = (bill: BillTotals, currency: string | null): string[] =>
  (costParts(billFigure(bill), currency) ?? [])
    .filter(({ part }) => part === 'feedInCredit' || part === 'demand')
    .map(({ term, value }) => `${value} ${term.toLowerCase()}`)

/** '−€127.91 · −156.8 kg CO₂e': the change of cost and CO2; null where nothing is priced. */
export const costChange = (
  change: Pick<EnergyReport['change'], 'absolute_cost' | 'absolute_co2_kg'>,
  currency: string | null,
) => formatCostCo2(change.absolute_cost, change.absolute_co2_kg, currency, { signed: true })
