import { describe, expect, it } from 'vitest'
import { prng } from '~/server/seed/random.ts'
import { computeDeltas, dayOf, hourOf } from './deltas.ts'
import {
  addExport,
  quarterPeak,
  spreadOverQuarters,
  unitChanges,
  type FreshPoint,
  type MovedPoint,
  type QuarterCell,
} from './rollup-changes.ts'

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

describe('spreadOverQuarters', () => {
  const M = 60_000
  const at = (h: number, m: number, s = 0) => Date.UTC(2026, 2, 3, h, m, s)
  const round = (shares: ReturnType<typeof spreadOverQuarters>) =>
    shares.map((x) => ({ ...x, kwh: Math.round(x.kwh * 1e9) / 1e9 }))

  it('gives an interval inside one quarter all of its rise, not straddling its edges', () => {
    expect(spreadOverQuarters(at(10, 5), at(10, 15), 2)).toEqual([
      { start: at(10, 0), kwh: 2, coveredMs: 10 * M, straddles: 0 },
    ])
    expect(spreadOverQuarters(at(10, 0), at(10, 15), 3)).toEqual([
      { start: at(10, 0), kwh: 3, coveredMs: Q, straddles: 0 },
    ])
  })

  it('splits an interval across an edge by time, each side straddled', () => {
    // 10:07 to 10:22: 8 minutes before 10:15, 7 after.
    expect(round(spreadOverQuarters(at(10, 7), at(10, 22), 1.5))).toEqual([
      { start: at(10, 0), kwh: 0.8, coveredMs: 8 * M, straddles: 1 },
      { start: at(10, 15), kwh: 0.7, coveredMs: 7 * M, straddles: 1 },
    ])
  })

  it('gives nothing for readings more than 15 minutes apart, or not in order', () => {
    expect(spreadOverQuarters(at(10, 0), at(10, 15, 1), 5)).toEqual([])
    expect(spreadOverQuarters(at(10, 0), at(11, 0), 5)).toEqual([])
    expect(spreadOverQuarters(at(10, 0), at(10, 0), 5)).toEqual([])
  })

  it('reaches across midnight into the quarter before it', () => {
    const midnight = Date.UTC(2026, 2, 4)
    expect(spreadOverQuarters(midnight - 5 * M, midnight + 5 * M, 2)).toEqual([
      { start: midnight - Q, kwh: 1, coveredMs: 5 * M, straddles: 1 },
      { start: midnight, kwh: 1, coveredMs: 5 * M, straddles: 1 },
    ])
  })
})

describe('quarters of a day change', () => {
  const day = Date.UTC(2026, 2, 3)
  const point = (minutes: number, kwh: number): FreshPoint => ({
    ts: day + minutes * 60_000,
    kwh,
    declaredReset: false,
    estimated: false,
  })
  const cells = (m: ReadonlyMap<number, QuarterCell> | undefined) =>
    [...(m ?? [])].map(([k, c]) => [k, Math.round(c.kwh * 1e9) / 1e9, c.coveredMs, c.straddles])

  it("spreads each rise since its predecessor, into the day before's row too", () => {
    const points = [point(-5, 10), point(5, 12), point(15, 13)]
    computeDeltas([], points)
    const changes = unitChanges(device, points, [], 'day', true)
    expect(changes.map((c) => [c.unit, c.readings, cells(c.quarters)])).toEqual([
      [day - 86_400_000, 1, [[95, 1, 300_000, 1]]],
      [day, 2, [[0, 2, 900_000, 1]]],
    ])
    expect(unitChanges(device, points, [], 'day').every((c) => c.quarters === undefined)).toBe(true)
  })

  it("takes back a moved reading's old spread and adds its new one", () => {
    // 10:00 and 10:15 stored (rise 3); 10:05 slotted in at +1: 10:15 now rises 2 since 10:05.
    const stored = [point(600, 100), point(615, 103)]
    computeDeltas([], stored)
    const slotted = point(605, 101)
    const [moved] = computeDeltas(stored, [slotted])
    expect([moved!.point.previousTs, moved!.previousTs, moved!.delta]).toEqual([
      day + 600 * 60_000,
      day + 605 * 60_000,
      2,
    ])
    const [change] = unitChanges(device, [{ ...slotted, estimated: false }], [moved!], 'day', true)
    // What the batch adds to quarter 40: +1 over 5 minutes (10:05), -3 over 15 (10:15's old
    // spread), +2 over 10 (its new one): nothing, the quarter stays 3 kWh, whole.
    expect(cells(change!.quarters)).toEqual([[40, 0, 0, 0]])
  })

  it('adds the spread of a reading that a backfill brings within 15 minutes of its predecessor', () => {
    // 10:00 and 10:20 stored, 20 minutes apart: no spread. 10:10 slotted in at 102.
    const stored = [point(600, 100), point(620, 104)]
    computeDeltas([], stored)
    const slotted = point(610, 102)
    const moved = computeDeltas(stored, [slotted])
    const [change] = unitChanges(device, [{ ...slotted, estimated: false }], moved, 'day', true)
    // Quarter 40: 2 over (10:00, 10:10] and half of (10:10, 10:20]'s 2; quarter 41 the other half.
    expect(cells(change!.quarters)).toEqual([
      [40, 3, 900_000, 1],
      [41, 1, 300_000, 1],
    ])
  })

  it('moves a reading whose delta stays when only its predecessor changed', () => {
    const stored = [point(600, 100), point(610, 103)]
    computeDeltas([], stored)
    // 10:02 at 100 as well: 10:10 still rises 3, now over 8 minutes.
    const changes = computeDeltas(stored, [point(602, 100)])
    expect(changes.map((c) => [c.delta, c.point.previousTs, c.previousTs])).toEqual([
      [3, day + 600 * 60_000, day + 602 * 60_000],
    ])
  })
})

describe('quarterPeak', () => {
  const cell = (kwh: number, coveredMs = Q, straddles = 0): QuarterCell => ({
    kwh,
    coveredMs,
    straddles,
  })

  it('takes the highest whole quarter, the earliest on ties, and says if it was estimated', () => {
    const quarters = new Map([
      [7, cell(2)],
      [3, cell(2, Q, 1)],
      [9, cell(5, Q - 1)],
      [4, cell(1)],
    ])
    expect(quarterPeak(quarters)).toEqual({
      peakKwh: 2,
      peakQuarter: 3,
      estimated: true,
      withData: 3,
    })
  })

  it('has no peak without a whole quarter', () => {
    expect(quarterPeak(new Map([[1, cell(3, 1000)]]))).toEqual({
      peakKwh: null,
      peakQuarter: null,
      estimated: null,
      withData: 0,
    })
    expect(quarterPeak(undefined).withData).toBe(0)
  })
})

describe('addExport', () => {
  it("adds the export part to the import register's change of a unit, or a change of its own", () => {
    const points = [fresh(1, 10, { delta: 1 }), fresh(5, 12, { delta: 2 })]
    const imported = unitChanges(device, points, [], 'hour')
    const exports = [fresh(1, 4, { delta: 0.5 }), fresh(9, 5, { delta: 1 })]
    const added = addExport(imported, unitChanges(device, exports, [], 'hour'), 'hour')
    expect(imported[0]!.exported).toEqual({ kwh: 0.5, firstHalf: 0.5, halfHours: [], readings: 1 })
    expect(imported[1]!.exported).toBeUndefined()
    expect(added.map((c) => [c.unit, c.readings, c.lastTs, c.exported?.kwh])).toEqual([
      [hourOf(T0 + 9 * Q), 0, undefined, 1],
    ])
  })
})
