import { describe, expect, it } from 'vitest'
import { classifyQueryTiming, formatMb, timeBreakdown, type ProfileData } from './profile'

const step = (python: number, timings: number[]) => ({
  name: 's',
  duration_ms: python + timings.reduce((a, b) => a + b, 0),
  query_count: timings.length,
  queries: timings.map((_, i) => `q${i}`),
  query_timings: timings.map((d, i) => ({ query: `q${i}`, duration_ms: d })),
  python_execution_ms: python,
})

describe('classifyQueryTiming', () => {
  it('is red over 100 ms, yellow over 50 up to 100, green otherwise', () => {
    expect(classifyQueryTiming(100.01)).toBe('slow')
    expect(classifyQueryTiming(100)).toBe('moderate')
    expect(classifyQueryTiming(50.01)).toBe('moderate')
    expect(classifyQueryTiming(50)).toBe('fast')
    expect(classifyQueryTiming(0)).toBe('fast')
  })
})

describe('timeBreakdown', () => {
  it('sums python and SQL over the steps and leaves the rest as other', () => {
    const profile: ProfileData = {
      total_duration_ms: 200,
      total_db_queries: 3,
      memory_delta_mb: 0,
      steps: [step(40, [10, 20]), step(30, [5])],
    }
    expect(timeBreakdown(profile)).toEqual({ python: 70, sql: 35, other: 95, whole: 200 })
  })

  it('floors other at 0 when python and SQL exceed the total', () => {
    const profile: ProfileData = {
      total_duration_ms: 50,
      total_db_queries: 1,
      memory_delta_mb: 0,
      steps: [step(40, [30])],
    }
    expect(timeBreakdown(profile)).toEqual({ python: 40, sql: 30, other: 0, whole: 70 })
  })

  it('is all zero without steps', () => {
    expect(
      timeBreakdown({ total_duration_ms: 0, total_db_queries: 0, memory_delta_mb: 0, steps: [] }),
    ).toEqual({ python: 0, sql: 0, other: 0, whole: 0 })
  })
})

describe('formatMb', () => {
  it('signs a growth and a release, not zero', () => {
    expect(formatMb(2.4)).toBe('+2.40 MB')
    expect(formatMb(-0.3)).toBe('-0.30 MB')
    expect(formatMb(0)).toBe('0.00 MB')
  })
})
