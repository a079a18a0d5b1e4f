import { describe, expect, it } from 'vitest'
import { curlExample, expiryOf, keyNeedsGroup } from './api-key-rules'

describe('API key rules', () => {
  const now = Date.parse('2026-11-22T10:00:00Z')
  it('turns an expiry choice into an instant, or null for never', () => {
    expect(expiryOf('30', now)).toBe('2026-12-22T10:00:00.000Z')
    expect(expiryOf('365', now)).toBe('2027-11-22T10:00:00.000Z')
    expect(expiryOf('never', now)).toBeNull()
  })
  it('gives tenant keys a group, elevated keys none', () => {
    expect(keyNeedsGroup('ADMIN')).toBe(true)
    expect(keyNeedsGroup('USER')).toBe(true)
    expect(keyNeedsGroup('SUPERUSER')).toBe(false)
  })
  it('writes the curl command with the key', () => {
    expect(curlExample('https://c.example', 'mdk_x')).toBe(
      'curl -H "Authorization: Bearer mdk_x" https://c.example/api/v1/devices/',
    )
  })
})
