/**
 * Strict base64url, for every secret the server parses (access tokens, refresh tokens, device
 * tokens, API key secrets). Node's `Buffer.from(text, 'base64url')` is lenient: it ignores `=`
 * padding, stops at a junk character and drops the unused low bits of the last character, so
 * several spellings decode to the same bytes. A credential has exactly one spelling: the one its
 * bytes encode to; anything else is refused like any wrong credential.
 */
const ALPHABET = /^[A-Za-z0-9_-]*$/

/** The bytes of `text` when it is their canonical base64url spelling, otherwise undefined. */
export function decodeCanonicalBase64url(text: string): Buffer | undefined {
  if (!ALPHABET.test(text)) return undefined
  const bytes = Buffer.from(text, 'base64url')
  return bytes.toString('base64url') === text ? bytes : undefined
}

/** Whether `text` is the canonical base64url spelling of exactly `byteLength` bytes. */
export const isCanonicalBase64url = (text: string, byteLength: number) =>
  decodeCanonicalBase64url(text)?.length === byteLength
