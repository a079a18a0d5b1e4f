import { describe, expect, it } from 'vitest'
import { formatBill } from './billing-cycle'

describe('formatBill', () => {
  it('names a bill’s days, both ends included, in the group’s timezone', () => {
    expect(formatBill(new Date('2026-11-08T00:00:00+01:00'), 'Europe/Berlin')).toBe(
      '8 Nov – 7 Dec 2026',
    )
    // A bill across daylight saving's end starts and ends at local midnight all the same.
    expect(formatBill(new Date('2026-10-08T00:00:00+02:00'), 'Europe/Berlin')).toBe(
      '8 Oct – 7 Nov 2026',
    )
  })

  it('names both years across New Year', () => {
    expect(formatBill(new Date('2026-12-28T00:00:00-05:00'), 'America/New_York')).toBe(
      '28 Dec 2026 – 27 Jan 2027',
    )
  })
})
