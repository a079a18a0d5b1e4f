import { describe, expect, it } from 'vitest'
import { rangePeriod } from './days'
import { granularityFor, intervalWindow, isCurrent, pastDay, shiftDay, zoomIn } from './view-window'

const at = (iso: string) => new Date(iso)

describe('intervalWindow', () => {
  it('daily: the current month, first day to the first of the next', () => {
    expect(intervalWindow('daily', at('2026-10-15T12:00:00Z'), 'Europe/Berlin', 'monday')).toEqual({
      granularity: 'daily',
      start: '2026-10-01T00:00:00+02:00',
      end: '2026-11-01T00:00:00+01:00',
    })
  })

  it('monthly: 12 months starting on the first day of the month 11 months ago', () => {
    expect(
      intervalWindow('monthly', at('2026-11-22T10:00:00Z'), 'Europe/Berlin', 'monday'),
    ).toEqual({
      granularity: 'monthly',
      start: '2025-12-01T00:00:00+01:00',
      end: '2026-12-01T00:00:00+01:00',
    })
  })

  it('monthly: crosses the year from January', () => {
    const w = intervalWindow('monthly', at('2026-01-31T23:59:00Z'), 'UTC', 'monday')
    expect(w.start).toBe('2025-02-01T00:00:00Z')
    expect(w.end).toBe('2026-02-01T00:00:00Z')
  })

  it('monthly: on the last day of a 31-day month the start is still a first of the month', () => {
    const w = intervalWindow('monthly', at('2026-05-31T12:00:00Z'), 'America/New_York', 'sunday')
    expect(w.start).toBe('2025-06-01T00:00:00-04:00')
  })

  it('weekly: 12 whole weeks ending with the current one', () => {
    const w = intervalWindow('weekly', at('2026-11-18T12:00:00Z'), 'UTC', 'monday')
    expect(w).toEqual({
      granularity: 'weekly',
      start: '2026-08-31T00:00:00Z',
      end: '2026-11-23T00:00:00Z',
    })
  })
})

describe('intervalWindow around a day from the URL', () => {
  const now = at('2026-11-22T10:00:00Z')

  it('hourly: that day, 25 hours when the clocks go back', () => {
    expect(intervalWindow('hourly', now, 'Europe/Berlin', 'monday', '2026-10-25')).toEqual({
      granularity: 'hourly',
      start: '2026-10-25T00:00:00+02:00',
      end: '2026-10-26T00:00:00+01:00',
    })
  })

  it('daily and monthly: the month of the day, and the 12 months ending with it', () => {
    expect(intervalWindow('daily', now, 'America/New_York', 'sunday', '2025-12-31')).toMatchObject({
      start: '2025-12-01T00:00:00-05:00',
      end: '2026-01-01T00:00:00-05:00',
    })
    expect(intervalWindow('monthly', now, 'UTC', 'monday', '2025-12-03')).toMatchObject({
      start: '2025-01-01T00:00:00Z',
      end: '2026-01-01T00:00:00Z',
    })
  })

  it('the day is read in the viewer zone, not the browser one', () => {
    // 1 Dec in Auckland is still 30 Nov in UTC: the window is Auckland's December.
    expect(intervalWindow('daily', now, 'Pacific/Auckland', 'monday', '2025-12-01').start).toBe(
      '2025-12-01T00:00:00+13:00',
    )
  })
})

describe('shiftDay, pastDay, isCurrent', () => {
  const now = at('2026-11-22T10:00:00Z')
  const zone = 'Europe/Berlin'

  it('moves a whole window: a day, a month, 12 weeks, 12 months', () => {
    expect(shiftDay('hourly', undefined, -1, now, zone)).toBe('2026-11-21')
    expect(shiftDay('daily', undefined, -1, now, zone)).toBe('2026-10-22')
    expect(shiftDay('daily', '2026-03-31', -1, now, zone)).toBe('2026-02-28')
    expect(shiftDay('weekly', undefined, -1, now, zone)).toBe('2026-08-30')
    expect(shiftDay('monthly', '2025-06-15', 1, now, zone)).toBe('2026-06-15')
  })

  it('comes back to today (no day) rather than go past it', () => {
    expect(shiftDay('daily', '2026-10-22', 1, now, zone)).toBeUndefined()
    expect(shiftDay('monthly', '2026-01-10', 1, now, zone)).toBeUndefined()
  })

  it('today and future days are today', () => {
    expect(pastDay('2026-11-21', now, zone)).toBe('2026-11-21')
    expect(pastDay('2026-11-22', now, zone)).toBeUndefined()
    expect(pastDay('2027-01-01', now, zone)).toBeUndefined()
  })

  it('a window is current while its end is ahead', () => {
    expect(isCurrent(intervalWindow('daily', now, zone, 'monday'), now)).toBe(true)
    expect(isCurrent(intervalWindow('daily', now, zone, 'monday', '2026-10-31'), now)).toBe(false)
  })
})

describe('zoomIn', () => {
  const now = at('2026-11-22T10:00:00Z')
  const zone = 'Europe/Berlin'

  it('opens a month into its days and a day into its hours, by the bar start in the zone', () => {
    // 1 Dec 2025 00:00 in Berlin is still 30 Nov in UTC.
    const december = Date.parse('2025-11-30T23:00:00Z')
    expect(zoomIn('monthly', december, now, zone)).toEqual({
      view: 'daily',
      date: '2025-12-01',
    })
    expect(zoomIn('daily', december, now, zone)).toEqual({
      view: 'hourly',
      date: '2025-12-01',
    })
  })

  it('today opens as today (no date) and hours open nothing', () => {
    expect(zoomIn('daily', Date.parse('2026-11-21T23:00:00Z'), now, zone)).toEqual({
      view: 'hourly',
      date: undefined,
    })
    expect(zoomIn('hourly', now.getTime(), now, zone)).toBeUndefined()
  })
})

describe('granularityFor', () => {
  it('chooses buckets by the length of the period', () => {
    const of = (from: string, to: string) =>
      granularityFor(rangePeriod({ from, to }, 'Europe/Berlin'))
    expect(of('2026-03-14', '2026-03-14')).toBe('hourly')
    expect(of('2026-03-08', '2026-03-14')).toBe('daily')
    expect(of('2026-03-01', '2026-03-31')).toBe('daily')
    expect(of('2026-01-01', '2026-12-31')).toBe('monthly')
    expect(granularityFor(rangePeriod({ from: '2026-01-01', to: '2026-03-31' }, 'UTC'))).toBe(
      'weekly',
    )
  })
})
