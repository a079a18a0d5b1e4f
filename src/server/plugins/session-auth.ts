import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SYSTEM, type Statement, type Tx } from '../db/database.ts'
import { dbScope, isElevated, type Actor, type TenantScope } from '../context.ts'
import { forbidden, HttpError, notAuthenticated } from '../lib/http-errors.ts'
import { parseApiKey, isApiKeyShaped } from '../modules/api-keys/api-key-format.ts'
import { authenticateApiKey } from '../modules/api-keys/api-keys-repository.ts'
import { verifyAccessToken } from '../modules/auth/tokens.ts'
import { sessionsRepository } from '../modules/auth/sessions-repository.ts'
import { authenticateDevice } from '../modules/devices/device-credentials.ts'
import {
  isAllowed,
  permissions,
  PERSON_ONLY,
  PROFILE_ROLES,
  type OperationId,
  type Rule,
} from '../permissions.ts'
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

/**
 * The credential of `Authorization: Bearer <credential>`, if the request has one. Only this
 * scheme: a browser never sends it by itself (unlike cookies, or Basic credentials it remembers),
 * which is why such requests need no CSRF defence (plugins/csrf.ts).
 */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer +(\S+) *$/i.exec(header)
  return match ? match[1] : undefined
}

/** Who is calling, or why a presented credential is refused (the 401's `detail`). */
type Caller = Actor | null | { refused: string }

const refused = (detail: string) => ({ refused: detail })

/**
 * The one place the three kinds of caller are told apart (context.ts, Actor): a Bearer
 * credential is an API key (`mdk_...`) on any operation, or a device token on the operations
 * devices may call (for the device of the path); without one, the session cookie. A request with
 * a Bearer credential is never a session, whatever cookies it also carries.
 */
async function resolveCaller(
  request: FastifyRequest,
  rule: Rule,
  cache: SessionCache,
): Promise<Caller> {
  const bearer = bearerOf(request)
  if (request.headers.authorization !== undefined && bearer === undefined)
    return refused('The Authorization header must be "Bearer <API key or device token>"')
  if (bearer === undefined) return fromSessionCookie(request, cache)
  if (isApiKeyShaped(bearer)) {
    const key = parseApiKey(bearer)
    if (!key) return refused('API key is malformed')
    const actor = await authenticateApiKey(request.server.db, key.id, key.secret)
    return typeof actor === 'string' ? refused(actor) : actor
  }
  if (rule !== 'device')
    return refused(
      'A device token is accepted only for pushing its own readings (POST /api/v1/devices/{id}/readings); use an API key or sign in',
    )
  const deviceId = (request.params as { id?: string } | undefined)?.id ?? ''
  const device = await authenticateDevice(request.server.db, deviceId, bearer)
  if (!device) return refused('Device token is invalid or revoked for this device')
  return deviceActor(device.deviceId, device.groupId)
}

/** A device as a caller: the least a tenant transaction can run as, in the device's group. */
const deviceActor = (deviceId: string, groupId: string): Actor => ({
  kind: 'device',
  id: deviceId,
  email: '',
  fullName: null,
  role: 'user',
  groupId,
  createdAt: new Date(0),
  sessionId: deviceId,
})

/** The actor of the access cookie, if it is well signed, unexpired and its session still live. */
async function fromSessionCookie(
  request: FastifyRequest,
  cache: SessionCache,
): Promise<Actor | null> {
  const token = request.cookies[ACCESS_COOKIE]
  if (!token) return null
  const claims = verifyAccessToken(token, request.server.sessionSecret)
  if (!claims) return null
  const actor = await cache.actor(claims.sub, claims.sid, () =>
    sessionsRepository(request.server.db).actor(claims.sub, claims.sid),
  )
  return actor ?? null
}

/** A refused Bearer credential: 401 with its reason (a person would sign in again instead). */
const unauthorized = (detail: string) =>
  new HttpError(
    401,
    detail,
    'not_authenticated',
    'Check the credential, or ask an administrator for a new one.',
  )

/** Devices call only the operations marked for them; people and service accounts by role. */
const mayCall = (rule: Rule, actor: Actor) =>
  rule === 'device'
    ? actor.kind === 'device'
    : actor.kind !== 'device' && isAllowed(rule, actor.role)

/** (A device token never reaches another operation: resolveCaller refuses it with a 401.) */
const refusalFor = (rule: Rule) =>
  rule === 'device' ? "Only the device's own access token may push to this endpoint" : undefined

/** Who a request's log lines name: the user (for a key, its creator) and the key or device. */
const logBindings = (actor: Actor) =>
  actor.kind === 'person'
    ? { user_id: actor.id }
    : actor.kind === 'service'
      ? { user_id: actor.id, api_key_id: actor.sessionId }
      : { device_id: actor.id }

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
      const caller = await resolveCaller(request, rule, cache)
      const actor = caller && 'refused' in caller ? null : caller
      request.actor = actor
      if (actor) request.log = request.log.child(logBindings(actor))
      if (rule === 'public') return
      if (caller && 'refused' in caller) throw unauthorized(caller.refused)
      if (!actor)
        throw notAuthenticated(
          request.cookies[ACCESS_COOKIE] ? 'Session expired or invalid' : 'Not authenticated',
        )
      if (!mayCall(rule, actor)) throw forbidden(refusalFor(rule))
      if (actor.kind !== 'person' && PERSON_ONLY.has(operationId))
        throw forbidden('Only a signed-in person may do this, not an API key')
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
