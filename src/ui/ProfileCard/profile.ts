import { formatNumber, formatPercent } from '~/lib/format'
/** The profile a `profile=true` call returns (spec §3). A plain type: ui/ does not import from api/. */
export interface ProfileData {
  total_duration_ms: number
  total_db_queries: number
  memory_delta_mb: number
  steps: ProfileStep[]
}

export interface ProfileStep {
  name: string
  details?: string | null
  duration_ms: number
  query_count: number
  queries: string[]
  query_timings: { query: string; duration_ms: number }[]
  python_execution_ms: number
}

export const queryTimingLevels = ['slow', 'moderate', 'fast'] as const
export type QueryTimingLevel = (typeof queryTimingLevels)[number]

/** Spec §9: red over 100 ms, yellow over 50 ms up to 100 ms, green otherwise. */
export function classifyQueryTiming(durationMs: number): QueryTimingLevel {
  if (durationMs > 100) return 'slow'
  if (durationMs > 50) return 'moderate'
  return 'fast'
}

export interface TimeBreakdown {
  python: number
  sql: number
  /** Total minus Python and SQL, floored at 0 (the two can overlap the total). */
  other: number
  /** What the shares are relative to: the larger of the total and Python + SQL. */
  whole: number
}

/** Python = sum of the steps' python_execution_ms, SQL = sum of every query timing, other = the rest. */
export function timeBreakdown(profile: ProfileData): TimeBreakdown {
  const python = profile.steps.reduce((s, step) => s + step.python_execution_ms, 0)
  const sql = profile.steps.reduce(
    (s, step) => s + step.query_timings.reduce((q, t) => q + t.duration_ms, 0),
    0,
  )
  const other = Math.max(0, profile.total_duration_ms - python - sql)
  return { python, sql, other, whole: Math.max(profile.total_duration_ms, python + sql) }
}

export const formatMs = (value: number) => `${formatNumber(value, { decimals: 1 })} ms`

export const formatMb = (value: number) =>
  `${formatNumber(value, { decimals: 2, signed: true })} MB`

export const formatShare = (part: number, whole: number) =>
  formatPercent(whole > 0 ? part / whole : 0)
