import type { Queryable } from '~/server/db/database.ts'
import type { Role } from '~/server/db/database.ts'
import type { Actor } from '~/server/context.ts'

/** The user columns every user answer needs. */
export const USER_COLUMNS = 'u.id, u.email, u.full_name, u.role, u.group_id, u.created_at'

export interface UserRow {
  id: string
  email: string
  full_name: string | null
  role: Role
  group_id: string | null
  created_at: Date
}

export interface CredentialRow extends UserRow {
  password_hash: string
  is_active: boolean
}

/** Session tables belong to the owner: these run in system transactions, never as app_user. */
export const sessionsRepository = (q: Queryable) => ({
  async credentials(email: string): Promise<CredentialRow | undefined> {
    const { rows } = await q.query<CredentialRow>(
      `SELECT ${USER_COLUMNS}, u.password_hash, u.is_active FROM users u WHERE lower(u.email) = lower($1)`,
      [email],
    )
    return rows[0]
  },

  /** The actor of a live session and when the session ends, or undefined when it or the user is gone. */
  async actor(
    userId: string,
    sessionId: string,
  ): Promise<{ actor: Actor; expiresAt: Date } | undefined> {
    const { rows } = await q.query<UserRow & { session_expires_at: Date }>(
      `SELECT ${USER_COLUMNS}, s.expires_at AS session_expires_at FROM users u JOIN sessions s ON s.user_id = u.id
       WHERE u.id = $1 AND s.id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active`,
      [userId, sessionId],
    )
    const row = rows[0]
    return row && { actor: { ...toActor(row), sessionId }, expiresAt: row.session_expires_at }
  },

  async createSession(
    userId: string,
    ttlSeconds: number,
    meta: { userAgent?: string; ip: string },
  ): Promise<string> {
    const { rows } = await q.query<{ id: string }>(
      `INSERT INTO sessions (user_id, expires_at, user_agent, ip)
       VALUES ($1, now() + make_interval(secs => $2), left($3, 300), $4) RETURNING id`,
      [userId, ttlSeconds, meta.userAgent ?? null, meta.ip],
    )
    return rows[0]!.id
  },

  async addRefreshToken(familyId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
    await q.query(
      `INSERT INTO refresh_tokens (family_id, token_hash, expires_at)
       VALUES ($1, $2, least(now() + make_interval(secs => $3), (SELECT expires_at FROM sessions WHERE id = $1)))`,
      [familyId, tokenHash, ttlSeconds],
    )
  },

  /** The refresh token and its session, locked for this transaction. */
  async refreshToken(tokenHash: string) {
    const { rows } = await q.query<{
      id: string
      family_id: string
      used_at: Date | null
      revoked_at: Date | null
      expired: boolean
      session_live: boolean
      user_id: string
    }>(
      `SELECT t.id, t.family_id, t.used_at, t.revoked_at, t.expires_at <= now() AS expired,
              (s.revoked_at IS NULL AND s.expires_at > now()) AS session_live, s.user_id
       FROM refresh_tokens t JOIN sessions s ON s.id = t.family_id
       WHERE t.token_hash = $1 FOR UPDATE OF t`,
      [tokenHash],
    )
    return rows[0]
  },

  async markUsed(tokenId: string): Promise<void> {
    await q.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [tokenId])
  },

  async user(userId: string): Promise<UserRow | undefined> {
    const { rows } = await q.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 AND u.is_active`,
      [userId],
    )
    return rows[0]
  },

  /** Ends a session and every refresh token of its family. */
  async revokeSession(sessionId: string, reason: string): Promise<boolean> {
    const { rowCount } = await q.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`,
      [sessionId, reason],
    )
    await q.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
      [sessionId],
    )
    return rowCount > 0
  },

  /** Ends every session of a user but `keep` (password changed, account deleted or demoted). */
  async revokeUserSessions(userId: string, reason: string, keep?: string): Promise<void> {
    await q.query(
      `WITH ended AS (
         UPDATE sessions SET revoked_at = now(), revoked_reason = $2
         WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $3::uuid RETURNING id)
       UPDATE refresh_tokens SET revoked_at = now() WHERE family_id IN (SELECT id FROM ended) AND revoked_at IS NULL`,
      [userId, reason, keep ?? null],
    )
  },

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await q.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      userId,
      passwordHash,
    ])
  },
})

export function toActor(row: UserRow): Omit<Actor, 'sessionId'> {
  return {
    kind: 'person',
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    groupId: row.group_id,
    createdAt: row.created_at,
  }
}
