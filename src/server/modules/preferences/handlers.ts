import type { RouteHandlers } from '../../../api/__generated__/fastify.gen.ts'
import { SYSTEM } from '../../db/database.ts'
import { HttpError, invalid } from '../../lib/http-errors.ts'
import { isTimeZone } from '../../lib/timezones.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { sessionsRepository } from '../auth/sessions-repository.ts'
import { preferencesRepository } from './preferences-repository.ts'

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
    const { db, config, loginThrottle, logs } = request.server
    const actor = request.actor!
    const wait = loginThrottle.attempt(actor.email, request.ip)
    if (wait > 0) {
      throw new HttpError(
        429,
        `Too many attempts, try again in ${wait} seconds`,
        'rate_limited',
        undefined,
        {
          'retry-after': String(wait),
        },
      )
    }
    const credentials = await sessionsRepository(db).credentials(actor.email)
    if (
      !credentials ||
      !(await verifyPassword(request.body.current_password, credentials.password_hash))
    ) {
      loginThrottle.failed(actor.email, request.ip)
      throw new HttpError(
        400,
        'Current password is incorrect',
        'invalid_current_password',
        'Check your current password.',
      )
    }
    const hash = await hashPassword(request.body.new_password, config.scryptLogN)
    await db.transaction(SYSTEM, async (tx) => {
      await sessionsRepository(tx).setPassword(actor.id, hash)
      await sessionsRepository(tx).revokeUserSessions(actor.id, 'password_changed', actor.sessionId)
    })
    logs.audit.info(
      { action: 'user.password_change', user_id: actor.id, request_id: request.id },
      'Password changed',
    )
    return reply.code(204).send()
  },
} satisfies Pick<RouteHandlers, 'getPreferences' | 'updatePreferences' | 'changePassword'>
