import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { isElevated } from '~/server/context.ts'
import { conflict, forbidden, invalid, notFound } from '~/server/lib/http-errors.ts'
import { onUnique } from '~/server/lib/pg-errors.ts'
import { isTimeZone } from '~/server/lib/timezones.ts'
import { usersRepository } from '../users/users-repository.ts'
import { groupsRepository, type GroupInput } from './groups-repository.ts'
import { audit } from '~/server/lib/audit.ts'

/**
 * A taken group name. Groups are tenants: the group holding the name is another tenant, named
 * only to elevated users, who see every tenant (`visible`).
 */
export const nameTaken = (name: string, visible: boolean) =>
  visible
    ? conflict(`A group named ${name.trim()} already exists`)
    : conflict('This group name cannot be used', 'duplicate', 'Choose another name.')

export function assertTimeZone(timezone: string | undefined, loc: Array<string | number>): void {
  if (timezone !== undefined && !isTimeZone(timezone)) throw invalid(loc, 'Unknown IANA timezone')
}

/** Groups are tenants: elevated users act on every group whatever X-Group-ID says. */
export const groupsHandlers = {
  async listGroups(request, reply) {
    const actor = request.actor!
    const page = { skip: request.query?.skip ?? 0, limit: request.query?.limit ?? 100 }
    const result = isElevated(actor.role)
      ? await request.txAs('all', (tx) => groupsRepository(tx).list(undefined, page))
      : await request.tx((tx) => groupsRepository(tx).list(actor.groupId, page))
    return reply.code(200).send(result)
  },

  async getGroup(request, reply) {
    const actor = request.actor!
    const { id } = request.params
    if (!isElevated(actor.role) && id !== actor.groupId) throw notFound('Group')
    const group = await request.tx((tx) => groupsRepository(tx).find(id))
    if (!group) throw notFound('Group')
    return reply.code(200).send(group)
  },

  async createGroup(request, reply) {
    const body: GroupInput = request.body
    assertTimeZone(body.timezone, ['body', 'timezone'])
    const group = await onUnique(
      () => request.txAs('all', (tx) => groupsRepository(tx).create(body)),
      'groups_name_key',
      () => nameTaken(body.name, isElevated(request.actor!.role)),
    )
    audit(request, 'group.create', { group_id: group.id }, `Created group ${group.name}`)
    return reply.code(201).send(group)
  },

  async updateGroup(request, reply) {
    const actor = request.actor!
    const { id } = request.params
    if (!isElevated(actor.role) && id !== actor.groupId)
      throw forbidden('Admins can only update their own group')
    assertTimeZone(request.body.timezone, ['body', 'timezone'])
    const group = await onUnique(
      () => request.tx((tx) => groupsRepository(tx).replace(id, request.body)),
      'groups_name_key',
      () => nameTaken(request.body.name, isElevated(actor.role)),
    )
    if (!group) throw notFound('Group')
    audit(request, 'group.update', { group_id: id }, `Updated group ${group.name}`)
    return reply.code(200).send(group)
  },

  async deleteGroup(request, reply) {
    const { id } = request.params
    const deleted = await request.txAs('all', async (tx) => {
      const groups = groupsRepository(tx)
      const group = await groups.find(id)
      if (!group) throw notFound('Group')
      const { devices, rules } = await groups.dependents(id)
      if (devices > 0 || rules > 0) {
        const parts = [
          `${devices} device${devices === 1 ? '' : 's'}`,
          `${rules} notification rule${rules === 1 ? '' : 's'}`,
        ]
        throw conflict(
          `Group has ${parts.join(' and ')}`,
          'has_dependents',
          'Ensure the group has no dependent resources before deleting.',
        )
      }
      await groups.remove(id)
      return group
    })
    audit(
      request,
      'group.delete',
      { group_id: id, name: deleted.name },
      `Deleted group ${deleted.name}`,
    )
    return reply.code(204).send()
  },

  async listGroupMembers(request, reply) {
    const actor = request.actor!
    const { id } = request.params
    if (!isElevated(actor.role) && id !== actor.groupId) throw notFound('Group')
    const items = await request.tx(async (tx) => {
      if (!(await groupsRepository(tx).exists(id))) throw notFound('Group')
      return usersRepository(tx).members(id)
    })
    return reply.code(200).send({ items })
  },
} satisfies Pick<
  RouteHandlers,
  'listGroups' | 'getGroup' | 'createGroup' | 'updateGroup' | 'deleteGroup' | 'listGroupMembers'
>
