import type { RefreshOutcome } from '~/api'
/** Spec §9: the first try 5 s after start, then every 25 minutes. */
export const FIRST_REFRESH_MS = 5_000
export const REFRESH_EVERY_MS = 25 * 60_000

/**
 * Keeps the session alive while a user is signed in. A 401 from refresh stops it (spec §8);
 * other failures are left for the next tick. Returns the stop function.
 */
export function startTokenRefresh(
  refresh: () => Promise<RefreshOutcome>,
  onUnauthorized?: () => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const stop = () => {
    stopped = true
    clearTimeout(timer)
  }
  const tick = async () => {
    const outcome = await refresh()
    if (stopped) return
    if (outcome === 'unauthorized') {
      stop()
      onUnauthorized?.()
      return
    }
    timer = setTimeout(tick, REFRESH_EVERY_MS)
  }
  timer = setTimeout(tick, FIRST_REFRESH_MS)
  return stop
}
