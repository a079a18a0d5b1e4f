import { describe, expect, it } from 'vitest'
import { kwhAsEnteredText, quantityText } from './quantity-text.ts'

describe("the server's sentences write figures at the console's precision", () => {
  it('gives each unit its decimals, trailing zeros included', () => {
    expect(quantityText(570.43, 'kWh')).toBe('570.43 kWh')
    expect(quantityText(500, 'kWh')).toBe('500.00 kWh')
    expect(quantityText(14_318, 'kWh')).toBe('14,318.00 kWh')
    expect(quantityText(1.2, 'MWh')).toBe('1.200 MWh')
    expect(quantityText(3120.4, 'W')).toBe('3,120 W')
    expect(quantityText(-0.001, 'kWh')).toBe('0.00 kWh')
    expect(quantityText(5, '')).toBe('5.00')
  })

  it('names a typed meter value and its bound with a third decimal only where it has one', () => {
    expect(kwhAsEnteredText(510)).toBe('510.00 kWh')
    expect(kwhAsEnteredText(105.504)).toBe('105.504 kWh')
  })
})
