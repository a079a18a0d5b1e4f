import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { notAuthenticated } from '~/server/lib/http-errors.ts'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '~/server/plugins/session-auth.ts'
import { toUser } from '../users/users-repository.ts'
import { rotateRefresh, signIn } from './auth-service.ts'
import { clearSessionCookies, setSessionCookies } from './cookies.ts'
import { sessionsRepository } from './sessions-repository.ts'
import { hashRefreshToken, verifyAccessToken } from './tokens.ts'
import { audit } from '~/server/lib/audit.ts'

export const authHandlers = {
  async login(request, reply) {
    const { username, password } = request.body
    const session = await signIn(request, username, password)
    setSessionCookies(reply, request.server.config, session.access, session.refresh)
    return reply.code(200).send({ user: toUser(session.user) })
  },

  async refreshSession(request, reply) {
    try {
      const session = await rotateRefresh(request, request.cookies[REFRESH_COOKIE])
      setSessionCookies(reply, request.server.config, session.access, session.refresh)
      return reply.code(200).send({ user: toUser(session.user) })
    } catch (error) {
      clearSessionCookies(reply, request.server.config)
      throw error
    }
  },

  /** Revokes the session named by the access cookie (even expired) or else the refresh cookie. */
  async logout(request, reply) {
    const { db, sessionSecret, config } = request.server
    const access = request.cookies[ACCESS_COOKIE]
    const refresh = request.cookies[REFRESH_COOKIE]
    clearSessionCookies(reply, config)
    const revoked = await db.transaction(SYSTEM, async (tx) => {
      const repo = sessionsRepository(tx)
      const claims = access ? verifyAccessToken(access, sessionSecret, 0) : undefined
      const familyId =
        claims?.sid ??
        (refresh ? (await repo.refreshToken(hashRefreshToken(refresh)))?.family_id : undefined)
      if (!familyId) return undefined
      return (await repo.revokeSession(familyId, 'logout')) ? familyId : undefined
    })
    if (!revoked) throw notAuthenticated('No active session')
    audit(request, 'logout', { session_id: revoked }, 'Signed out')
    return reply.code(204).send()
  },
} satisfies Pick<RouteHandlers, 'login' | 'refreshSession' | 'logout'>
