import { describe, expect, it } from 'vitest'
import { LoadMeter } from './load-meter.ts'

describe('LoadMeter', () => {
  it('averages readings a second over the last minute, even just after start', () => {
    let now = 1_000_000
    const meter = new LoadMeter(() => now)
    meter.readings(12_000)
    now += 10_000
    // A burst is not a rate: 12,000 readings are 200 a second over the minute.
    expect(meter.lastMinute().readingsPerSecond).toBe(200)
    now += 40_000
    meter.readings(3_000)
    expect(meter.lastMinute().readingsPerSecond).toBe(15_000 / 60)
    // A minute after it, the first burst has left the window.
    now += 10_000
    expect(meter.lastMinute().readingsPerSecond).toBe(3_000 / 60)
    now += 60_000
    expect(meter.lastMinute()).toEqual({ readingsPerSecond: 0, refused: 0 })
  })

  it('counts 429 refusals over the last minute', () => {
    let now = 0
    const meter = new LoadMeter(() => now)
    for (let i = 0; i < 12; i++) {
      meter.refused()
      now += 1_000
    }
    expect(meter.lastMinute().refused).toBe(12)
    // 67 s after the first: those of seconds 8 to 11 are within the last minute.
    now += 55_000
    expect(meter.lastMinute().refused).toBe(4)
  })
})
