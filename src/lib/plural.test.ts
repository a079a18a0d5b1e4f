import { describe, expect, it } from 'vitest'
import { plural } from './plural'

describe('plural', () => {
  it('puts the noun in the number the count needs', () => {
    expect(plural(1, 'member')).toBe('1 member')
    expect(plural(0, 'member')).toBe('0 members')
    expect(plural(1204, 'device')).toBe('1,204 devices')
    expect(plural(2, 'entry', 'entries')).toBe('2 entries')
  })
})
