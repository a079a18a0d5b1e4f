import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { nonCanonicalSpellings } from '../../../tests/server/helpers/token-variants.ts'
import { decodeCanonicalBase64url, isCanonicalBase64url } from './base64url.ts'

describe('decodeCanonicalBase64url', () => {
  it('decodes the canonical spelling of any length', () => {
    for (const length of [0, 1, 2, 3, 31, 32, 33]) {
      const bytes = randomBytes(length)
      expect(decodeCanonicalBase64url(bytes.toString('base64url'))).toEqual(bytes)
    }
  })

  it('refuses the spellings Buffer.from reads as the same bytes', () => {
    const bytes = randomBytes(32)
    for (const [what, text] of Object.entries(nonCanonicalSpellings(bytes.toString('base64url')))) {
      expect(Buffer.from(text, 'base64url'), what).toEqual(bytes)
      expect(decodeCanonicalBase64url(text), what).toBeUndefined()
    }
    expect(decodeCanonicalBase64url('ab+/')).toBeUndefined()
    expect(decodeCanonicalBase64url('ab c')).toBeUndefined()
  })

  it('checks the length', () => {
    const text = randomBytes(32).toString('base64url')
    expect(isCanonicalBase64url(text, 32)).toBe(true)
    expect(isCanonicalBase64url(text, 31)).toBe(false)
    expect(isCanonicalBase64url('', 32)).toBe(false)
  })
})
