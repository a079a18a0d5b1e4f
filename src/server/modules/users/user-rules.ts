import type { Role } from '~/server/db/database.ts'
import { isElevated, type Actor } from '~/server/context.ts'
import { forbidden, invalid } from '~/server/lib/http-errors.ts'
import type { UserRow } from '../auth/sessions-repository.ts'
import type { UserChanges } from './users-repository.ts'

/**
 * Who may give which role (contract createUser/updateUser): admins manage admin and user accounts
 * of their own group; only developers create, change or delete developer accounts; superusers
 * manage everything else.
 */
export function assertMayManageRole(actor: Actor, role: Role): void {
  if (actor.role === 'admin' && isElevated(role))
    throw forbidden('Admins cannot manage developer or superuser accounts')
  if (role === 'developer' && actor.role !== 'developer')
    throw forbidden('Only developers can manage developer accounts')
}

/** The group a new or moved account ends up in, checked against the actor's powers. */
export function resolveUserGroup(
  actor: Actor,
  requested: string | null | undefined,
  scopeGroup: string | null,
  role: Role,
): string | null {
  if (actor.role === 'admin') {
    if (requested && requested !== actor.groupId)
      throw forbidden('Admins can only manage users of their own group')
    return actor.groupId
  }
  const groupId = requested === undefined ? scopeGroup : requested
  if (groupId === null && !isElevated(role)) {
    throw invalid(
      ['body', 'group_id'],
      'group_id is required for admin and user accounts',
      'missing',
    )
  }
  return groupId
}

export interface UserPatch {
  email?: string
  full_name?: string
  role?: Role
  group_id?: string | null
}

/**
 * The changes a PATCH may make to `target`, or the refusal: the same role and group limits as
 * creating, and nobody changes their own role. A role that needs a group gets one (or a 422).
 */
export function planUserChanges(actor: Actor, target: UserRow, patch: UserPatch): UserChanges {
  assertMayManageRole(actor, target.role)
  if (patch.role !== undefined) {
    if (target.id === actor.id && patch.role !== target.role)
      throw forbidden('Users cannot change their own role')
    assertMayManageRole(actor, patch.role)
  }
  const changes: UserChanges = { email: patch.email, fullName: patch.full_name, role: patch.role }
  const role = patch.role ?? target.role
  if (patch.group_id !== undefined || (role !== target.role && target.group_id === null)) {
    const requested = patch.group_id !== undefined ? patch.group_id : target.group_id
    changes.groupId = resolveUserGroup(actor, requested, target.group_id, role)
  }
  return changes
}
