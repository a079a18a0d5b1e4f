import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/** The console: its own scripts, styles (React Aria and charts set style attributes), images and fonts. */
const consoleDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

/** API answers are data, never documents. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox"

/** Helmet leaves Permissions-Policy out: the console uses none of these. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()'

/**
 * Helmet's headers with the console's CSP (helmet's defaults are looser: inline attributes, any
 * https image), framing denied, same-origin opener and resources, and HSTS outside development.
 */
export const helmetOptions = (hsts: boolean): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: consoleDirectives },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  xFrameOptions: { action: 'deny' },
})

const isApi = (request: FastifyRequest) => request.url.startsWith('/api/')

/** What helmet does not set, and what differs for the API. */
function addOwnHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.header('permissions-policy', PERMISSIONS_POLICY)
  if (isApi(request)) reply.header('content-security-policy', API_CSP)
}

/**
 * The same headers on an answer given before this plugin's hooks run: the router's refusal of a
 * malformed or overlong path (Fastify's `frameworkErrors`) and the shutdown gate's 503.
 */
export function securityHeadersBeforeHooks(hsts: boolean) {
  const apply = helmet(helmetOptions(hsts))
  return (request: FastifyRequest, reply: FastifyReply) => {
    apply(request.raw, reply.raw, () => {})
    addOwnHeaders(request, reply)
    if (isApi(request)) reply.header('cache-control', 'no-store')
  }
}

/** The security headers on every answer, through @fastify/helmet. */
export const securityHeaders = fp<{ hsts: boolean }>(
  async (app, { hsts }) => {
    // The same options: @fastify/helmet's types name helmet's CommonJS declarations, ours its ES ones.
    await app.register(fastifyHelmet, helmetOptions(hsts) as FastifyHelmetOptions)
    app.addHook('onRequest', async (request, reply) => addOwnHeaders(request, reply))
    // An API answer is not cached unless its handler says so (the CSV downloads do).
    app.addHook('onSend', async (request, reply, payload) => {
      if (isApi(request) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store')
      return payload
    })
  },
  // Before every hook that may refuse a request (CSRF, session): its refusal carries them too.
  { name: 'security-headers', dependencies: ['shutdown-gate'] },
)
