import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getCurrentUser, skipAuthRedirect, errorStatus, type User } from '~/api'
import { parseRole, type Role } from './roles'

export interface SessionUser extends Omit<User, 'role'> {
  role: Role
}

/** Spec §9: the user query is stale after 5 min, kept 10 min, never retried. */
export const currentUserQuery = queryOptions({
  // Shaped like the generated keys (`_id` names the operation), so the cache helpers reach it like
  // any other query; not made by the generated factory, whose module would join the sign-in page's
  // first JavaScript (tests/e2e/size-budget.test.ts).
  queryKey: [{ _id: 'getCurrentUser' }] as const,
  queryFn: async ({ signal }): Promise<SessionUser | null> => {
    try {
      const { data } = await getCurrentUser({ ...skipAuthRedirect, signal, throwOnError: true })
      // The console signs in people; an API key (kind 'api_key') is a script's, never a session.
      if (data.kind !== 'user') return null
      return { ...data, role: parseRole(data.role) }
    } catch (error) {
      if (errorStatus(error) === 401) return null
      throw error
    }
  },
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
  retry: false,
})

/** The signed-in user, or null; a failed lookup counts as signed out (spec §6). */
export async function ensureSessionUser(queryClient: QueryClient): Promise<SessionUser | null> {
  try {
    return await queryClient.ensureQueryData(currentUserQuery)
  } catch {
    return null
  }
}

/** Spec §4: while a user is present an auth hint flag '1' sits in local storage. */
export const AUTH_HINT_KEY = 'auth-hint'
export const setAuthHint = (present: boolean, storage: Storage = localStorage) =>
  present ? storage.setItem(AUTH_HINT_KEY, '1') : storage.removeItem(AUTH_HINT_KEY)
export const hasAuthHint = (storage: Storage = localStorage) =>
  storage.getItem(AUTH_HINT_KEY) === '1'
