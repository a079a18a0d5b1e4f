import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTokenRefresh } from './token-refresh'

describe('token refresh (spec §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('first tries 5 s after start, then every 25 min', async () => {
    const refresh = vi.fn(async () => 'ok' as const)
    const stop = startTokenRefresh(refresh)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(refresh).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(25 * 60_000)
    expect(refresh).toHaveBeenCalledTimes(2)
    stop()
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('stops for good when refresh answers 401', async () => {
    const refresh = vi.fn(async () => 'unauthorized' as const)
    const onUnauthorized = vi.fn()
    startTokenRefresh(refresh, onUnauthorized)
    await vi.advanceTimersByTimeAsync(5_000 + 3 * 25 * 60_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('keeps going after a failure that is not a 401', async () => {
    const refresh = vi.fn(async () => 'failed' as const)
    startTokenRefresh(refresh)
    await vi.advanceTimersByTimeAsync(5_000 + 25 * 60_000)
    expect(refresh).toHaveBeenCalledTimes(2)
  })
})
