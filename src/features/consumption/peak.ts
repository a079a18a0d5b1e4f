/** Peak demand and two-way figures as the console words them (issue 35). */
import type { CumulativeConsumption } from '~/api'
import { formatKwh, formatQuantity } from '~/lib/format'

/** The peak fields every consumption answer carries (cumulative and intervals alike). */
export type PeakFields = Pick<
  CumulativeConsumption,
  'peak_kw' | 'peak_at' | 'peak_estimated' | 'peak_quarters' | 'peak_quarters_with_data'
>

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/
const wallClocks = new Map<string, Intl.DateTimeFormat>()
function wallClock() {
  const languages = globalThis.navigator?.languages
  const key = String(languages)
  let format = wallClocks.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(languages, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    })
    wallClocks.set(key, format)
  }
  return format
}

/**
 * 'Nov 12, 6:15 PM': the peak quarter hour's start on the clock of the timezone the server read
 * it in (the offset it gives), not the browser's: a bill's peak is in the group's timezone.
 */
export function formatPeakAt(peakAt: string): string {
  const m = WALL_CLOCK.exec(peakAt)
  if (!m) throw new Error(`formatPeakAt: not a local date-time: ${peakAt}`)
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number]
  return wallClock().format(new Date(Date.UTC(y, mo - 1, d, h, mi)))
}

/** '6.40 kW' at kW's precision; an en dash for none. */
export const formatKw = (kw: number | null | undefined) => formatQuantity(kw, 'kW')

/**
 * What stands under a peak figure: its time and whether it rests on an estimate, or, without a
 * peak, why there is none.
 */
export function peakNote(peak: PeakFields): string {
  if (peak.peak_kw === null || peak.peak_at === null)
    return peak.peak_quarters === 0
      ? 'No whole quarter hour in this period yet'
      : 'No peak: no quarter hour has readings at most 15 minutes apart'
  const at = formatPeakAt(peak.peak_at)
  return peak.peak_estimated ? `${at} · estimated: an edge falls between readings` : at
}

/** 'Export 12.30 kWh · Net 118.40 kWh' for a two-way meter; null for one that only imports. */
export function exportNetLine(figures: {
  export_kwh?: number | null
  net_kwh?: number | null
}): string | null {
  if (figures.export_kwh == null) return null
  return `Export ${formatKwh(figures.export_kwh)} · Net ${formatKwh(figures.net_kwh)}`
}

/**
 * 'Peak 6.40 kW · Nov 22, 8:15 AM', '... (estimated)': what the power chart marks its peak quarter
 * hour with; none without a peak.
 */
export function peakMarker(
  peak: Pick<PeakFields, 'peak_kw' | 'peak_at' | 'peak_estimated'>,
): { start: string; label: string } | undefined {
  if (peak.peak_kw === null || peak.peak_at === null) return undefined
  const label = `Peak ${formatKw(peak.peak_kw)} · ${formatPeakAt(peak.peak_at)}`
  return { start: peak.peak_at, label: peak.peak_estimated ? `${label} (estimated)` : label }
}
