import type { FastifyRequest } from 'fastify'
import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { Actor } from '~/server/context.ts'
import { notAuthenticated } from '~/server/lib/http-errors.ts'
import { parseApiKey } from '../api-keys/api-key-format.ts'
import { authenticateApiKey } from '../api-keys/api-keys-repository.ts'
import { sessionsRepository } from '../auth/sessions-repository.ts'
import { bearerOf } from '~/server/plugins/session-auth.ts'
import type { EventHub } from './event-hub.ts'

const sameActor = (a: Actor, b: Actor) =>
  a.id === b.id && a.role === b.role && a.groupId === b.groupId

/**
 * Whether the stream's credential still holds with the role and group it opened with: the
 * session (a person) or the API key (a service account), looked up as a request would.
 */
function verifier(request: FastifyRequest, actor: Actor): () => Promise<boolean> {
  const db = request.server.db
  if (actor.kind === 'service') {
    const key = parseApiKey(bearerOf(request) ?? '')
    return async () => {
      if (!key) return false
      const now = await authenticateApiKey(db, key.id, key.secret)
      return typeof now !== 'string' && sameActor(now, actor)
    }
  }
  return async () => {
    const now = await sessionsRepository(db).actor(actor.id, actor.sessionId)
    return now !== undefined && sameActor(now.actor, actor)
  }
}

export const eventsHandlers = {
  /** The live stream (modules/events/event-hub.ts): the reply is the open response itself. */
  async streamEvents(request, reply) {
    const actor = request.actor
    if (!actor) throw notAuthenticated()
    const lastEventId = request.headers['last-event-id']
    reply.hijack()
    const response = reply.raw
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) response.setHeader(name, value)
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    })
    request.server.live.open(
      { userId: actor.id, scope: request.scope, response, verify: verifier(request, actor) },
      typeof lastEventId === 'string' ? lastEventId : undefined,
    )
  },
} satisfies Pick<RouteHandlers, 'streamEvents'>

declare module 'fastify' {
  interface FastifyInstance {
    /** The live event stream's fan-out in this process. */
    live: EventHub
  }
}
