import { describe, expect, it } from 'vitest'
import { errorsAfterChange, validateManualReading } from './manual-reading'

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
    ).toMatch(/^Below the previous reading of 22,431.3 kWh/)
    expect(
      validateManualReading({ kwh: 100, timestamp: null, isReset: true }, previous, now),
    ).toEqual({})
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
})

describe('errorsAfterChange', () => {
  const below = { kwh: 'Below the previous reading' }
  it('drops a message once its input is corrected', () => {
    const input = { kwh: 22_500, timestamp: null, isReset: false }
    expect(errorsAfterChange(below, 'kwh', input, previous, now)).toEqual({})
    // Marking the reset fixes a low value too.
    const reset = { kwh: 100, timestamp: null, isReset: true }
    expect(errorsAfterChange(below, 'isReset', reset, previous, now)).toEqual({})
  })
  it('keeps a message that still applies, in its current words', () => {
    const input = { kwh: -1, timestamp: null, isReset: false }
    expect(errorsAfterChange(below, 'kwh', input, previous, now)).toEqual({
      kwh: 'A meter value cannot be negative.',
    })
  })
  it("clears the server's message about the time when the time changes, not when the value does", () => {
    const taken = {
      timestamp: 'A reading for this device already exists at that time.',
      photo: 'x',
    }
    const input = { kwh: 22_500, timestamp: '2026-11-22T09:50:00Z', isReset: false }
    expect(errorsAfterChange(taken, 'kwh', input, previous, now)).toEqual(taken)
    expect(errorsAfterChange(taken, 'timestamp', input, previous, now)).toEqual({ photo: 'x' })
  })
  it('adds no message before the next save', () => {
    const input = { kwh: -1, timestamp: null, isReset: false }
    expect(errorsAfterChange({}, 'kwh', input, previous, now)).toEqual({})
  })
})
