import type { QueryClient } from '@tanstack/react-query'
import { invalidate, type QueryOperation } from '~/api'
import { readStoredScope, resolveScope, writeStoredScope, type ScopeUser } from './scope-storage'

/** Queries that do not depend on the group scope; everything else is refetched when it changes. */
const UNSCOPED_QUERIES: readonly QueryOperation[] = [
  'getCurrentUser',
  'getPreferences',
  'listGroups',
  'getSystemInfo',
  'getLogs',
]

/**
 * The app-wide group scope (spec §4): read by the API client for the group header, changed from the
 * user menu; a change invalidates devices, users, dashboard, notifications and reports.
 */
export function createScopeStore(
  queryClient: QueryClient,
  storage: () => Storage = () => localStorage,
) {
  let user: ScopeUser | null = null
  let groupId: string | null = null
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((listener) => listener())

  return {
    /** The scope the group header carries: null means none (all groups, or not signed in). */
    get: () => groupId,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Called when the user or the list of groups they can see changes. */
    sync(nextUser: ScopeUser | null, availableGroupIds: readonly string[]) {
      user = nextUser
      const next = nextUser
        ? resolveScope(nextUser, readStoredScope(nextUser.id, storage()), availableGroupIds)
        : null
      if (next === groupId) return
      groupId = next
      emit()
    },
    choose(next: string | null) {
      if (!user || next === groupId) return
      writeStoredScope(user.id, next, storage())
      groupId = next
      emit()
      void invalidate(queryClient, { except: UNSCOPED_QUERIES })
    },
  }
}

export type ScopeStore = ReturnType<typeof createScopeStore>
