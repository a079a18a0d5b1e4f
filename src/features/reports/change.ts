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

const kwhFormat = new Intl.NumberFormat('en-GB', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
})
const signedKwhFormat = new Intl.NumberFormat('en-GB', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  signDisplay: 'exceptZero',
})
const percentFormat = new Intl.NumberFormat('en-GB', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  signDisplay: 'exceptZero',
})

/** '1,234.5 kWh'; the unit is the report's ('kWh' or 'kWh/day'). */
export const formatEnergy = (value: number, unit = 'kWh') => `${kwhFormat.format(value)} ${unit}`

/** '+54.3 kWh' / '−12.0 kWh'. */
export const formatEnergyChange = (value: number, unit = 'kWh') =>
  `${signedKwhFormat.format(value)} ${unit}`

/** '+4.6%', '−5.8%', '0.0%', or 'N/A' when there is nothing to compare with (spec §5). */
export const formatPercentChange = (percent: number | null) =>
  percent === null ? 'N/A' : `${percentFormat.format(percent)}%`

/** Which way a change points, for its icon and tone: more energy is 'up'. */
export const changeDirection = (absolute: number) =>
  absolute > 0 ? 'up' : absolute < 0 ? 'down' : 'flat'

/**
 * Sums of the buckets both periods have, for a like-for-like comparison of a period still in
 * progress: this month so far against the same days of last month.
 */
export function toDateTotals(
  current: readonly (number | null)[],
  previous: readonly (number | null)[],
) {
  let cur = 0
  let prev = 0
  let buckets = 0
  for (let i = 0; i < current.length; i++) {
    const c = current[i]
    const p = previous[i]
    if (c === null || c === undefined || p === null || p === undefined) continue
    cur += c
    prev += p
    buckets++
  }
  return { current: cur, previous: prev, buckets }
}
