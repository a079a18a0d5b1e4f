import { TZDate } from '@date-fns/tz'
import { addDays, addMonths, startOfDay, startOfMonth, startOfWeek } from 'date-fns'
import { describe, expect, it } from 'vitest'
import { nextUnit, unitStart } from '../modules/energy/windows.ts'
import { instantOf, isoWithOffset, offsetAt } from './zone-clock.ts'
import { prng } from '../seed/random.ts'

// Zones with half- and quarter-hour offsets, 30-minute DST, negative DST, DST at midnight.
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'Europe/Dublin',
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'Pacific/Apia',
]

/** The same calendar steps through date-fns' TZDate (slow, but independent). */
const reference = {
  iso: (ms: number, tz: string) => new TZDate(ms, tz).toISOString().replace(/\.000(?=[+-Z])/, ''),
  day: (ms: number, tz: string) => startOfDay(new TZDate(ms, tz)).getTime(),
  week: (ms: number, tz: string) => startOfWeek(new TZDate(ms, tz), { weekStartsOn: 1 }).getTime(),
  month: (ms: number, tz: string) => startOfMonth(new TZDate(ms, tz)).getTime(),
  nextDay: (ms: number, tz: string) => startOfDay(addDays(new TZDate(ms, tz), 1)).getTime(),
  nextMonth: (ms: number, tz: string) => startOfMonth(addMonths(new TZDate(ms, tz), 1)).getTime(),
}

describe('zone clock', () => {
  it('agrees with date-fns/tz on offsets, local midnights, weeks and months', () => {
    const random = prng(3)
    const from = Date.parse('1990-01-01T00:00:00Z')
    const span = Date.parse('2040-01-01T00:00:00Z') - from
    for (let i = 0; i < 3000; i++) {
      const tz = ZONES[i % ZONES.length]!
      const ms = from + Math.floor(random() * span)
      const at = new Date(ms)
      const where = `${tz} ${at.toISOString()}`
      expect(isoWithOffset(ms, tz), where).toBe(reference.iso(ms, tz))
      const day = unitStart(at, 'daily', tz).getTime()
      expect(day, where).toBe(reference.day(ms, tz))
      expect(unitStart(at, 'weekly', tz, 'monday').getTime(), where).toBe(reference.week(ms, tz))
      const month = unitStart(at, 'monthly', tz).getTime()
      expect(month, where).toBe(reference.month(ms, tz))
      expect(nextUnit(new Date(day), 'daily', tz).getTime(), where).toBe(reference.nextDay(day, tz))
      expect(nextUnit(new Date(month), 'monthly', tz).getTime(), where).toBe(
        reference.nextMonth(month, tz),
      )
    }
  })

  it('agrees on every hour of the days the clocks change in 2026', () => {
    const DAY = 86_400_000
    for (const tz of ZONES) {
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += DAY) {
        if (offsetAt(day, tz) === offsetAt(day + 2 * DAY, tz)) continue
        for (let ms = day; ms < day + 2 * DAY; ms += 1_800_000) {
          const where = `${tz} ${new Date(ms).toISOString()}`
          expect(isoWithOffset(ms, tz), where).toBe(reference.iso(ms, tz))
          const start = unitStart(new Date(ms), 'daily', tz).getTime()
          expect(start, where).toBe(reference.day(ms, tz))
          expect(nextUnit(new Date(start), 'daily', tz).getTime()).toBe(
            reference.nextDay(start, tz),
          )
        }
        day += DAY
      }
    }
  })

  it('resolves a repeated wall time to the earlier instant and a skipped one to the change', () => {
    // Berlin, 25 Oct 2026: 02:30 happens at 00:30Z (+02:00) and 01:30Z (+01:00).
    expect(instantOf(Date.UTC(2026, 9, 25, 2, 30), 'Europe/Berlin')).toBe(
      Date.parse('2026-10-25T00:30:00Z'),
    )
    // Berlin, 29 Mar 2026: 02:30 never happens; clocks jump from 02:00 to 03:00 at 01:00Z.
    expect(instantOf(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Berlin')).toBe(
      Date.parse('2026-03-29T01:00:00Z'),
    )
    expect(offsetAt(Date.parse('2026-05-09T18:30:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000)
  })

  it('keeps years 0-99 where they are (Date.UTC reads them as 1900-1999)', () => {
    const yearOne = Date.parse('0001-01-01T00:00:00Z')
    expect(offsetAt(yearOne, 'UTC')).toBe(0)
    expect(isoWithOffset(yearOne, 'UTC')).toBe('0001-01-01T00:00:00+00:00')
    expect(unitStart(new Date(yearOne + 3_600_000), 'daily', 'UTC').getTime()).toBe(yearOne)
  })
})
