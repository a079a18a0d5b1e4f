import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { invalid } from '~/server/lib/http-errors.ts'
import { isTimeZone } from '~/server/lib/timezones.ts'
import { verifyCurrentPassword } from '../auth/auth-service.ts'
import { hashPassword } from '../auth/passwords.ts'
import { sessionsRepository } from '../auth/sessions-repository.ts'
import { preferencesRepository } from './preferences-repository.ts'
import { audit } from '~/server/lib/audit.ts'

/** The signed-in user's own settings: preferences and password. */
export const meHandlers = {
  async getPreferences(request, reply) {
    const actor = request.actor!
    return reply.code(200).send(await request.tx((tx) => preferencesRepository(tx).get(actor.id)))
  },

  async updatePreferences(request, reply) {
    const actor = request.actor!
    if (!isTimeZone(request.body.timezone))
      throw invalid(['body', 'timezone'], 'Unknown IANA timezone')
    return reply
      .code(200)
      .send(await request.tx((tx) => preferencesRepository(tx).put(actor.id, request.body)))
  },

  async changePassword(request, reply) {
    const { db, config } = request.server
    const actor = request.actor!
    await verifyCurrentPassword(request, actor.email, request.body.current_password)
    const hash = await hashPassword(request.body.new_password, config.scryptLogN)
    await db.transaction(SYSTEM, async (tx) => {
      await sessionsRepository(tx).setPassword(actor.id, hash)
      await sessionsRepository(tx).revokeUserSessions(actor.id, 'password_changed', actor.sessionId)
    })
    audit(request, 'user.password_change', {}, 'Password changed')
    return reply.code(204).send()
  },
} satisfies Pick<RouteHandlers, 'getPreferences' | 'updatePreferences' | 'changePassword'>
