import { describe, expect, it } from 'vitest'
import { billAt, formatBill } from './billing-cycle'

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

  it('agrees with the bill billAt computes', () => {
    const cycle = { startDay: 8, timeZone: 'Asia/Kolkata', currency: 'INR' }
    const bill = billAt(cycle, new Date('2026-11-27T12:00:00Z'), -1)
    expect(formatBill(bill.start, cycle.timeZone)).toBe('8 Oct – 7 Nov 2026')
  })
})
