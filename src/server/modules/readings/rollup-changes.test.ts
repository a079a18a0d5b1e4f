import { describe, expect, it } from 'vitest'
import { prng } from '~/server/seed/random.ts'
import { computeDeltas, dayOf, hourOf } from './deltas.ts'
import { unitChanges, type FreshPoint, type MovedPoint } from './rollup-changes.ts'

const Q = 15 * 60_000
const H = 4 * Q
const T0 = Date.parse('2026-03-01T22:00:00Z')
const device = { deviceId: 'd', groupId: 'g' }

function fresh(q: number, kwh: number, extra: Partial<FreshPoint> = {}): FreshPoint {
  return { ts: T0 + q * Q, kwh, declaredReset: false, estimated: false, ...extra }
}

describe('unitChanges', () => {
  it('adds up new readings per hour: rises, counts, flags, first and last reading', () => {
    const points = [
      fresh(1, 11, { delta: 1 }),
      fresh(2, 13, { delta: 2, estimated: true }),
      fresh(4, 16, { delta: 3, gaps: { hour: false, day: false } }),
      fresh(7, 2, { delta: 2, reset: true, gaps: { hour: true, day: false } }),
    ]
    expect(unitChanges(device, points, [], 'hour')).toEqual([
      {
        device,
        unit: T0,
        kwh: 6,
        kwhFirstHalf: 3,
        kwhHalfHours: [],
        readings: 3,
        resets: 0,
        gaps: 0,
        estimated: 1,
        firstTs: T0 + Q,
        lastTs: T0 + 4 * Q,
        lastKwh: 16,
        quarters: undefined,
        exported: undefined,
      },
      {
        device,
        unit: T0 + H,
        kwh: 2,
        kwhFirstHalf: 0,
        kwhHalfHours: [],
        readings: 1,
        resets: 1,
        gaps: 1,
        estimated: 0,
        firstTs: T0 + 7 * Q,
        lastTs: T0 + 7 * Q,
        lastKwh: 2,
        quarters: undefined,
        exported: undefined,
      },
    ])
    // 22:15 .. 23:45 UTC all fall in the day that starts at midnight before them.
    expect(unitChanges(device, points, [], 'day').map((c) => [c.unit, c.readings, c.kwh])).toEqual([
      [Date.parse('2026-03-01T00:00:00Z'), 4, 8],
    ])
  })

  it("moves a stored reading's unit by its change alone, without counting it again", () => {
    const stored = { ts: T0 + 9 * Q, kwh: 20, declaredReset: false, delta: 8, reset: false }
    const moved: MovedPoint = {
      point: { ...stored, gaps: { hour: true, day: false } },
      delta: 4,
      reset: false,
      gaps: { hour: false, day: false },
      previousTs: T0 + 5 * Q,
    }
    const [change] = unitChanges(device, [fresh(5, 16, { delta: 2 })], [moved], 'hour').filter(
      (c) => c.unit === hourOf(stored.ts),
    )
    expect(change).toEqual({
      device,
      unit: hourOf(stored.ts),
      kwh: -4,
      kwhFirstHalf: -4,
      kwhHalfHours: [],
      readings: 0,
      resets: 0,
      gaps: -1,
      estimated: 0,
      firstTs: stored.ts,
      lastTs: undefined,
      lastKwh: 0,
      quarters: undefined,
      exported: undefined,
    })
  })

  it('adds up to what grouping the readings by unit gives, for random series', () => {
    const random = prng(7)
    for (let run = 0; run < 50; run++) {
      const points: FreshPoint[] = []
      let kwh = 100
      for (let q = 0, n = 1 + Math.floor(random() * 300); points.length < n; q++) {
        if (random() < 0.3) continue
        kwh = random() < 0.05 ? random() * 5 : kwh + random() * 3
        points.push(fresh(q, kwh, { estimated: random() < 0.1 }))
      }
      computeDeltas([], points)
      for (const [unit, floor] of [
        ['hour', hourOf],
        ['day', dayOf],
      ] as const) {
        const expected = new Map<
          number,
          { kwh: number; firstHalf: number; readings: number; gaps: number }
        >()
        for (const p of points) {
          const e = expected.get(floor(p.ts)) ?? { kwh: 0, firstHalf: 0, readings: 0, gaps: 0 }
          e.kwh += p.delta ?? 0
          if (p.ts - floor(p.ts) <= H / 2) e.firstHalf += p.delta ?? 0
          e.readings += 1
          e.gaps += p.gaps![unit] ? 1 : 0
          expected.set(floor(p.ts), e)
        }
        const changes = unitChanges(device, points, [], unit)
        expect(changes.map((c) => c.unit)).toEqual([...expected.keys()])
        for (const c of changes) {
          const e = expected.get(c.unit)!
          expect(c.readings).toBe(e.readings)
          expect(c.gaps).toBe(e.gaps)
          expect(c.kwh).toBeCloseTo(e.kwh, 9)
          if (unit === 'hour') expect(c.kwhFirstHalf).toBeCloseTo(e.firstHalf, 9)
        }
      }
    }
  })
})
