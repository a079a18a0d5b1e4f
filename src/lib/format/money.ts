/**
 * Cost and CO2 beside kWh (issue 26): money in the answer's currency, formatted in the browser's
 * locale ('€41.04' in en-IE, '41,04 €' in de-DE); CO2 in kg, or t from 1,000 kg.
 */
import { formatNumber, NO_VALUE } from './number'

export interface MoneyStyle {
  /** A leading '+' for a rise; zero stays unsigned. @default false */
  signed?: boolean
}

const cache = new Map<string, Intl.NumberFormat>()

function moneyFormat(currency: string, signed: boolean): Intl.NumberFormat {
  const languages = globalThis.navigator?.languages
  const key = `${String(languages)}|${currency}|${signed}`
  let format = cache.get(key)
  if (!format) {
    format = new Intl.NumberFormat(languages, {
      style: 'currency',
      currency,
      signDisplay: signed ? 'exceptZero' : 'negative',
    })
    cache.set(key, format)
  }
  return format
}

/**
 * '€1,234.56' in the currency's own decimals, always shown ('€41.00', not '€41'); an en dash
 * without a value or currency (a cost without its currency would read as the wrong money).
 */
export const formatCost = (
  value: number | null | undefined,
  currency: string | null | undefined,
  { signed = false }: MoneyStyle = {},
) => (value == null || !currency ? NO_VALUE : moneyFormat(currency, signed).format(value))

/**
 * '50.3 kg CO₂e', '2.55 t CO₂e' from 1,000 kg (tonnes read better on a year's bill): always one
 * decimal in kg and two in t (the precision rule in quantity.ts), so '50.0 kg' never reads '50 kg'
 * beside '50.3 kg'. An en dash without a value.
 */
export function formatCo2(kg: number | null | undefined, { signed = false }: MoneyStyle = {}) {
  if (kg == null) return NO_VALUE
  // 999.96 kg rounds to a tonne: '1.00 t', not '1,000.0 kg'.
  return Math.abs(kg) >= 999.95
    ? `${formatNumber(kg / 1000, { decimals: 2, signed })} t CO₂e`
    : `${formatNumber(kg, { decimals: 1, signed })} kg CO₂e`
}

/**
 * What goes beside a kWh figure: '€41.04 · 50.3 kg CO₂e', either part alone, or null when the
 * group has neither a tariff nor an emission factor there (nothing extra is shown then).
 */
export function formatCostCo2(
  cost: number | null | undefined,
  co2Kg: number | null | undefined,
  currency: string | null | undefined,
  style: MoneyStyle = {},
): string | null {
  const parts = [
    cost != null && currency ? formatCost(cost, currency, style) : null,
    co2Kg != null ? formatCo2(co2Kg, style) : null,
  ].filter((part): part is string => part !== null)
  return parts.length > 0 ? parts.join(' · ') : null
}
