/**
 * Cost and CO2 beside kWh (issue 26): money in the answer's currency, formatted in the browser's
 * locale ('€41.04' in en-IE, '41,04 €' in de-DE); CO2 in kg, or t from 1,000 kg.
 */
import { NO_VALUE } from './number'

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
      signDisplay: signed ? 'exceptZero' : 'auto',
    })
    cache.set(key, format)
  }
  return format
}

/**
 * '€1,234.56' in the currency's own decimals; an en dash without a value or currency (a cost
 * without its currency would read as the wrong money).
 */
export const formatCost = (
  value: number | null | undefined,
  currency: string | null | undefined,
  { signed = false }: MoneyStyle = {},
) => (value == null || !currency ? NO_VALUE : moneyFormat(currency, signed).format(value))

function co2Format(maxDecimals: number, signed: boolean) {
  return new Intl.NumberFormat(globalThis.navigator?.languages, {
    maximumFractionDigits: maxDecimals,
    signDisplay: signed ? 'exceptZero' : 'auto',
  })
}

/**
 * '50.3 kg CO₂e', '2.55 t CO₂e' from 1,000 kg (tonnes read better on a year's bill); one decimal
 * in kg, two in t. An en dash without a value.
 */
export function formatCo2(kg: number | null | undefined, { signed = false }: MoneyStyle = {}) {
  if (kg == null) return NO_VALUE
  return Math.abs(kg) >= 1000
    ? `${co2Format(2, signed).format(kg / 1000)} t CO₂e`
    : `${co2Format(1, signed).format(kg)} kg CO₂e`
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
