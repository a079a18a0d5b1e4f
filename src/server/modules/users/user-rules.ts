import type { Role } from '../../db/database.ts'
import { isElevated, type Actor } from '../../context.ts'
import { forbidden, invalid } from '../../lib/http-errors.ts'

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
