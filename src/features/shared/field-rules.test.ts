import { describe, expect, it } from 'vitest'
import { atLeastChars, checks, emailAddress, filled, numberGiven } from './field-rules'

describe('field rules', () => {
  const email = checks(filled('Enter an e-mail address.'), emailAddress)
  it('say what is missing or wrong in our words, first problem first', () => {
    expect(email('  ')).toBe('Enter an e-mail address.')
    expect(email('ops@')).toBe('Enter an e-mail address such as name@example.com.')
    expect(email('ops@harbor.example')).toBeNull()
  })
  it('let empty optional values pass the format checks', () => {
    expect(atLeastChars(12)('')).toBeNull()
    expect(atLeastChars(12)('short')).toBe('Use at least 12 characters.')
    expect(emailAddress('')).toBeNull()
  })
  it('treat an emptied number field as missing', () => {
    expect(numberGiven('Enter the minutes.')(Number.NaN)).toBe('Enter the minutes.')
    expect(numberGiven('Enter the minutes.')(0)).toBeNull()
  })
})
