import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SYSTEM } from '~/server/db/database.ts'
import { HttpError } from '~/server/lib/http-errors.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { sessionsRepository, type UserRow } from './sessions-repository.ts'
import {
  hashRefreshToken,
  isRefreshTokenShaped,
  newRefreshToken,
  signAccessToken,
} from './tokens.ts'

export interface IssuedSession {
  user: UserRow
  access: string
  refresh: string
  sessionId: string
}

const INVALID_CREDENTIALS = () =>
  new HttpError(
    401,
    'Invalid email or password',
    'invalid_credentials',
    'Check your e-mail and password.',
  )

export const INVALID_REFRESH = () =>
  new HttpError(
    401,
    'Refresh token is invalid or expired',
    'invalid_refresh_token',
    'Sign in again.',
  )

/** Absolute session lifetime: refresh tokens rotate within it, then the user signs in again. */
const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60

/** A hash to verify against when the account does not exist, so both failures take as long. */
const dummyHashes = new Map<number, Promise<string>>()
function dummyHash(logN: number): Promise<string> {
  let hash = dummyHashes.get(logN)
  if (!hash) {
    hash = hashPassword('not-a-password-of-anyone', logN)
    dummyHashes.set(logN, hash)
  }
  return hash
}

export function tooManyAttempts(seconds: number): HttpError {
  return new HttpError(
    429,
    `Too many login attempts, try again in ${seconds} seconds`,
    'rate_limited',
    'Wait before trying again.',
    { 'retry-after': String(seconds) },
  )
}

function issueAccess(app: FastifyInstance, userId: string, sessionId: string): string {
  const exp = Math.floor(Date.now() / 1000) + app.config.accessTtlSeconds
  return signAccessToken({ sub: userId, sid: sessionId, exp }, app.sessionSecret)
}

/** Checks the password (throttled per account and address) and opens a session. */
export async function signIn(
  request: FastifyRequest,
  email: string,
  password: string,
): Promise<IssuedSession> {
  const app = request.server
  const account = email.trim().toLowerCase()
  const attempt = await app.loginThrottle.begin(account, request.ip)
  if (attempt.retryAfter > 0) throw tooManyAttempts(attempt.retryAfter)
  const row = await sessionsRepository(app.db).credentials(account)
  const ok = await verifyPassword(
    password,
    row?.password_hash ?? (await dummyHash(app.config.scryptLogN)),
  )
  if (!row || !ok || !row.is_active) {
    app.logs.audit.warn(
      { action: 'login.failed', email: account, ip: request.ip, request_id: request.id },
      'Sign-in failed',
    )
    throw INVALID_CREDENTIALS()
  }
  await attempt.succeeded()
  const refresh = newRefreshToken()
  const sessionId = await app.db.transaction(SYSTEM, async (tx) => {
    const repo = sessionsRepository(tx)
    const id = await repo.createSession(row.id, SESSION_TTL_SECONDS, {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    })
    await repo.addRefreshToken(id, hashRefreshToken(refresh), app.config.refreshTtlSeconds)
    return id
  })
  app.logs.audit.info(
    {
      action: 'login',
      user_id: row.id,
      email: row.email,
      session_id: sessionId,
      ip: request.ip,
      request_id: request.id,
    },
    'Signed in',
  )
  return { user: row, access: issueAccess(app, row.id, sessionId), refresh, sessionId }
}

type RefreshOutcome =
  | { kind: 'rotated'; user: UserRow; familyId: string }
  | { kind: 'replayed'; familyId: string; userId: string }
  | { kind: 'invalid' }

/**
 * Rotates a refresh token. A token that was already used (or revoked) is a replay: someone else
 * has a copy, so the whole family is revoked, committed, and the answer is 401.
 */
export async function rotateRefresh(
  request: FastifyRequest,
  token: string | undefined,
): Promise<IssuedSession> {
  const app = request.server
  if (!token || !isRefreshTokenShaped(token)) throw INVALID_REFRESH()
  const next = newRefreshToken()
  const outcome = await app.db.transaction(SYSTEM, async (tx): Promise<RefreshOutcome> => {
    const repo = sessionsRepository(tx)
    const current = await repo.refreshToken(hashRefreshToken(token))
    if (!current) return { kind: 'invalid' }
    if (current.used_at || current.revoked_at) {
      await repo.revokeSession(current.family_id, 'refresh_token_replay')
      return { kind: 'replayed', familyId: current.family_id, userId: current.user_id }
    }
    if (current.expired || !current.session_live) return { kind: 'invalid' }
    const user = await repo.user(current.user_id)
    if (!user) return { kind: 'invalid' }
    await repo.markUsed(current.id)
    await repo.addRefreshToken(
      current.family_id,
      hashRefreshToken(next),
      app.config.refreshTtlSeconds,
    )
    return { kind: 'rotated', user, familyId: current.family_id }
  })
  if (outcome.kind === 'replayed') {
    app.logs.audit.warn(
      {
        action: 'session.replay',
        user_id: outcome.userId,
        session_id: outcome.familyId,
        ip: request.ip,
        request_id: request.id,
      },
      'Refresh token replayed: session revoked',
    )
  }
  if (outcome.kind !== 'rotated') throw INVALID_REFRESH()
  return {
    user: outcome.user,
    access: issueAccess(app, outcome.user.id, outcome.familyId),
    refresh: next,
    sessionId: outcome.familyId,
  }
}

/**
 * Checks the signed-in user's current password before a change, throttled like sign-in (a stolen
 * session must not become a password oracle). Wrong: 400 invalid_current_password.
 */
export async function verifyCurrentPassword(
  request: FastifyRequest,
  email: string,
  password: string,
): Promise<void> {
  const { db, loginThrottle } = request.server
  const attempt = await loginThrottle.begin(email, request.ip)
  if (attempt.retryAfter > 0) throw tooManyAttempts(attempt.retryAfter)
  const credentials = await sessionsRepository(db).credentials(email)
  if (!credentials || !(await verifyPassword(password, credentials.password_hash))) {
    throw new HttpError(
      400,
      'Current password is incorrect',
      'invalid_current_password',
      'Check your current password.',
    )
  }
  await attempt.succeeded()
}
