import type { LiveState } from './live-connection'

/** What the top bar's indicator shows, and its reconnect button. */
export interface LiveView {
  state: LiveState
  /** Whether a stream was open once in this session (a first connection shows nothing). */
  wasLive: boolean
}

/** The tab's live connection state, for the indicator (one stream per tab, one store). */
export function createLiveStore() {
  let view: LiveView = { state: { status: 'connecting' }, wasLive: false }
  let retry: () => void = () => {}
  const listeners = new Set<() => void>()
  return {
    get: () => view,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    set(state: LiveState) {
      view = { state, wasLive: view.wasLive || state.status === 'live' }
      listeners.forEach((l) => l())
    },
    /** Signed out: back to the start. */
    reset() {
      view = { state: { status: 'connecting' }, wasLive: false }
      listeners.forEach((l) => l())
    },
    setRetry(fn: () => void) {
      retry = fn
    },
    retryNow: () => retry(),
  }
}

export type LiveStore = ReturnType<typeof createLiveStore>

export const liveStore = createLiveStore()
