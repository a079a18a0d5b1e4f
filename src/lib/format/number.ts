/**
 * Numbers as people read them, in the browser's locale: '1,234.5' in en-US, '1.234,5' in de-DE.
 * Every page, chart and table formats through here, so a figure reads the same everywhere. CSV
 * writers do not: a file keeps a machine-readable number (String(n)) whatever the reader's locale.
 */

export interface NumberStyle {
  /** Fraction digits always shown, and at most unless `maxDecimals` says more: 1 gives '12.0'. */
  decimals?: number
  /**
   * Fraction digits at most, trailing zeros beyond `decimals` dropped: 2 gives '12.35' and '12'.
   * @default `decimals`, else 3 (0 for percents)
   */
  maxDecimals?: number
  /** A leading '+' for a rise; zero stays unsigned. @default false */
  signed?: boolean
  /** '15K' for 15,000. @default false */
  compact?: boolean
}

const cache = new Map<string, Intl.NumberFormat>()

function numberFormat(style: NumberStyle, percent: boolean): Intl.NumberFormat {
  // The languages the browser prefers; in Node (unit tests) the process default.
  const languages = globalThis.navigator?.languages
  const { decimals, maxDecimals, signed, compact } = style
  // Charts and tables format thousands of cells: a string key, not JSON.stringify.
  const key = `${String(languages)}|${decimals}|${maxDecimals}|${signed}|${compact}|${percent}`
  let format = cache.get(key)
  if (!format) {
    format = new Intl.NumberFormat(languages, {
      style: percent ? 'percent' : 'decimal',
      minimumFractionDigits: decimals,
      maximumFractionDigits: maxDecimals ?? decimals,
      // 'negative': a figure that rounds to zero reads '0.00', never '-0.00'.
      signDisplay: signed ? 'exceptZero' : 'negative',
      notation: compact ? 'compact' : 'standard',
    })
    cache.set(key, format)
  }
  return format
}

/** What a figure without a value shows: no data is not zero. */
export const NO_VALUE = '–'

/** '1,234.5'; a count with `formatNumber(n)` ('12,480'); an en dash for no value. */
export const formatNumber = (value: number | null | undefined, style: NumberStyle = {}) =>
  value == null ? NO_VALUE : numberFormat(style, false).format(value)

/** A ratio as a percent: 0.125 gives '13%', or '12.5%' with `{ maxDecimals: 1 }`. */
export const formatPercent = (ratio: number, style: NumberStyle = {}) =>
  numberFormat(style, true).format(ratio)
