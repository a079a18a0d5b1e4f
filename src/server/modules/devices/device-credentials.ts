import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Database, Queryable } from '~/server/db/database.ts'
import { isCanonicalBase64url } from '~/server/lib/base64url.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** 32 random bytes as base64url: 43 characters, in their one canonical spelling. */
const TOKEN_BYTES = 32
/**
 * `last_used_at` is written at most this often per device: a device pushing every few seconds
 * would otherwise turn every authentication into a write.
 */
const LAST_USED_PRECISION_MS = 60_000

/** The channel a rotated or revoked token is announced on, with its device id (migration 022). */
export const DEVICE_CREDENTIALS_CHANGED = 'device_credentials_changed'

/** A new device access token (shown once) and the SHA-256 that is all the server keeps. */
export function newDeviceToken(): { token: string; hash: Buffer } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  return { token, hash: hashToken(token) }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest()

/**
 * The device a token belongs to, or null when the token is wrong, rotated, revoked, or the device is gone.
 *
 * No cache: one indexed row by device id per call, so a rotation or revocation committed on any
 * replica refuses the old token on the next call everywhere. The stored hash is compared in
 * constant time. Runs as the owner (before any tenant is known); touches only the one device.
 */
export async function authenticateDevice(
  db: Database,
  deviceId: string,
  token: string,
): Promise<{ deviceId: string; groupId: string } | null> {
  if (!UUID.test(deviceId) || !isCanonicalBase64url(token, TOKEN_BYTES)) return null
  const { rows } = await db.query<{ token_hash: Buffer; group_id: string; stale: boolean }>(
    `SELECT token_hash, group_id,
            (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2)) AS stale
     FROM device_credentials WHERE device_id = $1`,
    [deviceId, LAST_USED_PRECISION_MS / 1000],
  )
  const row = rows[0]
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash), hashToken(token))) return null
  if (row.stale) {
    await db.query(`UPDATE device_credentials SET last_used_at = now() WHERE device_id = $1`, [
      deviceId,
    ])
  }
  return { deviceId, groupId: row.group_id }
}

/** A device's token row, under the transaction's tenant scope (row-level security). */
export const deviceCredentialsRepository = (q: Queryable) => ({
  /** Creates or replaces the device's token; false when the device is not in scope. */
  async issue(deviceId: string, hash: Buffer, createdBy: string): Promise<boolean> {
    const { rowCount } = await q.query(
      `INSERT INTO device_credentials (device_id, group_id, token_hash, created_by)
       SELECT d.id, d.group_id, $2, $3 FROM devices d WHERE d.id = $1
       ON CONFLICT (device_id) DO UPDATE
         SET token_hash = excluded.token_hash, created_by = excluded.created_by,
             created_at = now(), last_used_at = NULL`,
      [deviceId, hash, createdBy],
    )
    return rowCount > 0
  },

  /** Revokes the device's token; false when it has none (or is not in scope). */
  async revoke(deviceId: string): Promise<boolean> {
    const { rowCount } = await q.query(`DELETE FROM device_credentials WHERE device_id = $1`, [
      deviceId,
    ])
    return rowCount > 0
  },
})
