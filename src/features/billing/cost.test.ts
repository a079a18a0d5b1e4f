import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { costChange, periodCost } from './cost'

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

  it('signs a change', () => {
    expect(costChange({ absolute_cost: -127.91, absolute_co2_kg: -156.788 }, 'EUR')).toBe(
      '-€127.91 · -156.8 kg CO₂e',
    )
  })
})
