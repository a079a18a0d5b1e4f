import { describe, expect, it } from 'vitest'
import { toSegments } from './status-segments'

const entry = (id: number, status: 'online' | 'offline', timestamp: string) => ({
  id,
  device_id: 'd',
  status,
  timestamp,
  reason: null,
})

describe('toSegments', () => {
  it('orders newest-first entries in time and ends the last one now', () => {
    const segments = toSegments(
      [entry(2, 'offline', '2026-11-22T08:00:00Z'), entry(1, 'online', '2026-11-22T06:00:00Z')],
      new Date('2026-11-22T10:00:00Z'),
    )
    expect(segments).toEqual([
      { start: '2026-11-22T06:00:00Z', end: '2026-11-22T08:00:00Z', status: 'online' },
      { start: '2026-11-22T08:00:00Z', end: '2026-11-22T10:00:00.000Z', status: 'offline' },
    ])
  })
})
