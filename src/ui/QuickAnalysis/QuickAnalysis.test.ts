import { describe, expect, it } from 'vitest'
import { quickAnalysis } from './QuickAnalysis'

const step = (name: string, duration_ms: number) => ({
  name,
  duration_ms,
  query_count: 0,
  queries: [],
  query_timings: [],
  python_execution_ms: 0,
})

describe('quickAnalysis', () => {
  it('averages the total duration over the steps (not the sum of step durations)', () => {
    const f = quickAnalysis({
      total_duration_ms: 300,
      total_db_queries: 4,
      memory_delta_mb: 0,
      steps: [step('a', 50), step('b', 200)],
    })
    expect(f).toEqual({ steps: 2, slowest: { name: 'b', ms: 200 }, averageMs: 150, queries: 4 })
  })

  it('has no slowest step and no average without steps', () => {
    expect(
      quickAnalysis({ total_duration_ms: 12, total_db_queries: 0, memory_delta_mb: 0, steps: [] }),
    ).toEqual({
      steps: 0,
      slowest: null,
      averageMs: null,
      queries: 0,
    })
  })
})
