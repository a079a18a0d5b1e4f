import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { errorStatus } from './errors'

const minutes = (n: number) => n * 60_000

/** Spec §8: every query gets at most this many attempts in all. */
export const MAX_QUERY_ATTEMPTS = 3
const RETRYABLE_CLIENT_ERRORS = new Set([408, 429])

/** Spec §8: no retry on 401/403, other 4xx only 408 and 429, everything else while attempts remain. */
export function isRetryable(error: unknown): boolean {
  const status = errorStatus(error)
  if (status === undefined || status >= 500) return true
  if (status >= 400) return RETRYABLE_CLIENT_ERRORS.has(status)
  return true
}

/** TanStack's `retry(failureCount)`: failureCount is 0 after the first failed attempt. */
export const retryQuery =
  (maxAttempts = MAX_QUERY_ATTEMPTS) =>
  (failureCount: number, error: unknown) =>
    isRetryable(error) && failureCount + 1 < maxAttempts

/** Spec §9: doubling from 1 s, capped at 30 s. */
export const retryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000)

/** Spec §9 staleness profiles; `regular` is the default of every query. */
export const staleness = {
  realTime: { staleTime: minutes(5), refetchOnWindowFocus: true },
  regular: { staleTime: minutes(30) },
  slow: { staleTime: minutes(60) },
  config: { staleTime: minutes(24 * 60) },
} as const

/**
 * Spec §9 priority classes. The spec gives both readings without saying how they combine; here a
 * priority sets the attempt count and caps the staleness of the profile it is combined with.
 */
export const priority = {
  critical: { staleTime: minutes(5), attempts: 3 },
  high: { staleTime: minutes(2), attempts: 2 },
  medium: { staleTime: minutes(5), attempts: 1 },
  low: { staleTime: minutes(10), attempts: 1 },
} as const

export type StalenessProfile = keyof typeof staleness
export type PriorityClass = keyof typeof priority

/** Options to spread into a query: `useQuery({ ...listDevicesOptions(), ...queryPolicy('realTime', 'high') })`. */
export interface QueryPolicy {
  staleTime: number
  refetchOnWindowFocus?: boolean
  retry?: (failureCount: number, error: unknown) => boolean
}

export function queryPolicy(profile: StalenessProfile, priorityClass?: PriorityClass): QueryPolicy {
  const base = staleness[profile]
  if (!priorityClass) return { ...base }
  const p = priority[priorityClass]
  return {
    ...base,
    staleTime: Math.min(base.staleTime, p.staleTime),
    retry: retryQuery(p.attempts),
  }
}

export interface QueryClientHooks {
  /**
   * Called once per failed query or mutation that has no handler of its own; `shown` says whether
   * the failure hit data already on screen (a refetch) rather than a first load.
   */
  onError?: (error: unknown, failure: { shown: boolean }) => void
}

export function createQueryClient({ onError }: QueryClientHooks = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      // A query that has no data yet shows its failure where it is rendered (its error state): the
      // hook is told, so that a toast besides does not say it twice (it is still logged).
      onError: (error, query) => {
        if (query.meta?.silent !== true) onError?.(error, { shown: query.state.data !== undefined })
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.options.onError === undefined && mutation.meta?.silent !== true)
          onError?.(error, { shown: true })
      },
    }),
    defaultOptions: {
      queries: {
        ...staleness.regular,
        retry: retryQuery(),
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
