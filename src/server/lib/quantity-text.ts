import { KWH_ENTRY_DECIMALS, unitDecimals } from '~/common/unit-decimals.ts'

/** English with grouping, as the server's sentences are written; '-0.00' reads '0.00'. */
const english = (value: number, min: number, max: number) =>
  value.toLocaleString('en-US', {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    signDisplay: 'negative',
  })

/**
 * '570.43 kWh', '500.00 kWh', '3,120 W': a figure in a sentence the console shows beside its own
 * figures (an alarm, a notification), at the console's one precision for its unit
 * (src/lib/format/quantity.ts), so the alarm says what the readings and reports say.
 */
export function quantityText(value: number, unit: string): string {
  const decimals = unitDecimals(unit)
  return `${english(value, decimals, decimals)} ${unit}`.trim()
}

/**
 * '105.50 kWh', '105.504 kWh': a typed meter value or the bound it broke, at the rule's two
 * decimals and the third a reading may be typed with where it has one.
 */
export const kwhAsEnteredText = (kwh: number) =>
  `${english(kwh, unitDecimals('kWh'), KWH_ENTRY_DECIMALS)} kWh`
