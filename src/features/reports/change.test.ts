import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { computeChange, costChange, difference, formatPercentChange, periodCost } from './change'

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

describe('cost and CO2 of a report', () => {
  const period = { total_cost: 2083.32, total_co2_kg: 2553.752, standing_charge: 12.6 }
  beforeEach(() => vi.stubGlobal('navigator', { languages: ['en-US'] }))
  afterEach(() => vi.unstubAllGlobals())

  it('names standing charges beside the energy charge', () => {
    expect(periodCost(period, 'EUR')).toBe('€2,083.32 · 2.55 t CO₂e, plus €12.60 standing charges')
    expect(periodCost({ ...period, standing_charge: null }, 'EUR')).toBe('€2,083.32 · 2.55 t CO₂e')
  })

  it('shows nothing where nothing is priced', () => {
    expect(periodCost({ total_cost: null, total_co2_kg: null, standing_charge: null }, null)).toBe(
      null,
    )
    expect(periodCost({ ...period, total_cost: null }, 'EUR')).toBe('2.55 t CO₂e')
  })

  it('signs a change, and has none where either side is missing', () => {
    expect(costChange({ absolute_cost: -127.91, absolute_co2_kg: -156.788 }, 'EUR')).toBe(
      '-€127.91 · -156.8 kg CO₂e',
    )
    expect(difference(3, null)).toBeNull()
    expect(difference(3, 1)).toBe(2)
  })
})
