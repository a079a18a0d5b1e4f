import { isElevated, type Role } from '../auth/roles'
import { useGroupScope } from '../shared/use-app-services'

/**
 * The group whose rules and channels a tab shows: the chosen scope for developers and superusers
 * (null for 'All groups', which has none of its own), the user's own group otherwise.
 */
export function useNotificationGroup(user: { role: Role; group_id?: string | null } | null) {
  const scope = useGroupScope()
  if (!user) return null
  return isElevated(user.role) ? scope : (user.group_id ?? null)
}
