import { describe, expect, it } from 'vitest'
import { dayOf, dayStart, formatPeriod, periodDays, rangePeriod, weekStartFor } from './days'

describe('ranges and labels', () => {
  it('refuses a range that ends before it starts, and malformed days', () => {
    expect(() => rangePeriod({ from: '2026-03-10', to: '2026-03-01' }, 'UTC')).toThrow(
      /before it starts/,
    )
    expect(() => dayStart('14.03.2026', 'UTC')).toThrow(/yyyy-MM-dd/)
  })

  it('turns a period back into the days it covers', () => {
    const current = {
      start: dayStart('2026-03-01', 'Europe/Berlin'),
      end: dayStart('2026-04-01', 'Europe/Berlin'),
    }
    expect(periodDays(current, 'Europe/Berlin')).toEqual({ from: '2026-03-01', to: '2026-03-31' })
    expect(formatPeriod(current, 'Europe/Berlin')).toBe('1 Mar – 31 Mar 2026')
  })

  it('labels one day and a range across a year end', () => {
    expect(formatPeriod(rangePeriod({ from: '2026-03-14', to: '2026-03-14' }, 'UTC'), 'UTC')).toBe(
      '14 Mar 2026',
    )
    expect(formatPeriod(rangePeriod({ from: '2025-12-20', to: '2026-01-05' }, 'UTC'), 'UTC')).toBe(
      '20 Dec 2025 – 5 Jan 2026',
    )
  })
})

describe('dayOf', () => {
  const zone = 'Europe/Berlin'

  it('dayOf reads an instant in the zone', () => {
    expect(dayOf('2026-11-21T23:30:00Z', zone)).toBe('2026-11-22')
    expect(dayOf('2026-11-21T23:30:00Z', 'UTC')).toBe('2026-11-21')
  })
})

describe('weekStartFor', () => {
  it.each([
    ['en-US', 'sunday'],
    ['de-DE', 'monday'],
    ['en-GB', 'monday'],
    ['ar-EG', 'sunday'],
  ] as const)('%s starts weeks on %s', (locale, expected) => {
    expect(weekStartFor(locale)).toBe(expected)
  })

  it('falls back to ISO Monday for a locale it cannot read', () => {
    expect(weekStartFor('not a locale!')).toBe('monday')
  })
})
