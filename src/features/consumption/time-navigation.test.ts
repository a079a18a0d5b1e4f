import { describe, expect, it } from 'vitest'
import { intervalWindow } from '~/lib/periods/view-window'
import { crumbsOf, windowTitle } from './time-navigation'

const now = new Date('2026-11-22T10:00:00Z')
const zone = 'Europe/Berlin'
const around = (view: Parameters<typeof intervalWindow>[0], day?: string) =>
  intervalWindow(view, now, zone, 'monday', day)

describe('windowTitle', () => {
  it('names past windows by their dates, with four-digit years', () => {
    expect(windowTitle(around('monthly', '2025-12-03'), false, zone)).toBe(
      'Jan 2025 – Dec 2025, per month',
    )
    expect(windowTitle(around('weekly', '2026-09-01'), false, zone)).toBe(
      '15 Jun 2026 – 6 Sep 2026, per week',
    )
    expect(windowTitle(around('hourly', '2026-10-25'), false, zone)).toBe(
      'Sunday 25 October 2026, per hour',
    )
  })

  it('keeps the running windows as they were', () => {
    expect(windowTitle(around('monthly'), true, zone)).toBe('Last 12 months, per month')
    expect(windowTitle(around('weekly'), true, zone)).toBe('Last 12 weeks, per week')
    expect(windowTitle(around('daily'), true, zone)).toBe('November 2026, per day')
  })
})

describe('crumbsOf', () => {
  it('leads from an hour view up through its month to its 12 months', () => {
    const crumbs = crumbsOf(around('hourly', '2025-08-03'), '2025-08-03', zone)
    expect(crumbs.map((c) => c.label)).toEqual([
      '12 months to Aug 2025',
      'August 2025',
      'Sun 3 Aug 2025',
    ])
    expect(crumbs[0]!.target).toEqual({ view: 'monthly', date: '2025-08-03' })
  })

  it('has none at the top (weekly, monthly)', () => {
    expect(crumbsOf(around('monthly'), undefined, zone)).toEqual([])
    expect(crumbsOf(around('weekly'), undefined, zone)).toEqual([])
  })
})
