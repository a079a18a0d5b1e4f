import type { FastifyRequest } from 'fastify'
import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { isElevated } from '~/server/context.ts'
import {
  conflict,
  forbidden,
  invalid,
  notAuthenticated,
  notFound,
} from '~/server/lib/http-errors.ts'
import { apiKeysRepository } from '../api-keys/api-keys-repository.ts'
import { isForeignKeyViolation, isUniqueViolation } from '~/server/lib/pg-errors.ts'
import { sessionsRepository } from '../auth/sessions-repository.ts'
import { hashPassword } from '../auth/passwords.ts'
import { SYSTEM, type Tx } from '~/server/db/database.ts'
import { assertMayManageRole, planUserChanges, resolveUserGroup } from './user-rules.ts'
import { toUser, usersRepository } from './users-repository.ts'
import { audit } from '~/server/lib/audit.ts'

/**
 * A taken e-mail address (unique across tenants). The account holding it is named only to a
 * caller who can see that account (`visible`); to anyone else the answer says neither whose the
 * address is nor that another tenant has it.
 */
export const emailTaken = (email: string, visible: boolean) =>
  visible
    ? conflict(`A user with e-mail ${email.toLowerCase()} already exists`)
    : conflict('This e-mail address cannot be used', 'duplicate', 'Choose another e-mail address.')
const unknownGroup = () => invalid(['body', 'group_id'], 'Group not found', 'value_error')

/**
 * Unique e-mail and existing group, as the client's errors rather than the database's. Elevated
 * users see every account; an admin, the accounts of its own group (its tenant scope).
 */
async function userWriteError(
  request: FastifyRequest,
  error: unknown,
  email: string | undefined,
): Promise<unknown> {
  if (isUniqueViolation(error, 'users_email_key')) {
    const address = email ?? ''
    const visible =
      isElevated(request.actor!.role) ||
      (await request.tx((tx) => usersRepository(tx).hasEmail(request.scope, address)))
    return emailTaken(address, visible)
  }
  if (isForeignKeyViolation(error, 'users_group_id_fkey')) return unknownGroup()
  return error
}

export const usersHandlers = {
  /** The person, or the API key the request carries (never its creator as if it were the key). */
  async getCurrentUser(request, reply) {
    const actor = request.actor!
    if (actor.kind === 'service') {
      const key = await request.tx((tx) => apiKeysRepository(tx).get(actor.sessionId))
      if (!key) throw notAuthenticated()
      return reply.code(200).send({
        kind: 'api_key',
        id: key.id,
        name: key.name,
        role: key.role,
        group_id: key.group_id,
        created_by: key.created_by,
        created_by_name: key.created_by_name,
        created_at: key.created_at,
        expires_at: key.expires_at,
      })
    }
    return reply.code(200).send({
      kind: 'user',
      id: actor.id,
      email: actor.email,
      full_name: actor.fullName,
      role: actor.role,
      group_id: actor.groupId,
      created_at: actor.createdAt.toISOString(),
    })
  },

  async listUsers(request, reply) {
    const { skip = 0, limit = 100, search } = request.query ?? {}
    const page = { skip, limit, search: search?.trim() || undefined }
    return reply
      .code(200)
      .send(await request.tx((tx) => usersRepository(tx).list(request.scope, page)))
  },

  async getUser(request, reply) {
    const actor = request.actor!
    if (actor.role === 'user' && request.params.id !== actor.id) throw forbidden()
    const user = await request.tx((tx) =>
      usersRepository(tx).find(request.scope, request.params.id, actor.id),
    )
    if (!user) throw notFound('User')
    return reply.code(200).send(toUser(user))
  },

  async createUser(request, reply) {
    const actor = request.actor!
    const body = request.body
    assertMayManageRole(actor, body.role)
    const scopeGroup = request.scope.all ? null : request.scope.groupId
    const groupId = resolveUserGroup(actor, body.group_id, scopeGroup, body.role)
    const passwordHash = await hashPassword(body.password, request.server.config.scryptLogN)
    const create = (tx: Tx) =>
      usersRepository(tx).create({
        email: body.email,
        fullName: body.full_name,
        passwordHash,
        role: body.role,
        groupId,
      })
    const user = await (
      isElevated(actor.role) ? request.txAs(groupId ?? 'all', create) : request.tx(create)
    ).catch(async (error: unknown) =>
      Promise.reject(await userWriteError(request, error, body.email)),
    )
    const created = { target_id: user.id, role: user.role, group_id: user.group_id }
    audit(request, 'user.create', created, `Created user ${user.email}`)
    return reply.code(201).send(toUser(user))
  },

  async updateUser(request, reply) {
    const actor = request.actor!
    const body = request.body
    const { id } = request.params
    const target = await request.tx((tx) => usersRepository(tx).find(request.scope, id, actor.id))
    if (!target) throw notFound('User')
    const changes = planUserChanges(actor, target, body)
    if (body.password)
      changes.passwordHash = await hashPassword(body.password, request.server.config.scryptLogN)
    const write = (tx: Tx) => usersRepository(tx).update(id, changes)
    const moved = changes.groupId !== undefined && changes.groupId !== target.group_id
    const user = await (
      isElevated(actor.role) && moved ? request.txAs('all', write) : request.tx(write)
    ).catch(async (error: unknown) =>
      Promise.reject(await userWriteError(request, error, body.email)),
    )
    if (!user) throw notFound('User')
    if (body.password || user.role !== target.role) {
      // New password or new powers: the user's other sessions end (the caller's own stays).
      const keep = id === actor.id ? actor.sessionId : undefined
      const reason = body.password ? 'password_changed' : 'role_changed'
      await request.server.db.transaction(SYSTEM, (tx) =>
        sessionsRepository(tx).revokeUserSessions(id, reason, keep),
      )
    }
    audit(
      request,
      'user.update',
      { target_id: id, fields: Object.keys(body) },
      `Updated user ${user.email}`,
    )
    return reply.code(200).send(toUser(user))
  },

  async deleteUser(request, reply) {
    const actor = request.actor!
    const { id } = request.params
    if (id === actor.id) throw forbidden('Users cannot delete themselves')
    const target = await request.tx(async (tx) => {
      const found = await usersRepository(tx).find(request.scope, id)
      if (found) {
        assertMayManageRole(actor, found.role)
        await usersRepository(tx).remove(id)
      }
      return found
    })
    if (!target) throw notFound('User')
    audit(
      request,
      'user.delete',
      { target_id: id, email: target.email },
      `Deleted user ${target.email}`,
    )
    return reply.code(204).send()
  },
} satisfies Pick<
  RouteHandlers,
  'getCurrentUser' | 'listUsers' | 'getUser' | 'createUser' | 'updateUser' | 'deleteUser'
>
