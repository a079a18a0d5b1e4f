import { describe, expect, it } from 'vitest'
import { toIso, type PeriodPair } from '~/lib/periods/days'
import { presetPeriods } from './report-periods'

const iso = ({ current, previous }: PeriodPair) => ({
  current: [toIso(current.start), toIso(current.end)],
  previous: [toIso(previous.start), toIso(previous.end)],
})
const berlin = { timeZone: 'Europe/Berlin', weekStart: 'sunday' as const }
// Saturday 14 March 2026, 11:00 in Berlin.
const now = new Date('2026-03-14T10:00:00Z')

describe('presetPeriods', () => {
  it('compares this month with last month as true calendar months', () => {
    expect(iso(presetPeriods('this_month', { ...berlin, now }))).toEqual({
      current: ['2026-03-01T00:00:00+01:00', '2026-04-01T00:00:00+02:00'],
      previous: ['2026-02-01T00:00:00+01:00', '2026-03-01T00:00:00+01:00'],
    })
  })

  it('compares last month with the month before, across a year end', () => {
    expect(
      iso(presetPeriods('last_month', { ...berlin, now: new Date('2026-01-10T12:00:00Z') })),
    ).toEqual({
      current: ['2025-12-01T00:00:00+01:00', '2026-01-01T00:00:00+01:00'],
      previous: ['2025-11-01T00:00:00+01:00', '2025-12-01T00:00:00+01:00'],
    })
  })

  it('starts weeks on Sunday by default (spec §9)', () => {
    expect(iso(presetPeriods('this_week', { ...berlin, now }))).toEqual({
      current: ['2026-03-08T00:00:00+01:00', '2026-03-15T00:00:00+01:00'],
      previous: ['2026-03-01T00:00:00+01:00', '2026-03-08T00:00:00+01:00'],
    })
  })

  it('starts weeks on Monday when the user prefers it', () => {
    expect(iso(presetPeriods('this_week', { ...berlin, weekStart: 'monday', now }))).toEqual({
      current: ['2026-03-09T00:00:00+01:00', '2026-03-16T00:00:00+01:00'],
      previous: ['2026-03-02T00:00:00+01:00', '2026-03-09T00:00:00+01:00'],
    })
  })

  it('keeps the week of a Sunday with a Monday start in the week before', () => {
    const sunday = new Date('2026-03-15T10:00:00Z')
    expect(
      iso(presetPeriods('this_week', { ...berlin, weekStart: 'monday', now: sunday })).current,
    ).toEqual(['2026-03-09T00:00:00+01:00', '2026-03-16T00:00:00+01:00'])
  })

  it('gives today a 23-hour day on the spring-forward date', () => {
    const pair = presetPeriods('today', { ...berlin, now: new Date('2026-03-29T12:00:00Z') })
    expect(iso(pair)).toEqual({
      current: ['2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00'],
      previous: ['2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00+01:00'],
    })
    expect((pair.current.end.getTime() - pair.current.start.getTime()) / 3_600_000).toBe(23)
  })

  it('uses local midnight in a half-hour zone, where the UTC date differs', () => {
    const lateUtc = new Date('2026-11-22T20:00:00Z') // already 23 Nov in Kolkata
    expect(
      iso(presetPeriods('today', { timeZone: 'Asia/Kolkata', weekStart: 'sunday', now: lateUtc }))
        .current,
    ).toEqual(['2026-11-23T00:00:00+05:30', '2026-11-24T00:00:00+05:30'])
  })

  it('compares the last 7 and 30 days, today included, with the same number of days before', () => {
    expect(iso(presetPeriods('last_7_days', { ...berlin, now }))).toEqual({
      current: ['2026-03-08T00:00:00+01:00', '2026-03-15T00:00:00+01:00'],
      previous: ['2026-03-01T00:00:00+01:00', '2026-03-08T00:00:00+01:00'],
    })
    const thirty = presetPeriods('last_30_days', { ...berlin, now })
    expect(toIso(thirty.current.start)).toBe('2026-02-13T00:00:00+01:00')
    expect(toIso(thirty.previous.start)).toBe('2026-01-14T00:00:00+01:00')
  })

  it('compares this year with last year', () => {
    expect(iso(presetPeriods('this_year', { ...berlin, now }))).toEqual({
      current: ['2026-01-01T00:00:00+01:00', '2027-01-01T00:00:00+01:00'],
      previous: ['2025-01-01T00:00:00+01:00', '2026-01-01T00:00:00+01:00'],
    })
  })

  it('compares a custom range with the same number of days right before it', () => {
    const pair = presetPeriods('custom', {
      ...berlin,
      now,
      custom: { from: '2026-03-25', to: '2026-04-03' },
    })
    expect(iso(pair)).toEqual({
      current: ['2026-03-25T00:00:00+01:00', '2026-04-04T00:00:00+02:00'],
      previous: ['2026-03-15T00:00:00+01:00', '2026-03-25T00:00:00+01:00'],
    })
  })

  it('compares a custom range with a custom previous range of another length', () => {
    const pair = presetPeriods('custom', {
      ...berlin,
      now,
      custom: { from: '2026-02-01', to: '2026-02-28' },
      customPrevious: { from: '2025-02-01', to: '2025-02-28' },
    })
    expect(iso(pair).previous).toEqual(['2025-02-01T00:00:00+01:00', '2025-03-01T00:00:00+01:00'])
  })

  it('falls back to today for a custom preset without a range', () => {
    expect(iso(presetPeriods('custom', { ...berlin, now })).current).toEqual([
      '2026-03-14T00:00:00+01:00',
      '2026-03-15T00:00:00+01:00',
    ])
  })
})
