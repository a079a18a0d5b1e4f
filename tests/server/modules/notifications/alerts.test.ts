import { describe, expect, it } from 'vitest'
import { thresholdAlert, windowPhrase } from '~/server/modules/notifications/alerts.ts'

const berlin = 'Europe/Berlin'

describe('a threshold alert names its window as a person writes it', () => {
  it('says the day it was, not the midnight that ended it (issue 32)', () => {
    const end = new Date('2026-11-27T23:00:00Z') // 28 Nov 2026, 00:00 in Berlin
    const alert = thresholdAlert(
      { id: 'd1', name: 'Fleet garage', location: null },
      { threshold: 500, actual: 570.43, unit: 'kWh', window: 'DAILY', end, timezone: berlin },
    )
    expect(alert.message).toBe(
      'Fleet garage used 570.43 kWh on 27 Nov 2026, above the threshold of 500.00 kWh.',
    )
  })

  it('names hours, weeks and months in the group timezone, across a clock change', () => {
    expect(windowPhrase('HOURLY', new Date('2026-03-10T09:00:00Z'), berlin)).toBe(
      'between 09:00 and 10:00 on 10 Mar 2026',
    )
    expect(windowPhrase('HOURLY', new Date('2026-03-10T23:00:00Z'), berlin)).toBe(
      'between 23:00 and 00:00 on 10 Mar 2026',
    )
    // Monday 30 Mar 2026 00:00 in Berlin, after the spring change: the week of 23 to 29 March.
    expect(windowPhrase('WEEKLY', new Date('2026-03-29T22:00:00Z'), berlin)).toBe(
      'in the week from 23 Mar to 29 Mar 2026',
    )
    expect(windowPhrase('MONTHLY', new Date('2026-11-30T23:00:00Z'), berlin)).toBe(
      'in November 2026',
    )
  })
})
