import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { isCanonicalBase64url } from '~/server/lib/base64url.ts'

/**
 * An API key is `mdk_<key id>_<secret>`: self-identifying, so a request's key is found by its id
 * (one indexed row) and told apart from a device token (plain base64url) at a glance. Only the
 * secret's SHA-256 is stored; secrets are 32 random bytes, base64url, in their one canonical
 * spelling (lib/base64url.ts).
 */
export const API_KEY_PREFIX = 'mdk_'
const KEY =
  /^mdk_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/

export const isApiKeyShaped = (bearer: string) => bearer.startsWith(API_KEY_PREFIX)

const SECRET_BYTES = 32

/** The id and secret of a well-formed key, or undefined. */
export function parseApiKey(key: string): { id: string; secret: string } | undefined {
  const match = KEY.exec(key)
  if (!match || !isCanonicalBase64url(match[2]!, SECRET_BYTES)) return undefined
  return { id: match[1]!, secret: match[2]! }
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest()

/** A new secret (shown once) and its hash. */
export function newSecret(): { secret: string; hash: Buffer } {
  const secret = randomBytes(SECRET_BYTES).toString('base64url')
  return { secret, hash: hashSecret(secret) }
}

export const formatApiKey = (id: string, secret: string) => `${API_KEY_PREFIX}${id}_${secret}`

/** Whether `secret` hashes to `stored`, in constant time. */
export const secretMatches = (stored: Uint8Array, secret: string) =>
  timingSafeEqual(Buffer.from(stored), hashSecret(secret))
