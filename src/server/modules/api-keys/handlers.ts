import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { isElevated, type Actor, type TenantScope } from '~/server/context.ts'
import type { Role, Tx } from '~/server/db/database.ts'
import { audit } from '~/server/lib/audit.ts'
import { forbidden, invalid, notFound } from '~/server/lib/http-errors.ts'
import { groupsRepository } from '../groups/groups-repository.ts'
import { formatApiKey, newSecret } from './api-key-format.ts'
import { apiKeysRepository, outranks } from './api-keys-repository.ts'

/** Who revokes a key, as the list will name them: a person, or a key (named as a key). */
const revoker = ({ actor }: { actor: Actor | null }) => ({
  id: actor!.id,
  name:
    actor!.kind === 'service' ? `API key "${actor!.fullName}"` : (actor!.fullName ?? actor!.email),
})

/**
 * The group a new key acts in: none for a developer or superuser key (it sees every group, as such
 * a person does); for an admin or user key the creating admin's own group, or the group an
 * elevated creator names in the body or the header.
 */
function keyGroup(
  actor: Actor,
  scope: TenantScope,
  role: Role,
  requested: string | null | undefined,
): string | null {
  if (isElevated(role)) {
    if (requested)
      throw invalid(
        ['body', 'group_id'],
        'A developer or superuser key acts on every group: leave the group out',
      )
    return null
  }
  if (!isElevated(actor.role)) {
    if (!actor.groupId || (requested && requested !== actor.groupId))
      throw forbidden('Admins can only create API keys for their own group')
    return actor.groupId
  }
  const groupId = requested ?? (scope.all ? null : scope.groupId)
  if (!groupId)
    throw invalid(['body', 'group_id'], 'Choose a group for an admin or user key', 'missing')
  return groupId
}

export const apiKeysHandlers = {
  async listApiKeys(request, reply) {
    const items = await request.tx((tx) => apiKeysRepository(tx).list())
    return reply.code(200).send({ items })
  },

  async createApiKey(request, reply) {
    const actor = request.actor!
    const body = request.body
    if (outranks(body.role, actor.role))
      throw forbidden("An API key's role may be no higher than your own")
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw invalid(['body', 'expires_at'], 'Expiry must be in the future')
    const groupId = keyGroup(actor, request.scope, body.role, body.group_id)
    const { secret, hash } = newSecret()
    const run = async (tx: Tx) => {
      if (groupId && isElevated(actor.role) && !(await groupsRepository(tx).exists(groupId)))
        throw invalid(['body', 'group_id'], 'Group not found')
      return apiKeysRepository(tx).create({
        name: body.name,
        role: body.role,
        groupId,
        expiresAt,
        createdBy: actor.id,
        secretHash: hash,
      })
    }
    const key = await (isElevated(actor.role)
      ? request.txAs(groupId ?? 'all', run)
      : request.tx(run))
    const details = { api_key_id: key.id, role: key.role, group_id: key.group_id }
    audit(request, 'api_key.create', details, `Created API key "${key.name}"`)
    return reply.code(201).send({ ...key, key: formatApiKey(key.id, secret) })
  },

  async deleteApiKey(request, reply) {
    const { id } = request.params
    const revoked = await request.tx((tx) => apiKeysRepository(tx).revoke(id, revoker(request)))
    if (!revoked) throw notFound('API key')
    audit(request, 'api_key.revoke', { api_key_id: id }, `Revoked API key ${id}`)
    return reply.code(204).send()
  },
} satisfies Pick<RouteHandlers, 'listApiKeys' | 'createApiKey' | 'deleteApiKey'>
