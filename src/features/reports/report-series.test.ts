import { describe, expect, it } from 'vitest'
import { comparisonBuckets } from './report-series'

const day = (d: number, kwh: number, partial = false) => ({
  start: `2026-03-${String(d).padStart(2, '0')}T00:00:00Z`,
  kwh,
  partial,
  estimated: false,
})
const prevDay = (d: number, kwh: number) => ({
  start: `2026-02-${String(d).padStart(2, '0')}T00:00:00Z`,
  kwh,
  partial: false,
  estimated: false,
})

describe('comparisonBuckets', () => {
  it('pairs buckets by position and leaves buckets that have not started unknown', () => {
    const buckets = comparisonBuckets(
      {
        current: [day(1, 10), day(2, 12, true), day(3, 0)],
        previous: [prevDay(1, 9), prevDay(2, 11), prevDay(3, 14)],
      },
      new Date('2026-03-02T12:00:00Z'),
    )
    expect(buckets).toEqual([
      {
        start: '2026-03-01T00:00:00Z',
        previousStart: '2026-02-01T00:00:00Z',
        current: 10,
        previous: 9,
        partial: false,
        currentEstimated: false,
        previousEstimated: false,
      },
      {
        start: '2026-03-02T00:00:00Z',
        previousStart: '2026-02-02T00:00:00Z',
        current: 12,
        previous: 11,
        partial: true,
        currentEstimated: false,
        previousEstimated: false,
      },
      {
        start: '2026-03-03T00:00:00Z',
        previousStart: '2026-02-03T00:00:00Z',
        current: null,
        previous: 14,
        partial: false,
        currentEstimated: false,
        previousEstimated: false,
      },
    ])
  })

  it('extends a shorter current period with unknown buckets one step apart', () => {
    const buckets = comparisonBuckets(
      { current: [day(1, 1), day(2, 2)], previous: [prevDay(1, 1), prevDay(2, 2), prevDay(3, 3)] },
      new Date('2026-04-01T00:00:00Z'),
    )
    expect(buckets[2]).toEqual({
      start: '2026-03-03T00:00:00.000Z',
      previousStart: '2026-02-03T00:00:00Z',
      current: null,
      previous: 3,
      partial: false,
      currentEstimated: false,
      previousEstimated: false,
    })
  })
})
