import type { QueryClient } from '@tanstack/react-query'
import { invalidate, listUsersOptions } from '~/api'
import { USERS_PAGE_SIZE } from './user-rules'

/**
 * After a user or group changes, every list that shows people or member counts is stale: users,
 * groups (member counts) and the members of any group.
 */
export function invalidatePeople(queryClient: QueryClient) {
  return invalidate(queryClient, ['listUsers', 'listGroups', 'listGroupMembers'])
}

/** Spec §7: the users list asks for skip and limit (0, 100); `search` narrows it on the server. */
export const usersListOptions = (skip = 0, search = '') =>
  listUsersOptions({ query: { skip, limit: USERS_PAGE_SIZE, ...(search ? { search } : {}) } })
