import { describe, expect, it } from 'vitest'
import {
  consumptionSearch,
  debugSearch,
  devicesSearch,
  loginSearch,
  notificationsSearch,
  usersSearch,
} from './search-params'

describe('search parameters (spec §2, §5)', () => {
  it('notifications tab is history or rules, case-insensitive, others dropped', () => {
    expect(notificationsSearch.parse({ tab: 'RULES' })).toEqual({ tab: 'rules' })
    expect(notificationsSearch.parse({ tab: 'History' })).toEqual({ tab: 'history' })
    expect(notificationsSearch.parse({ tab: 'inbox' }).tab).toBeUndefined()
  })
  it('users page is groups or users, otherwise ignored', () => {
    expect(usersSearch.parse({ page: 'groups' })).toEqual({ page: 'groups' })
    expect(usersSearch.parse({ page: 'admins' }).page).toBeUndefined()
  })
  it('debug tab is logs or profiling, default logs', () => {
    expect(debugSearch.parse({})).toEqual({ tab: 'logs' })
    expect(debugSearch.parse({ tab: 'profiling' })).toEqual({ tab: 'profiling' })
    expect(debugSearch.parse({ tab: 'sql' })).toEqual({ tab: 'logs' })
  })
  it('consumption view is daily, weekly or monthly, default daily', () => {
    expect(consumptionSearch.parse({})).toEqual({ view: 'daily' })
    expect(consumptionSearch.parse({ view: 'monthly' })).toEqual({ view: 'monthly' })
    expect(consumptionSearch.parse({ view: 'yearly' })).toEqual({ view: 'daily' })
    expect(consumptionSearch.parse({ view: 'hourly' }).view).toBe('hourly')
  })
  it('consumption date is a real calendar day, anything else dropped', () => {
    expect(consumptionSearch.parse({ date: '2025-12-03' }).date).toBe('2025-12-03')
    for (const date of ['2025-02-30', '2025-13-01', '3 Dec 2025', '2025-12-3', 20251203])
      expect(consumptionSearch.parse({ date }).date).toBeUndefined()
  })
  it('login redirect is left out for the login page, the root and other origins', () => {
    expect(loginSearch.parse({ redirect: '/devices?x=1' })).toEqual({ redirect: '/devices?x=1' })
    expect(loginSearch.parse({ redirect: '/login' }).redirect).toBeUndefined()
    expect(loginSearch.parse({ redirect: '/' }).redirect).toBeUndefined()
    expect(loginSearch.parse({ redirect: 'https://evil.example' }).redirect).toBeUndefined()
  })
  it('device list filters fall back instead of failing', () => {
    expect(devicesSearch.parse({ page: 'abc', status: 'broken', search: 'meter' })).toEqual({
      search: 'meter',
      page: undefined,
      status: undefined,
    })
  })
})
