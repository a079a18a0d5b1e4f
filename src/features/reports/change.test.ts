import { describe, expect, it } from 'vitest'
import { computeChange, difference, formatPercentChange } from './change'

describe('computeChange', () => {
  it('gives the absolute and percent change from previous to current', () => {
    expect(computeChange(1234.5, 1180.25)).toEqual({
      absolute: 54.25,
      percent: (54.25 / 1180.25) * 100,
    })
    expect(computeChange(6720.4, 7133).percent).toBeCloseTo(-5.785, 2)
  })

  it('has no percent when the previous period is 0', () => {
    expect(computeChange(12, 0)).toEqual({ absolute: 12, percent: null })
    expect(computeChange(0, 0)).toEqual({ absolute: 0, percent: null })
  })

  it('reads a drop to nothing as -100%', () => {
    expect(computeChange(0, 40)).toEqual({ absolute: -40, percent: -100 })
  })
})

describe('formatting', () => {
  it('shows N/A for a percent that cannot be computed, one decimal and a sign otherwise', () => {
    expect(formatPercentChange(null)).toBe('N/A')
    expect(formatPercentChange(4.5966)).toBe('+4.6%')
    expect(formatPercentChange(-5.78)).toBe('-5.8%')
    expect(formatPercentChange(0)).toBe('0.0%')
  })
})

describe('difference', () => {
  it('has none where either side is missing', () => {
    expect(difference(3, null)).toBeNull()
    expect(difference(3, 1)).toBe(2)
  })
})
