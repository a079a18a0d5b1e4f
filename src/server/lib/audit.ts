import type { FastifyRequest } from 'fastify'

/**
 * One line in audit.log (and main.log): who (user, address, request) did what, to which object.
 * Never pass secrets in `details`: passwords and tokens stay out of every log.
 */
export function audit(
  request: FastifyRequest,
  action: string,
  details: Record<string, unknown>,
  message: string,
  level: 'info' | 'warn' = 'info',
): void {
  request.server.logs.audit[level](
    { action, user_id: request.actor?.id, ip: request.ip, request_id: request.id, ...details },
    message,
  )
}
