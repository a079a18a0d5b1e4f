import type { Role } from '../auth/roles'
import { isElevated } from '../auth/roles'

/** Stored value meaning "all groups" (no scope) for elevated users (spec §4). */
export const ALL_GROUPS = '__all__'

export const scopeStorageKey = (userId: string) => `group-scope:${userId}`

export interface ScopeUser {
  id: string
  role: Role
  group_id?: string | null
}

/**
 * The group the app is scoped to, or null for all groups. Elevated users choose (an unknown choice
 * falls back to all groups); everyone else is fixed to their own group.
 */
export function resolveScope(
  user: ScopeUser,
  stored: string | null,
  availableGroupIds: readonly string[],
): string | null {
  if (!isElevated(user.role)) return user.group_id ?? null
  if (!stored || stored === ALL_GROUPS) return null
  return availableGroupIds.includes(stored) ? stored : null
}

export function readStoredScope(userId: string, storage: Storage = localStorage): string | null {
  return storage.getItem(scopeStorageKey(userId))
}

export function writeStoredScope(
  userId: string,
  groupId: string | null,
  storage: Storage = localStorage,
) {
  storage.setItem(scopeStorageKey(userId), groupId ?? ALL_GROUPS)
}
