import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatCo2, formatCost, formatCostCo2 } from '.'

const browserLanguages = (...languages: string[]) => vi.stubGlobal('navigator', { languages })
afterEach(() => vi.unstubAllGlobals())

describe('cost in the answer’s currency, in the browser’s locale', () => {
  it('reads en-US', () => {
    browserLanguages('en-US')
    expect(formatCost(1234.5, 'EUR')).toBe('€1,234.50')
    expect(formatCost(41.04, 'USD')).toBe('$41.04')
    expect(formatCost(12.5, 'GBP', { signed: true })).toBe('+£12.50')
    expect(formatCost(-127.91, 'EUR', { signed: true })).toBe('-€127.91')
    expect(formatCost(0, 'EUR', { signed: true })).toBe('€0.00')
    expect(formatCost(41, 'EUR')).toBe('€41.00')
  })

  it('reads de-DE the German way, and keeps a currency’s own decimals', () => {
    browserLanguages('de-DE')
    expect(formatCost(1234.5, 'EUR')).toBe('1.234,50\u00a0€')
    expect(formatCost(1234.5, 'JPY')).toBe('1.235\u00a0¥')
  })

  it('gives an en dash without a value or without a currency', () => {
    expect(formatCost(null, 'EUR')).toBe('–')
    expect(formatCost(12, null)).toBe('–')
  })
})

describe('CO2 in kg, and in t from 1,000 kg', () => {
  it('switches unit at a tonne', () => {
    browserLanguages('en-US')
    expect(formatCo2(50.312)).toBe('50.3 kg CO₂e')
    expect(formatCo2(999.94)).toBe('999.9 kg CO₂e')
    expect(formatCo2(2553.752)).toBe('2.55 t CO₂e')
    expect(formatCo2(-156.788, { signed: true })).toBe('-156.8 kg CO₂e')
    expect(formatCo2(1200, { signed: true })).toBe('+1.20 t CO₂e')
    expect(formatCo2(null)).toBe('–')
  })

  it('keeps one decimal in kg and two in t, trailing zeros included', () => {
    browserLanguages('en-US')
    expect(formatCo2(50)).toBe('50.0 kg CO₂e')
    expect(formatCo2(0)).toBe('0.0 kg CO₂e')
    expect(formatCo2(2500)).toBe('2.50 t CO₂e')
    // What rounds to a tonne is written in tonnes, not '1,000.0 kg'.
    expect(formatCo2(999.96)).toBe('1.00 t CO₂e')
  })

  it('uses the browser’s decimal separator', () => {
    browserLanguages('de-DE')
    expect(formatCo2(2553.752)).toBe('2,55 t CO₂e')
  })
})

describe('cost and CO2 beside a kWh figure', () => {
  it('shows what there is, and nothing when there is neither', () => {
    browserLanguages('en-US')
    expect(formatCostCo2(41.04, 50.312, 'EUR')).toBe('€41.04 · 50.3 kg CO₂e')
    expect(formatCostCo2(41.04, null, 'EUR')).toBe('€41.04')
    expect(formatCostCo2(null, 50.312, null)).toBe('50.3 kg CO₂e')
    expect(formatCostCo2(41.04, null, null)).toBeNull()
    expect(formatCostCo2(null, null, 'EUR')).toBeNull()
  })
})
