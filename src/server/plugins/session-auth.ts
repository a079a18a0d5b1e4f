import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SYSTEM, type Statement, type Tx } from '../db/database.ts'
import { dbScope, isElevated, type Actor, type TenantScope } from '../context.ts'
import { forbidden, HttpError, notAuthenticated } from '../lib/http-errors.ts'
import { verifyAccessToken } from '../modules/auth/tokens.ts'
import { sessionsRepository } from '../modules/auth/sessions-repository.ts'
import { isAllowed, permissions, PROFILE_ROLES, type OperationId } from '../permissions.ts'
import { wantsProfile } from './profiler.ts'
import { SessionCache } from './session-cache.ts'
import fp from 'fastify-plugin'

export const ACCESS_COOKIE = 'console_access'
export const REFRESH_COOKIE = 'console_refresh'

export const operationOf = (request: FastifyRequest) =>
  (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId as
    OperationId | undefined

/** Whether the operation declares X-Group-ID (header names are case-insensitive). */
const takesGroupHeader = (request: FastifyRequest) => {
  const headers = request.routeOptions.schema?.headers as
    { properties?: Record<string, unknown> } | undefined
  return Object.keys(headers?.properties ?? {}).some((name) => name.toLowerCase() === 'x-group-id')
}

/** The actor of the access cookie, if it is well signed, unexpired and its session still live. */
async function authenticate(request: FastifyRequest, cache: SessionCache): Promise<Actor | null> {
  const token = request.cookies[ACCESS_COOKIE]
  if (!token) return null
  const claims = verifyAccessToken(token, request.server.sessionSecret)
  if (!claims) return null
  const actor = await cache.actor(claims.sub, claims.sid, () =>
    sessionsRepository(request.server.db).actor(claims.sub, claims.sid),
  )
  return actor ?? null
}

/** The tenant data a request acts on (request.scope); known before the body is read. */
export function scopeOf(request: FastifyRequest, actor: Actor): TenantScope {
  if (!isElevated(actor.role)) return { all: false, groupId: actor.groupId }
  const header = request.headers['x-group-id']
  if (typeof header === 'string' && header !== '' && takesGroupHeader(request))
    return { all: false, groupId: header }
  return { all: true }
}

/**
 * For every operation: who is calling (session cookie -> actor, from the database or from the
 * session cache the database keeps current, so logout and deletion take effect at once), whether
 * the permission table lets that role call it (before validation, so a forbidden caller learns
 * nothing about the input schema), and then, after validation, the tenant scope and the
 * transaction helpers the handlers use.
 */
export const sessionAuth = fp(
  async function sessionAuth(app: FastifyInstance) {
    const cache = new SessionCache(app.config.sessionCacheMs)
    app.addHook('onReady', () => cache.start(app.db))
    app.addHook('onClose', () => cache.stop())
    app.decorateRequest('actor', null)
    app.decorateRequest('scope', null as never)
    app.decorateRequest('tx', function tx<
      T,
    >(this: FastifyRequest, fn: (tx: Tx) => Promise<T>): Promise<T> {
      if (!this.actor) throw notAuthenticated()
      return this.server.db.transaction(dbScope(this.actor, this.scope), fn)
    })
    app.decorateRequest('readOne', function readOne<
      R,
    >(this: FastifyRequest, statement: Statement): Promise<R[]> {
      if (!this.actor) throw notAuthenticated()
      return this.server.db.readOne<R>(dbScope(this.actor, this.scope), statement)
    })
    app.decorateRequest('txAs', function txAs<
      T,
    >(this: FastifyRequest, target: 'all' | string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      const actor = this.actor
      if (!actor || !isElevated(actor.role)) throw new Error('txAs is for elevated actors only')
      const scope: TenantScope = target === 'all' ? { all: true } : { all: false, groupId: target }
      return this.server.db.transaction(dbScope(actor, scope), fn)
    })

    app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
      const operationId = operationOf(request)
      if (!operationId) return
      const rule = permissions[operationId]
      if (!rule) throw new HttpError(403, 'Operation not permitted', 'forbidden')
      const actor = await authenticate(request, cache)
      request.actor = actor
      if (actor) request.log = request.log.child({ user_id: actor.id })
      if (rule === 'public') return
      if (!actor)
        throw notAuthenticated(
          request.cookies[ACCESS_COOKIE] ? 'Session expired or invalid' : 'Not authenticated',
        )
      if (!isAllowed(rule, actor.role)) throw forbidden()
      if (wantsProfile(request) && !PROFILE_ROLES.includes(actor.role)) {
        throw forbidden('Only developers may profile requests')
      }
    })

    app.addHook('preHandler', async (request: FastifyRequest) => {
      if (request.actor) request.scope = scopeOf(request, request.actor)
    })
  },
  { name: 'session-auth', dependencies: ['csrf', '@fastify/cookie'] },
)

/** System work outside any tenant (sign-in, sessions): runs as the owner. */
export const systemTx = <T>(app: FastifyInstance, fn: (tx: Tx) => Promise<T>) =>
  app.db.transaction(SYSTEM, fn)
