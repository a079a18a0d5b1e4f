import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** The console: its own scripts, styles (React Aria and charts set style attributes), images and fonts. */
const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** API answers are data, never documents. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox"

/** CSP, nosniff, framing and referrer rules; HSTS outside development. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, hsts: boolean) {
  const api = request.url.startsWith('/api/')
  reply.header('content-security-policy', api ? API_CSP : SPA_CSP)
  reply.header('x-content-type-options', 'nosniff')
  reply.header('x-frame-options', 'DENY')
  reply.header('referrer-policy', 'strict-origin-when-cross-origin')
  reply.header('cross-origin-opener-policy', 'same-origin')
  reply.header('cross-origin-resource-policy', 'same-origin')
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  if (hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
  if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
}

/** The security headers on every answer. */
export function securityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    setSecurityHeaders(request, reply, options.hsts)
    return payload
  })
}
