import type { Group, User } from '~/api'
import { parseRole, type Role } from '../auth/roles'
import type { SessionUser } from '../auth/session'

export const roleLabels: Record<Role, string> = {
  DEVELOPER: 'Developer',
  SUPERUSER: 'Superuser',
  ADMIN: 'Admin',
  USER: 'User',
}

/**
 * The roles an editor may give (openapi createUser): admins make admins and users of their own
 * group, superusers anything but developers, developers anything. Users manage no one.
 */
export function assignableRoles(editor: Role): Role[] {
  switch (editor) {
    case 'DEVELOPER':
      return ['DEVELOPER', 'SUPERUSER', 'ADMIN', 'USER']
    case 'SUPERUSER':
      return ['SUPERUSER', 'ADMIN', 'USER']
    case 'ADMIN':
      return ['ADMIN', 'USER']
    case 'USER':
      return []
  }
}

/** An editor may change a user whose role they could have given. */
export const canEditUser = (editor: SessionUser, target: User) =>
  assignableRoles(editor.role).includes(parseRole(target.role))

/** Nobody deletes themselves (the server answers 403). */
export const canDeleteUser = (editor: SessionUser, target: User) =>
  target.id !== editor.id && canEditUser(editor, target)

/** Only developers and superusers choose a group; admins' users join the admin's group. */
export const choosesGroup = (editor: Role) => editor === 'DEVELOPER' || editor === 'SUPERUSER'

/** Elevated accounts may be without a group; admins and users need one. */
export const needsGroup = (role: Role) => role === 'ADMIN' || role === 'USER'

export const displayName = (user: Pick<User, 'full_name'>) => user.full_name || 'Unknown User'

export function groupName(groupId: string | null, groups: readonly Pick<Group, 'id' | 'name'>[]) {
  if (groupId === null) return 'No group'
  return groups.find((g) => g.id === groupId)?.name ?? 'Unknown group'
}

/**
 * The server's rule for listUsers' `search`: the text, ignoring case, inside the full name or the
 * e-mail. Applied to the page at hand while the server is asked, so the list narrows at once.
 */
export function matchUsers(users: readonly User[], search: string) {
  const text = search.trim().toLowerCase()
  if (!text) return [...users]
  return users.filter(
    (user) =>
      (user.full_name ?? '').toLowerCase().includes(text) ||
      user.email.toLowerCase().includes(text),
  )
}

export const USERS_PAGE_SIZE = 100
