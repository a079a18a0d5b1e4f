import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  formatKwh,
  formatKwhAsEntered,
  formatQuantity,
  formatQuantityFigure,
  unitDecimals,
} from '.'

const browserLanguages = (...languages: string[]) => vi.stubGlobal('navigator', { languages })
afterEach(() => vi.unstubAllGlobals())

describe('one precision per unit', () => {
  it('gives each unit its decimals', () => {
    expect(unitDecimals('kWh')).toBe(2)
    expect(unitDecimals('kWh/day')).toBe(2)
    expect(unitDecimals('kW')).toBe(2)
    expect(unitDecimals('MWh')).toBe(3)
    expect(unitDecimals('W')).toBe(0)
    expect(unitDecimals('Wh')).toBe(0)
    expect(unitDecimals('V')).toBe(1)
    expect(unitDecimals('m³')).toBe(2)
    expect(unitDecimals('')).toBe(2)
  })

  it('shows a kWh figure with two decimals, trailing zeros included', () => {
    browserLanguages('en-US')
    // The walk's two findings: 213.99 on the list and 214 on the overview; 14,318 beside 14,318.0.
    expect(formatKwh(213.99)).toBe('213.99 kWh')
    expect(formatKwh(214)).toBe('214.00 kWh')
    expect(formatKwh(213.994)).toBe('213.99 kWh')
    expect(formatKwh(14_318)).toBe('14,318.00 kWh')
    expect(formatKwh(0)).toBe('0.00 kWh')
    expect(formatKwh(-0.004)).toBe('0.00 kWh')
    expect(formatKwh(-0.004, { signed: true })).toBe('0.00 kWh')
  })

  it('keeps one precision down a column', () => {
    browserLanguages('en-US')
    const column = [91.1, 333.53, 0, 1234.5, 44.8, 87_543.4].map((kwh) => formatKwh(kwh))
    for (const cell of column) expect(cell).toMatch(/^[\d,]+\.\d\d kWh$/)
  })

  it('writes the figure alone for a stat whose unit stands beside it', () => {
    browserLanguages('en-US')
    expect(formatQuantityFigure(847.7, 'kWh')).toBe('847.70')
    expect(formatQuantityFigure(66_734.66, 'kWh/day')).toBe('66,734.66')
    expect(formatQuantityFigure(54.3, 'kWh', { signed: true })).toBe('+54.30')
    expect(formatQuantityFigure(null, 'kWh')).toBe('–')
  })

  it('formats any unit by its rule, a unitless figure without a trailing space', () => {
    browserLanguages('en-US')
    expect(formatQuantity(3120.4, 'W')).toBe('3,120 W')
    expect(formatQuantity(3.12, 'kW')).toBe('3.12 kW')
    expect(formatQuantity(1.2, 'MWh')).toBe('1.200 MWh')
    expect(formatQuantity(230, 'V')).toBe('230.0 V')
    expect(formatQuantity(-12, 'kWh', { signed: true })).toBe('-12.00 kWh')
    expect(formatQuantity(0, 'kWh', { signed: true })).toBe('0.00 kWh')
    expect(formatQuantity(5, '')).toBe('5.00')
    expect(formatQuantity(undefined, 'W')).toBe('–')
  })

  it('names a typed value’s bound with the field’s third decimal only where it has one', () => {
    browserLanguages('en-US')
    expect(formatKwhAsEntered(105.5)).toBe('105.50 kWh')
    expect(formatKwhAsEntered(105.504)).toBe('105.504 kWh')
    expect(formatKwhAsEntered(14_318.12549)).toBe('14,318.125 kWh')
  })

  it('uses the browser’s separators', () => {
    browserLanguages('de-DE')
    expect(formatKwh(14_318)).toBe('14.318,00 kWh')
    expect(formatQuantityFigure(213.99, 'kWh')).toBe('213,99')
  })
})
