import { describe, expect, it } from 'vitest'
import { lastSeenShort, lastSeenText, measurementName } from './format'

const now = new Date('2026-11-22T10:00:00Z')
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString()

describe('last seen', () => {
  it('says it in words for the wide table', () => {
    expect(lastSeenText(ago(15), now)).toBe('Last seen 15 minutes ago')
    expect(lastSeenText(null, now)).toBe('Never seen')
    expect(lastSeenText(ago(0), now)).toBe('Last seen just now')
    expect(lastSeenText(ago(-0.5), now)).toBe('Last seen just now')
  })

  it('says it in a few characters for a phone', () => {
    expect(lastSeenShort(ago(0), now)).toBe('just now')
    expect(lastSeenShort(ago(15), now)).toBe('15 min ago')
    expect(lastSeenShort(ago(60), now)).toBe('1 h ago')
    expect(lastSeenShort(ago(47 * 60 + 59), now)).toBe('47 h ago')
    expect(lastSeenShort(ago(48 * 60), now)).toBe('2 d ago')
    expect(lastSeenShort(null, now)).toBe('Never seen')
  })

  it('treats a clock slightly behind the meter as just now', () => {
    expect(lastSeenShort(ago(-2), now)).toBe('just now')
  })
})

describe('measurement names', () => {
  it('puts a reading type name in words, its unit left off', () => {
    expect(measurementName('energy_kwh')).toBe('Energy')
    expect(measurementName('power_w')).toBe('Power')
    expect(measurementName('reactive_energy_kvarh')).toBe('Reactive energy')
    expect(measurementName('temperature')).toBe('Temperature')
  })
})
