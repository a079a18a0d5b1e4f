import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { decodeCanonicalBase64url, isCanonicalBase64url } from '~/server/lib/base64url.ts'

/** What an access token says: the user, the session (refresh family) it belongs to, and expiry. */
export interface AccessClaims {
  sub: string
  sid: string
  exp: number
}

/**
 * Access tokens are `payload.signature`, both base64url, signed with HMAC-SHA256. They are
 * short-lived; every request still checks that the session was not revoked (logout). Both parts
 * are read only in their canonical spelling: a token has one (lib/base64url.ts).
 */
export function signAccessToken(claims: AccessClaims, secret: Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  const signature = createHmac('sha256', secret).update(payload).digest('base64url')
  return `${payload}.${signature}`
}

const isClaims = (value: unknown): value is AccessClaims =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AccessClaims).sub === 'string' &&
  typeof (value as AccessClaims).sid === 'string' &&
  typeof (value as AccessClaims).exp === 'number'

/** The claims of a well-signed, unexpired token, or undefined for anything else. */
export function verifyAccessToken(
  token: string,
  secret: Buffer,
  now = Date.now(),
): AccessClaims | undefined {
  if (token.length > 1024) return undefined
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined) return undefined
  const expected = createHmac('sha256', secret).update(payload).digest()
  const actual = decodeCanonicalBase64url(signature)
  if (actual?.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined
  const claimsJson = decodeCanonicalBase64url(payload)
  if (!claimsJson) return undefined
  let claims: unknown
  try {
    claims = JSON.parse(claimsJson.toString('utf8'))
  } catch {
    return undefined
  }
  if (!isClaims(claims) || claims.exp * 1000 <= now) return undefined
  return claims
}

const REFRESH_TOKEN_BYTES = 32

/** Refresh tokens are opaque random strings; only their SHA-256 is stored. */
export function newRefreshToken(): string {
  return randomBytes(REFRESH_TOKEN_BYTES).toString('base64url')
}

/** Whether `token` could be one we issued: 32 bytes in their one base64url spelling. */
export const isRefreshTokenShaped = (token: string) =>
  isCanonicalBase64url(token, REFRESH_TOKEN_BYTES)

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
