import type { FastifyReply } from 'fastify'
import type { Config } from '~/server/config.ts'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '~/server/plugins/session-auth.ts'

/** The refresh cookie goes only to the auth endpoints: no other request carries it. */
export const REFRESH_PATH = '/api/v1/auth'

const base = (config: Config) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.cookieSecure,
})

export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  access: string,
  refresh: string,
): void {
  reply.setCookie(ACCESS_COOKIE, access, {
    ...base(config),
    path: '/',
    maxAge: config.accessTtlSeconds,
  })
  reply.setCookie(REFRESH_COOKIE, refresh, {
    ...base(config),
    path: REFRESH_PATH,
    maxAge: config.refreshTtlSeconds,
  })
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(ACCESS_COOKIE, { ...base(config), path: '/' })
  reply.clearCookie(REFRESH_COOKIE, { ...base(config), path: REFRESH_PATH })
}
