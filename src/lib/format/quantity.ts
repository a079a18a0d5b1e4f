/**
 * Energy, power and other measured quantities: the console's one precision rule (issue 32).
 *
 * A figure of a unit always shows that unit's number of decimals, trailing zeros included, on every
 * screen: the devices list, a device's overview and readings, the consumption tab, the dashboard,
 * reports, chart tooltips and chart tables, alarms and notifications. So the same figure reads the
 * same everywhere ('213.99 kWh' on the list is '213.99 kWh' on the overview, never '214') and a
 * column never mixes precisions ('91.10' under '333.53', not '91.1').
 *
 * - kWh, kW (and kWh/day, kWh per anything): 2 decimals, 10 Wh or 10 W. That is consumption totals,
 *   changes between periods, meter register readings (the same kWh, so the same rule) and
 *   thresholds, which are compared with those totals.
 * - MWh, MW: 3 decimals, so the resolution stays 1 kWh or 1 kW.
 * - Wh, W: whole numbers. V: 1 decimal. Any other unit: 2 decimals.
 * - Cost (money.ts): the currency's own minor unit (2 for EUR and USD, 0 for JPY).
 * - CO2 (money.ts): 1 decimal in kg, 2 in t (from 1,000 kg).
 * - Percent changes: 1 decimal (formatPercent with `{ decimals: 1 }`, reports/change.ts).
 *
 * Where a value is typed in (the manual reading's field, a tariff's price), the field keeps the
 * precision it accepts; a message naming the bound a typed value broke shows the bound with the
 * field's extra decimal where it has one (formatKwhAsEntered: '105.50', '105.504'), since the
 * bound rounded ('105.50') would contradict a refused '105.50'. Chart axes label ticks, not
 * figures: they keep just the decimals their step needs.
 */
import { KWH_ENTRY_DECIMALS, unitDecimals } from '~/common/unit-decimals'
import { formatNumber, NO_VALUE } from './number'

// The table of decimals per unit lives in src/common so the server's sentences follow it too.
export { KWH_ENTRY_DECIMALS, unitDecimals }

export interface QuantityStyle {
  /** A leading '+' for a rise; zero stays unsigned. @default false */
  signed?: boolean
}

/**
 * The number alone, at its unit's precision: '1,234.50' for kWh, for a figure whose unit is shown
 * beside it (a Stat); an en dash for no value.
 */
export const formatQuantityFigure = (
  value: number | null | undefined,
  unit: string,
  { signed = false }: QuantityStyle = {},
) => formatNumber(value, { decimals: unitDecimals(unit), signed })

/** '1,234.50 kWh', '3,120 W', '+12.00 kWh/day': a figure with its unit; an en dash for no value. */
export const formatQuantity = (
  value: number | null | undefined,
  unit: string,
  style: QuantityStyle = {},
) => (value == null ? NO_VALUE : `${formatQuantityFigure(value, unit, style)} ${unit}`.trim())

/** '1,234.50 kWh': consumption, a change of it, a meter register; an en dash for no value. */
export const formatKwh = (value: number | null | undefined, style: QuantityStyle = {}) =>
  formatQuantity(value, 'kWh', style)

/**
 * '105.50 kWh', '105.504 kWh': the bound a typed meter value is checked against, at the rule's two
 * decimals and the field's third where the value has one.
 */
export const formatKwhAsEntered = (value: number) =>
  `${formatNumber(value, { decimals: unitDecimals('kWh'), maxDecimals: KWH_ENTRY_DECIMALS })} kWh`
