import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { useAppServices } from '../shared/use-app-services'
import { openLiveConnection } from './live-connection'
import { liveStore, type LiveStore } from './live-store'

/**
 * Keeps this tab's one live event stream open while `signedIn` (SessionLifecycle): opened after
 * sign-in, closed on logout, reopened when the group scope changes (the stream is scoped by it).
 */
export function useLiveEvents(signedIn: boolean, store: LiveStore = liveStore) {
  const queryClient = useQueryClient()
  const { scope } = useAppServices()
  const groupId = useSyncExternalStore(scope.subscribe, scope.get)
  useEffect(() => {
    if (!signedIn) return
    const connection = openLiveConnection({ queryClient, onState: store.set })
    store.setRetry(connection.retryNow)
    return () => {
      connection.close()
      store.setRetry(() => {})
      store.reset()
    }
  }, [signedIn, groupId, queryClient, store])
}

export const useLiveView = (store: LiveStore = liveStore) =>
  useSyncExternalStore(store.subscribe, store.get)
