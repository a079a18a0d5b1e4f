import { describe, expect, it } from 'vitest'
import { downsampleLine, lttbIndices, mergeBuckets, pickGroupSize } from './downsample'

describe('mergeBuckets', () => {
  const sum = (g: readonly number[]) => g.reduce((a, b) => a + b, 0)

  it('keeps short series as they are', () => {
    expect(mergeBuckets([1, 2, 3], 5, sum)).toEqual([1, 2, 3])
  })

  it('preserves the total and stays within the budget', () => {
    const hours = Array.from({ length: 8760 }, (_, i) => (i % 24) / 10)
    const merged = mergeBuckets(hours, 400, sum, [1, 2, 3, 4, 6, 12, 24, 48])
    expect(merged.length).toBeLessThanOrEqual(400)
    expect(merged).toHaveLength(365) // 24-hour groups: one bar a day
    expect(sum(merged)).toBeCloseTo(sum(hours), 6)
  })

  it('falls back to plain ceil when no natural size fits', () => {
    expect(pickGroupSize(5.2, [1, 2, 4])).toBe(6)
    expect(
      mergeBuckets(
        Array.from({ length: 100 }, () => 1),
        7,
        sum,
      ).length,
    ).toBeLessThanOrEqual(7)
  })

  it('rejects an impossible budget', () => {
    expect(() => mergeBuckets([1], 0, sum)).toThrow(/maxCount/)
  })
})

describe('lttbIndices', () => {
  it('keeps the ends and the spikes', () => {
    const n = 1000
    const xs = Array.from({ length: n }, (_, i) => i)
    const ys = xs.map((x) => (x === 500 ? 100 : Math.sin(x / 50)))
    const kept = lttbIndices(xs, ys, 50)
    expect(kept).toHaveLength(50)
    expect(kept[0]).toBe(0)
    expect(kept.at(-1)).toBe(n - 1)
    expect(kept).toContain(500)
  })
})

describe('downsampleLine', () => {
  it('keeps a gap as a break in the line', () => {
    const points = Array.from({ length: 2000 }, (_, i) => ({
      x: i,
      y: i >= 900 && i < 1100 ? null : i,
    }))
    const out = downsampleLine(
      points,
      200,
      (p) => p.x,
      (p) => p.y,
    )
    expect(out.length).toBeLessThanOrEqual(202)
    expect(out.filter((p) => p.y === null)).toHaveLength(1)
    expect(out[0]!.x).toBe(0)
    expect(out.at(-1)!.x).toBe(1999)
  })
})
