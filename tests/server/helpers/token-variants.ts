const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * Other spellings of a base64url secret that Node's lenient decoder reads as the same bytes:
 * `==` appended, a junk character appended, and the last character's unused low bit flipped
 * (for 32 bytes, 43 characters carry 258 bits: the last 2 are unused). Each must be refused.
 */
export function nonCanonicalSpellings(canonical: string): Record<string, string> {
  const last = canonical.at(-1)!
  const flipped = ALPHABET[ALPHABET.indexOf(last) ^ 1]!
  return {
    'with == appended': `${canonical}==`,
    'with a junk character appended': `${canonical}!`,
    "with the last character's low bit flipped": `${canonical.slice(0, -1)}${flipped}`,
  }
}
