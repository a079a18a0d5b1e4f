import { describe, expect, it } from 'vitest'
import { coalesce } from './event-hub.ts'
import type { WireEvent } from './live-events.ts'

const reading = (i: number, d: string, ts: string): WireEvent => ({
  i,
  t: 'reading',
  g: 'g',
  d,
  ts,
  k: i,
  s: 'mqtt',
})

describe('coalesce', () => {
  it("keeps each device's newest reading and every other event, in order", () => {
    const status: WireEvent = { i: 3, t: 'device.status', g: 'g', d: 'a', st: 'online', ls: null }
    const events = [
      reading(1, 'a', '2026-11-26T10:00:00.000Z'),
      reading(2, 'b', '2026-11-26T10:00:00.000Z'),
      status,
      reading(4, 'a', '2026-11-26T10:01:00.000Z'),
      // A back-filled older reading does not replace the newest.
      reading(5, 'a', '2026-11-26T09:00:00.000Z'),
    ]
    expect(coalesce(events).map((e) => e.i)).toEqual([2, 3, 4])
  })
})
