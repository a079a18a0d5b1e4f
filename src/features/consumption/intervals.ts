/** Turning the API's consumption intervals into chart buckets, table rows and a CSV file. */
import type { ConsumptionInterval, ConsumptionIntervals } from '~/api'
import { toCsv } from '~/common/csv'

export interface BucketFlags {
  gap: boolean
  reset: boolean
  estimated: boolean
}

/** A bucket is flagged when readings are missing, the meter was reset, or the value is interpolated. */
export function flagsOf(interval: ConsumptionInterval): BucketFlags {
  const m = interval.metadata
  return {
    gap: Boolean(m && (m.gaps > 0 || m.coverage < 1)),
    reset: Boolean(m && m.resets > 0),
    estimated: Boolean(m?.estimated),
  }
}

/**
 * Chart buckets (the ConsumptionChart's data shape); never a negative bucket (FIELD 2), of import
 * or export. With `now`,
 * buckets not begun yet are left out: the rest of the month has no readings to miss, and the chart
 * would hatch it as 'No data'.
 */
export function toBuckets(intervals: readonly ConsumptionInterval[], now?: Date) {
  const begun = now
    ? intervals.filter((interval) => Date.parse(interval.start) <= now.getTime())
    : intervals
  return begun.map((interval) => ({
    start: interval.start,
    end: interval.end,
    kwh: interval.kwh === null ? null : Math.max(0, interval.kwh),
    // Power (quarter-hour answers) and export (two-way meters) only where the answer has them.
    ...(interval.kw === undefined ? {} : { kw: interval.kw }),
    ...(interval.export_kwh == null ? {} : { exportKwh: Math.max(0, interval.export_kwh) }),
    cost: interval.cost,
    co2Kg: interval.co2_kg,
    flags: flagsOf(interval),
  }))
}

export const CSV_HEADER = [
  'start',
  'end',
  'kwh',
  'coverage',
  'gaps',
  'resets',
  'estimated',
  'cost',
  'co2_kg',
  'currency',
] as const

/**
 * The intervals as CSV, timestamps as the server gave them (with their offsets); cost in the
 * answer's currency, named on each row that has one. A two-way meter's answer adds `export_kwh`
 * and `net_kwh`, a quarter-hour one `kw` (issue 35), after the columns every file has.
 */
export function intervalsToCsv(
  data: Pick<ConsumptionIntervals, 'intervals'> & { currency?: string | null },
): string {
  const twoWay = data.intervals.some((i) => i.export_kwh !== undefined)
  const power = data.intervals.some((i) => i.kw !== undefined)
  return toCsv([
    [...CSV_HEADER, ...(twoWay ? ['export_kwh', 'net_kwh'] : []), ...(power ? ['kw'] : [])],
    ...data.intervals.map((i) => [
      i.start,
      i.end,
      i.kwh,
      i.metadata?.coverage,
      i.metadata?.gaps,
      i.metadata?.resets,
      i.metadata?.estimated,
      i.cost,
      i.co2_kg,
      i.cost === null ? null : data.currency,
      ...(twoWay ? [i.export_kwh, i.net_kwh] : []),
      ...(power ? [i.kw] : []),
    ]),
  ])
}

/** 'meter-17-daily-2026-11-01.csv': safe for every file system. */
export function csvFileName(deviceName: string, granularity: string, start: string): string {
  const slug =
    deviceName
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'device'
  return `${slug}-${granularity}-${start.slice(0, 10)}.csv`
}
