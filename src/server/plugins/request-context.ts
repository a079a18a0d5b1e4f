import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingMessage } from 'node:http'
import { operationOf } from './session-auth.ts'
import fp from 'fastify-plugin'

const SAFE_ID = /^[\w.:@+=-]{1,128}$/

/** The client's X-Request-ID when it is a sane token, otherwise a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id']
  const value = Array.isArray(header) ? header[0] : header
  return value && SAFE_ID.test(value) ? value : randomUUID()
}

/**
 * Reading the logs is left out of them when it succeeds: the log viewer polls every 5 seconds, and
 * its own lines would match its searches and shift its totals while someone pages.
 */
const UNLOGGED = new Set<string | undefined>(['getLogs'])

/** The one line a request gets, with method, endpoint, status and duration. */
function logRequest(request: FastifyRequest, reply: FastifyReply, clientGone: boolean) {
  const status = reply.statusCode
  if (status < 400 && UNLOGGED.has(operationOf(request))) return
  const level = status >= 500 ? 'error' : status === 403 || status === 429 ? 'warn' : 'info'
  const path = request.url.split('?')[0]
  request.log[level](
    {
      logger: 'http',
      method: request.method,
      endpoint: request.routeOptions.url ?? path,
      url: request.url.length > 512 ? `${request.url.slice(0, 512)}...` : request.url,
      status,
      duration_ms: Math.round(reply.elapsedTime * 100) / 100,
      ip: request.ip,
      ...(clientGone ? { client_gone: true } : {}),
    },
    `${request.method} ${path} ${status}${clientGone ? ' (client gone)' : ''}`,
  )
}

/**
 * An answer whose client left before it arrived: Fastify writes it into a closed connection and
 * runs no onResponse hook. Its line is written once the server has answered and the connection
 * has closed, whichever comes last, so a cancelled request is logged with what the server did.
 */
interface Delivery {
  answered: boolean
  gone: boolean
  logged: boolean
}
const deliveries = new WeakMap<FastifyRequest, Delivery>()

function logOnce(request: FastifyRequest, reply: FastifyReply, clientGone: boolean) {
  const delivery = deliveries.get(request)
  if (delivery?.logged) return
  if (delivery) delivery.logged = true
  logRequest(request, reply, clientGone)
}

/**
 * Echoes the request id on every answer (errors included) and writes one line per request,
 * with method, endpoint, status and duration, also for a request whose client left before the
 * answer (`client_gone`); the request id rides on every line through the request's child logger,
 * the user id once the session is known.
 */
export const requestContext = fp(
  async function requestContext(app: FastifyInstance) {
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('x-request-id', request.id)
      const delivery: Delivery = { answered: false, gone: false, logged: false }
      deliveries.set(request, delivery)
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return
        delivery.gone = true
        if (delivery.answered) logOnce(request, reply, true)
      })
    })
    app.addHook(
      'onSend',
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const delivery = deliveries.get(request)
        if (delivery && !delivery.answered) {
          delivery.answered = true
          if (delivery.gone) logOnce(request, reply, true)
        }
        return payload
      },
    )
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      logOnce(request, reply, false)
    })
  },
  { name: 'request-context', dependencies: ['security-headers'] },
)

export interface ShutdownGateOptions {
  /** The object itself, not a copy: server.ts sets `draining` on it when shutdown starts. */
  lifecycle: { draining: boolean }
  /** Puts the security headers on a refusal (the gate runs before the hooks that would). */
  refusalHeaders: (request: FastifyRequest, reply: FastifyReply) => void
}

/**
 * While draining for shutdown, new requests answer 503 (with our error shape); requests already
 * in flight finish, and every answer closes its connection so no keep-alive socket holds the
 * server open. The first hook of all: a request the server has received is decided within
 * Fastify's request listener, before any asynchronous hook could let a shutdown overtake it.
 */
export const shutdownGate = fp<ShutdownGateOptions>(
  async function shutdownGate(app: FastifyInstance, { lifecycle: state, refusalHeaders }) {
    app.addHook(
      'onSend',
      async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (state.draining) reply.header('connection', 'close')
        return payload
      },
    )
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!state.draining) return
      refusalHeaders(request, reply)
      reply
        .header('connection', 'close')
        .header('retry-after', '5')
        .code(503)
        .type('application/json')
      return reply.send({
        detail: 'Service is shutting down',
        code: 'service_unavailable',
        remediation: 'Try again in a few seconds.',
      })
    })
  },
  { name: 'shutdown-gate' },
)
