/**
 * A reference for consumption with estimated edges, written from the rule (openapi.yaml,
 * CumulativeConsumption) and not from the server's code: a plain readings array -> the meter's
 * consumption count at any instant, interpolated linearly between the readings either side when
 * they are at most 24 hours apart -> bucket differences.
 */

export interface PlainReading {
  ts: number
  kwh: number
  status?: 'ok' | 'estimated' | 'manual' | 'reset'
}

export const MAX_GAP_MS = 24 * 3_600_000

export interface ReferenceBucket {
  kwh: number | null
  estimated: boolean
  readings: number
  first: number | null
  last: number | null
  resets: number
}

export class MeterReference {
  private readonly readings: PlainReading[]
  /** Consumption counted from the first reading: rises added, a drop or declared reset restarts. */
  private readonly count: number[]

  constructor(readings: readonly PlainReading[]) {
    this.readings = [...readings].sort((a, b) => a.ts - b.ts)
    this.count = []
    this.readings.forEach((r, i) => {
      const prev = this.readings[i - 1]
      if (!prev) return this.count.push(0)
      const restarted = r.status === 'reset' || r.kwh < prev.kwh
      this.count.push(this.count[i - 1]! + (restarted ? r.kwh : r.kwh - prev.kwh))
    })
  }

  private isReset(i: number): boolean {
    const prev = this.readings[i - 1]
    const r = this.readings[i]!
    return prev !== undefined && (r.status === 'reset' || r.kwh < prev.kwh)
  }

  /** The consumption count at `t`, and whether it is interpolated. */
  at(t: number): { value: number; estimated: boolean } {
    let i = -1
    for (let k = 0; k < this.readings.length && this.readings[k]!.ts <= t; k++) i = k
    if (i < 0) return { value: 0, estimated: false }
    const here = this.readings[i]!
    const next = this.readings[i + 1]
    if (here.ts === t || !next || next.ts - here.ts > MAX_GAP_MS)
      return { value: this.count[i]!, estimated: false }
    const share = (t - here.ts) / (next.ts - here.ts)
    return {
      value: this.count[i]! + (this.count[i + 1]! - this.count[i]!) * share,
      estimated: true,
    }
  }

  /** The bucket [start, end). */
  bucket(start: number, end: number): ReferenceBucket {
    const a = this.at(start)
    const b = this.at(end)
    const indexes = this.readings.map((_, i) => i)
    const arrived = indexes.filter(
      (i) => this.readings[i]!.ts > start && this.readings[i]!.ts <= end,
    )
    const inside = this.readings.filter((r) => r.ts >= start && r.ts < end)
    const estimated =
      a.estimated || b.estimated || arrived.some((i) => this.readings[i]!.status === 'estimated')
    const hasData = arrived.length > 0 || a.estimated || b.estimated
    return {
      kwh: hasData ? Math.max(0, Math.round((b.value - a.value) * 1000) / 1000) : null,
      estimated,
      readings: inside.length,
      first: inside[0]?.ts ?? null,
      last: inside.at(-1)?.ts ?? null,
      resets: arrived.filter((i) => this.isReset(i)).length,
    }
  }
}
