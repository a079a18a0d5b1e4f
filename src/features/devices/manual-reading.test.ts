import { describe, expect, it } from 'vitest'
import { validateManualReading } from './manual-reading'

const now = new Date('2026-11-22T10:00:00Z')
const previous = { kwh: 22_431.3, at: '2026-11-22T09:45:00Z' }

describe('validateManualReading', () => {
  it('accepts a value at or above the previous reading', () => {
    expect(
      validateManualReading({ kwh: 22_431.3, timestamp: null, isReset: false }, previous, now),
    ).toEqual({})
    expect(
      validateManualReading({ kwh: 22_500, timestamp: null, isReset: false }, previous, now),
    ).toEqual({})
  })
  it('refuses a value below the previous reading unless marked as a reset', () => {
    expect(
      validateManualReading({ kwh: 100, timestamp: null, isReset: false }, previous, now).kwh,
    ).toMatch(/^Below the previous reading of 22,431\.30 kWh\. /)
    expect(
      validateManualReading({ kwh: 100, timestamp: null, isReset: true }, previous, now),
    ).toEqual({})
  })
  it('names a bound with watt-hours as such, not rounded to what was typed', () => {
    const exact = { ...previous, kwh: 22_431.304 }
    expect(
      validateManualReading({ kwh: 22_431.3, timestamp: null, isReset: false }, exact, now).kwh,
    ).toMatch(/^Below the previous reading of 22,431\.304 kWh\. /)
  })
  it('lets a back-dated reading be lower than a later one', () => {
    expect(
      validateManualReading(
        { kwh: 100, timestamp: '2026-01-01T00:00:00Z', isReset: false },
        previous,
        now,
      ),
    ).toEqual({})
  })
  it('refuses non-numbers, negatives and future times', () => {
    expect(
      validateManualReading({ kwh: Number.NaN, timestamp: null, isReset: false }, null, now).kwh,
    ).toBe('Enter the meter value as a number.')
    expect(validateManualReading({ kwh: -1, timestamp: null, isReset: true }, null, now).kwh).toBe(
      'A meter value cannot be negative.',
    )
    expect(
      validateManualReading({ kwh: 1e12 + 1, timestamp: null, isReset: true }, null, now).kwh,
    ).toBe('A meter value is at most 1,000,000,000,000 kWh.')
    expect(validateManualReading({ kwh: 1e12, timestamp: null, isReset: true }, null, now)).toEqual(
      {},
    )
    expect(
      validateManualReading(
        { kwh: 1, timestamp: '2026-11-23T00:00:00Z', isReset: false },
        null,
        now,
      ).timestamp,
    ).toBe('The reading cannot be in the future.')
  })
  it('has nothing to compare without a previous reading', () => {
    expect(validateManualReading({ kwh: 0, timestamp: null, isReset: false }, null, now)).toEqual(
      {},
    )
  })
  it('checks an export value only when one was typed, with the bounds of a meter value', () => {
    const input = { kwh: 22_500, timestamp: null, isReset: false }
    expect(validateManualReading({ ...input, export_kwh: Number.NaN }, previous, now)).toEqual({})
    expect(validateManualReading({ ...input, export_kwh: 0 }, previous, now)).toEqual({})
    expect(validateManualReading({ ...input, export_kwh: -1 }, previous, now)).toEqual({
      export_kwh: 'An export value cannot be negative.',
    })
    expect(validateManualReading({ ...input, export_kwh: 1e12 + 1 }, previous, now)).toEqual({
      export_kwh: 'An export value is at most 1,000,000,000,000 kWh.',
    })
  })
})
