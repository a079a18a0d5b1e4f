/**
 * Deterministic energy fixtures for chart stories: a seeded generator and fixed dates, so visual
 * baselines never move between runs.
 */
import type { ConsumptionBucket } from '../../src/ui/ConsumptionChart'

/** mulberry32: tiny, fast, and the same sequence for the same seed everywhere. */
export function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const HOUR = 3_600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d

/** October 2026, one bucket a day (UTC), with one day missing, a partial day, a reset and an estimate. */
export function dailyConsumption(days = 31, seed = 7): ConsumptionBucket[] {
  const rnd = seeded(seed)
  const start = Date.UTC(2026, 9, 1)
  return Array.from({ length: days }, (_, i) => {
    const t = start + i * DAY
    const weekday = new Date(t).getUTCDay()
    const weekend = weekday === 0 || weekday === 6
    const kwh = round((weekend ? 15 : 10.5) + rnd() * 4 + Math.sin(i / 4) * 1.5)
    const bucket: ConsumptionBucket = { start: iso(t), end: iso(t + DAY), kwh }
    if (i === 9) return { ...bucket, kwh: null, flags: { gap: true } }
    if (i === 10) return { ...bucket, kwh: round(kwh * 0.45), flags: { gap: true } }
    if (i === 17) return { ...bucket, flags: { reset: true } }
    if (i === 24) return { ...bucket, flags: { estimated: true } }
    return bucket
  })
}

/** Twelve months (Nov 2025 - Oct 2026), winter-heavy. */
export function monthlyConsumption(seed = 11): ConsumptionBucket[] {
  const rnd = seeded(seed)
  return Array.from({ length: 12 }, (_, i) => {
    const start = Date.UTC(2025, 10 + i, 1)
    const end = Date.UTC(2025, 11 + i, 1)
    const month = new Date(start).getUTCMonth()
    const winter = Math.cos(((month + 0.5) / 12) * 2 * Math.PI)
    return { start: iso(start), end: iso(end), kwh: round(340 + winter * 120 + rnd() * 40, 1) }
  })
}

/** A household's hourly consumption for the whole of 2025 (8,760 buckets). */
export function hourlyYear(seed = 3): ConsumptionBucket[] {
  const rnd = seeded(seed)
  const start = Date.UTC(2025, 0, 1)
  return Array.from({ length: 8760 }, (_, i) => {
    const t = start + i * HOUR
    const hour = i % 24
    const day = Math.floor(i / 24)
    const daily =
      0.25 + 0.5 * Math.exp(-((hour - 8) ** 2) / 6) + 0.9 * Math.exp(-((hour - 19) ** 2) / 8)
    const seasonal = 1 + 0.35 * Math.cos((day / 365) * 2 * Math.PI)
    const kwh = round(daily * seasonal + rnd() * 0.25, 3)
    // A two-day outage in March: the meter reported nothing.
    if (day >= 70 && day < 72) return { start: iso(t), kwh: null }
    return { start: iso(t), kwh }
  })
}

/** Cumulative meter register (kWh) sampled every `stepMinutes`, starting at `startKwh`. */
export function cumulativeSeries(
  points: number,
  stepMinutes: number,
  startMs: number,
  seed = 5,
  startKwh = 12_480,
) {
  const rnd = seeded(seed)
  let total = startKwh
  return Array.from({ length: points }, (_, i) => {
    const t = startMs + i * stepMinutes * 60_000
    const hour = new Date(t).getUTCHours()
    const load =
      0.2 + 0.6 * Math.exp(-((hour - 8) ** 2) / 6) + 1.1 * Math.exp(-((hour - 19) ** 2) / 8)
    total += (load + rnd() * 0.3) * (stepMinutes / 60)
    return { time: iso(t), kwh: round(total, 3) }
  })
}

/** Presses Tab until `target` has focus (a real keyboard path, failing loudly if it is not reachable). */
export async function tabTo(target: HTMLElement, user: { tab: () => Promise<void> }, maxTabs = 10) {
  for (let i = 0; i < maxTabs && document.activeElement !== target; i++) await user.tab()
  if (document.activeElement !== target)
    throw new Error(
      `Could not reach ${target.getAttribute('aria-label') ?? target.tagName} with Tab`,
    )
}

/** `days` daily buckets from `startMs` against the same weekdays `days` earlier; the last `future` are still to come. */
export function dailyComparison(days: number, startMs: number, seed = 13, future = 0) {
  const rnd = seeded(seed)
  return Array.from({ length: days }, (_, i) => {
    const t = startMs + i * DAY
    const weekday = new Date(t).getUTCDay()
    const base = weekday === 0 || weekday === 6 ? 15 : 10.5
    const previous = round(base + rnd() * 4)
    const current = round(base * 0.92 + rnd() * 4)
    return {
      start: iso(t),
      previousStart: iso(t - days * DAY),
      current: i >= days - future ? null : current,
      previous,
    }
  })
}

/** Today against yesterday, hour by hour; today is known up to 15:00. */
export function hourlyComparison(seed = 21) {
  const rnd = seeded(seed)
  const start = Date.UTC(2026, 9, 21)
  const load = (h: number) =>
    0.25 + 0.5 * Math.exp(-((h - 8) ** 2) / 6) + 0.9 * Math.exp(-((h - 19) ** 2) / 8)
  return Array.from({ length: 24 }, (_, h) => ({
    start: iso(start + h * HOUR),
    previousStart: iso(start + h * HOUR - DAY),
    current: h <= 15 ? round(load(h) * 1.1 + rnd() * 0.2, 3) : null,
    previous: round(load(h) + rnd() * 0.2, 3),
  }))
}

type Status = 'online' | 'offline' | 'unknown'
/** A week (Mon 19 - Mon 26 Oct 2026) of a device that is mostly online, with outages and a blind spot. */
export function statusWeek() {
  const at = (d: number, h: number, m = 0) => iso(Date.UTC(2026, 9, 19 + d, h, m))
  const s = (start: string, end: string, status: Status) => ({ start, end, status })
  return [
    s(at(0, 0), at(1, 3, 10), 'online'),
    s(at(1, 3, 10), at(1, 5, 40), 'offline'),
    s(at(1, 5, 40), at(3, 12), 'online'),
    s(at(3, 12), at(3, 20), 'unknown'),
    s(at(3, 20), at(5, 22, 15), 'online'),
    s(at(5, 22, 15), at(6, 1, 5), 'offline'),
    s(at(6, 1, 5), at(7, 0), 'online'),
  ]
}

/** 30 days of a flapping connection: thousands of short segments. */
export function statusFlapping(seed = 31) {
  const rnd = seeded(seed)
  const out: { start: string; end: string; status: Status }[] = []
  let t = Date.UTC(2026, 8, 26)
  const end = Date.UTC(2026, 9, 26)
  while (t < end) {
    const r = rnd()
    const status: Status = r < 0.8 ? 'online' : r < 0.95 ? 'offline' : 'unknown'
    const len = (status === 'online' ? 5 + rnd() * 40 : 1 + rnd() * 10) * 60_000
    out.push({ start: iso(t), end: iso(Math.min(end, t + len)), status })
    t += len
  }
  return out
}
