import type { QueryClient } from '@tanstack/react-query'
import { listGroupsQueryKey, listUsersQueryKey } from '../../api'

/**
 * After a user or group changes, every list that shows people or member counts is stale: users,
 * groups (member counts) and the members of any group.
 */
export function invalidatePeople(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listUsersQueryKey() }),
    queryClient.invalidateQueries({ queryKey: listGroupsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: [{ _id: 'listGroupMembers' }] }),
  ])
}
