import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../lib/http-errors.ts'
import { bearerOf } from './session-auth.ts'
import fp from 'fastify-plugin'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * An MQTT broker's authentication callbacks: they carry no cookie for a forged request to ride
 * on, and prove themselves with the shared secret MQTT_AUTH_SECRET (modules/mqtt/handlers.ts).
 */
const BROKER_CALLBACKS = new Set(['/api/v1/mqtt/auth', '/api/v1/mqtt/acl'])

const refuse = (detail: string) => new HttpError(403, detail, 'csrf_rejected')

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase()
  } catch {
    return undefined
  }
}

/**
 * CSRF defence before anything else runs: a state-changing request authenticated by cookies must carry X-Request-ID (a
 * cross-site form cannot send a custom header, and a cross-site fetch with one needs a CORS
 * preflight we never grant), and when the browser names an Origin it must be this host.
 */
export const csrfProtection = fp(
  async function csrfProtection(app: FastifyInstance) {
    app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!STATE_CHANGING.has(request.method)) return
      // An API key or device token: a browser never sends one by itself, and such a request is
      // never authenticated by its cookies (session-auth.ts), so nothing rides on them.
      if (bearerOf(request) !== undefined) return
      if (BROKER_CALLBACKS.has(request.url) && !request.headers.cookie) return
      if (!request.headers['x-request-id']) {
        throw refuse('Missing X-Request-ID header on a state-changing request')
      }
      const origin = request.headers.origin
      if (origin !== undefined) {
        const host = request.headers.host?.toLowerCase()
        if (origin === 'null' || !host || hostOf(origin) !== host) {
          throw refuse('Cross-site request refused')
        }
      }
      if (request.headers['sec-fetch-site'] === 'cross-site')
        throw refuse('Cross-site request refused')
    })
  },
  { name: 'csrf', dependencies: ['request-context'] },
)
