import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './errors'
import { createQueryClient, queryPolicy, retryDelay, retryQuery, staleness } from './query-client'

const retry = retryQuery()
const err = (status: number) => new ApiError(status, {})

describe('query retry rules (spec §8)', () => {
  it('never retries 401 or 403', () => {
    expect(retry(0, err(401))).toBe(false)
    expect(retry(0, err(403))).toBe(false)
  })
  it('retries other 4xx only for 408 and 429', () => {
    expect(retry(0, err(404))).toBe(false)
    expect(retry(0, err(422))).toBe(false)
    expect(retry(0, err(408))).toBe(true)
    expect(retry(0, err(429))).toBe(true)
  })
  it('allows at most 3 attempts for server and network errors', () => {
    expect(retry(0, err(500))).toBe(true) // after attempt 1
    expect(retry(1, err(503))).toBe(true) // after attempt 2
    expect(retry(2, err(503))).toBe(false) // attempt 3 was the last
    expect(retry(1, new TypeError('Failed to fetch'))).toBe(true)
    expect(retry(2, new TypeError('Failed to fetch'))).toBe(false)
  })
  it('never retries mutations', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false)
  })
})

describe('backoff (spec §9)', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
  })
})

describe('staleness and priority (spec §9)', () => {
  it('has the four profiles, regular as the default', () => {
    expect(staleness.realTime).toEqual({ staleTime: 300_000, refetchOnWindowFocus: true })
    expect(staleness.slow.staleTime).toBe(3_600_000)
    expect(staleness.config.staleTime).toBe(86_400_000)
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(1_800_000)
  })
  it('lets a priority cap staleness and set the attempt count', () => {
    const high = queryPolicy('regular', 'high')
    expect(high.staleTime).toBe(120_000)
    expect(high.retry?.(0, err(500))).toBe(true)
    expect(high.retry?.(1, err(500))).toBe(false)
    const low = queryPolicy('realTime', 'low')
    expect(low.staleTime).toBe(300_000)
    expect(low.retry?.(0, err(500))).toBe(false)
  })
})

describe('global error hook', () => {
  const failing = (queryKey: string[]) => ({
    queryKey,
    queryFn: () => Promise.reject(new ApiError(404, { detail: 'Device not found' })),
    retry: false,
  })

  it('leaves a first load to its own error state and reports a failed refetch of shown data', async () => {
    const onError = vi.fn()
    const client = createQueryClient({ onError })
    await client.prefetchQuery(failing(['first']))
    expect(onError).toHaveBeenLastCalledWith(expect.any(ApiError), { shown: false })
    client.setQueryData(['shown'], { id: 'd1' })
    await client.prefetchQuery({ ...failing(['shown']), staleTime: 0 })
    expect(onError).toHaveBeenLastCalledWith(expect.any(ApiError), { shown: true })
    expect(onError).toHaveBeenCalledTimes(2)
  })
})
