import type { ApiKey } from '~/api/__generated__/types.gen.ts'
import type { Actor } from '~/server/context.ts'
import { isElevated } from '~/server/context.ts'
import type { Database, Queryable, Role } from '~/server/db/database.ts'
import { secretMatches } from './api-key-format.ts'

/** Roles in order of power: a key's role may be no higher than its creator's. */
const RANK: Record<Role, number> = { user: 0, admin: 1, superuser: 2, developer: 3 }
export const outranks = (role: Role, other: Role) => RANK[role] > RANK[other]

/** `last_used_at` is written at most once a minute per key, not on every request. */
const LAST_USED_PRECISION_SECONDS = 60

/** Why a key is refused, as the 401's `detail`. */
export type KeyRefusal =
  | 'API key is invalid or has been revoked'
  | 'API key has expired'
  | "API key's creator no longer holds its role or group"

interface KeyRow {
  secret_hash: Uint8Array
  name: string
  role: Role
  group_id: string | null
  expired: boolean
  revoked: boolean
  stale: boolean
  created_by: string
  email: string
  user_created_at: Date
  creator_role: Role
  creator_group: string | null
  creator_active: boolean
}

/** Whether the creator still covers the key: active, at least its role, and in its group. */
const creatorCovers = (row: KeyRow) =>
  row.creator_active &&
  !outranks(row.role, row.creator_role) &&
  (isElevated(row.creator_role) || row.creator_group === row.group_id)

/**
 * The service actor of a presented key, or why it is refused. No cache: one indexed row (by the
 * key's id) per request, so a revocation or expiry acts at once on every replica. Runs as the
 * owner, before any tenant is known.
 */
export async function authenticateApiKey(
  db: Database,
  id: string,
  secret: string,
): Promise<Actor | KeyRefusal> {
  const { rows } = await db.query<KeyRow>(
    `SELECT k.secret_hash, k.name, k.role, k.group_id, k.created_by,
            coalesce(k.expires_at <= now(), false) AS expired, k.revoked_at IS NOT NULL AS revoked,
            (k.last_used_at IS NULL OR k.last_used_at < now() - make_interval(secs => $2)) AS stale,
            u.email, u.created_at AS user_created_at, u.role AS creator_role,
            u.group_id AS creator_group, u.is_active AS creator_active
     FROM api_keys k JOIN users u ON u.id = k.created_by WHERE k.id = $1`,
    [id, LAST_USED_PRECISION_SECONDS],
  )
  const row = rows[0]
  if (!row || row.revoked || !secretMatches(row.secret_hash, secret))
    return 'API key is invalid or has been revoked'
  if (row.expired) return 'API key has expired'
  if (!creatorCovers(row)) return "API key's creator no longer holds its role or group"
  if (row.stale) await db.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, [id])
  return {
    kind: 'service',
    id: row.created_by,
    email: row.email,
    fullName: row.name,
    role: row.role,
    groupId: row.group_id,
    createdAt: row.user_created_at,
    sessionId: id,
  }
}

export interface NewApiKey {
  name: string
  role: Role
  groupId: string | null
  expiresAt: Date | null
  createdBy: string
  secretHash: Buffer
}

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * A key as the contract answers it (never the secret). Its creator is an admin of its group or an
 * elevated user; an admin cannot read an elevated user's row (row-level security), hence the name.
 */
const KEY_JSON = `json_build_object('id', k.id, 'name', k.name, 'role', k.role, 'group_id', k.group_id,
  'created_by', k.created_by,
  'created_by_name', coalesce(u.full_name, u.email, 'A developer or superuser'),
  'created_at', ${iso('k.created_at')}, 'expires_at', ${iso('k.expires_at')},
  'last_used_at', ${iso('k.last_used_at')},
  'status', CASE WHEN k.revoked_at IS NOT NULL THEN 'revoked'
                 WHEN k.expires_at <= now() THEN 'expired' ELSE 'active' END,
  'revoked_at', ${iso('k.revoked_at')}, 'revoked_by', k.revoked_by,
  'revoked_by_name', k.revoked_by_name)`

/** Keys under the transaction's tenant scope (row-level security filters by group). */
export const apiKeysRepository = (q: Queryable) => ({
  async list(): Promise<ApiKey[]> {
    const { rows } = await q.query<{ body: ApiKey[] }>(
      `SELECT coalesce(json_agg(${KEY_JSON} ORDER BY k.created_at DESC, k.id), '[]'::json) AS body
       FROM api_keys k LEFT JOIN users u ON u.id = k.created_by`,
    )
    return rows[0]!.body
  },

  /** One key of the scope, or undefined. */
  async get(id: string): Promise<ApiKey | undefined> {
    const { rows } = await q.query<{ body: ApiKey }>(
      `SELECT ${KEY_JSON} AS body FROM api_keys k LEFT JOIN users u ON u.id = k.created_by
       WHERE k.id = $1`,
      [id],
    )
    return rows[0]?.body
  },

  async create(key: NewApiKey): Promise<ApiKey> {
    const { rows } = await q.query<{ body: ApiKey }>(
      `WITH k AS (
         INSERT INTO api_keys (name, role, group_id, expires_at, created_by, secret_hash)
         VALUES (btrim($1), $2, $3, $4, $5, $6) RETURNING *)
       SELECT ${KEY_JSON} AS body FROM k LEFT JOIN users u ON u.id = k.created_by`,
      [key.name, key.role, key.groupId, key.expiresAt, key.createdBy, key.secretHash],
    )
    return rows[0]!.body
  },

  /**
   * Revokes a key of the scope, keeping its row (listed as revoked, with who and when); false
   * when there is none, or it was revoked already.
   */
  async revoke(id: string, by: { id: string; name: string }): Promise<boolean> {
    const { rowCount } = await q.query(
      `UPDATE api_keys SET revoked_at = now(), revoked_by = $2, revoked_by_name = $3
       WHERE id = $1 AND revoked_at IS NULL`,
      [id, by.id, by.name],
    )
    return rowCount > 0
  },
})
