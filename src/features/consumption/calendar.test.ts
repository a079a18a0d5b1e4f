import { describe, expect, it } from 'vitest'
import { defaultPreferences } from '../settings/use-preferences'
import { calendarOf } from './calendar'

const browser = { timeZone: 'Europe/Berlin', weekStart: 'monday' } as const

describe('calendarOf', () => {
  it("takes the browser's zone and week start for a user who never saved preferences", () => {
    expect(calendarOf(defaultPreferences, browser)).toEqual(browser)
  })

  it("takes the browser's while the preferences are unknown", () => {
    expect(calendarOf(undefined, browser)).toEqual(browser)
  })

  it('takes saved preferences, even UTC once anything was changed', () => {
    expect(
      calendarOf({ ...defaultPreferences, timezone: 'Asia/Tokyo', week_start: 'sunday' }, browser),
    ).toEqual({ timeZone: 'Asia/Tokyo', weekStart: 'sunday' })
    expect(calendarOf({ ...defaultPreferences, theme: 'dark' }, browser)).toEqual({
      timeZone: 'UTC',
      weekStart: 'sunday',
    })
  })
})
