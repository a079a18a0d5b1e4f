import type { Tx } from '~/server/db/database.ts'
import { statusRepository, type ReportedStatus } from '../devices/status-repository.ts'
import {
  ENERGY,
  EXPORT,
  insertReadings,
  type NewReading,
  type ReadingSource,
} from './readings-repository.ts'

/** Readings older than this are refused as absurd; newer than now + skew as from the future. */
const OLDEST = Date.UTC(2000, 0, 1)
const CLOCK_SKEW_MS = 5 * 60_000
/**
 * A reading without a status is the device saying it is alive, as the simulator's are: online,
 * when the reading is this recent. A back-filled file of old readings says nothing about now.
 */
const SIGN_OF_LIFE_MS = 60 * 60_000

export interface BulkItem {
  device_id: string
  timestamp: string
  kwh: number
  /** A two-way meter's export register at the same instant. */
  export_kwh?: number
  status?: 'online' | 'offline'
  reading_type?: string
}

export interface BulkResult {
  index: number
  device_id: string
  status: 'success' | 'duplicate' | 'error'
  error: string | null
}

/** Why a reading's timestamp cannot be stored (future, absurdly old, not a date), or null. */
export function timestampRefusal(ts: number, now: number): string | null {
  if (Number.isNaN(ts)) return 'Timestamp is not a valid date-time'
  if (ts > now + CLOCK_SKEW_MS) return 'Timestamp is in the future'
  if (ts < OLDEST) return 'Timestamp is before 2000-01-01'
  return null
}

/**
 * Why an item's export register cannot be stored, or null. The export series lives beside the
 * energy one at the same timestamps: a reading of it alone, or one beside another measurement,
 * would be a row the reading lists never show.
 */
export function exportRefusal(item: Pick<BulkItem, 'export_kwh' | 'reading_type'>): string | null {
  const type = item.reading_type ?? ENERGY
  if (type === EXPORT) {
    return `Reading type ${EXPORT} is the export register: send it as export_kwh beside kwh`
  }
  if (item.export_kwh !== undefined && type !== ENERGY) {
    return `export_kwh is only taken beside ${ENERGY} readings, not ${type}`
  }
  return null
}

/** The newest report per device: an older one must not override it. */
function latestPerDevice(reports: ReportedStatus[]): ReportedStatus[] {
  const latest = new Map<string, ReportedStatus>()
  for (const r of reports) {
    const seen = latest.get(r.deviceId)
    if (!seen || r.at > seen.at) latest.set(r.deviceId, r)
  }
  return [...latest.values()]
}

/**
 * Each item's timestamp in epoch milliseconds (NaN if unparseable). A push's readings share a few
 * timestamps (a gateway reports its meters' quarter hour together), and a parse costs twenty
 * lookups.
 */
function parseTimes(items: readonly BulkItem[]): number[] {
  const parsed = new Map<string, number>()
  return items.map(({ timestamp }) => {
    let ms = parsed.get(timestamp)
    if (ms === undefined) parsed.set(timestamp, (ms = Date.parse(timestamp)))
    return ms
  })
}

/**
 * Ingests a bulk push inside `tx`: each item on its own (stored, duplicate, or refused with its
 * reason: bad timestamp, unknown device or another tenant's), statuses recorded per device, one
 * result per item in request order. Everything accepted commits together. The one ingest path:
 * a device's own push over HTTP (or MQTT) comes here too, stored with its `source`.
 */
export async function bulkPush(
  tx: Tx,
  items: readonly BulkItem[],
  now = Date.now(),
  source: ReadingSource = 'bulk',
): Promise<BulkResult[]> {
  const times = parseTimes(items)
  const results: BulkResult[] = items.map((item, index) => ({
    index,
    device_id: item.device_id,
    status: 'error',
    // The contract already refuses a kWh or export_kwh that is negative or not a finite number (422).
    error: timestampRefusal(times[index]!, now) ?? exportRefusal(item),
  }))
  const accepted = results.filter((r) => r.error === null).map((r) => r.index)
  const readings: NewReading[] = accepted.map((i) => {
    const item = items[i]!
    return {
      deviceId: item.device_id,
      ts: new Date(times[i]!),
      kwh: item.kwh,
      exportKwh: item.export_kwh,
      readingType: item.reading_type,
      source,
    }
  })
  const stored = await insertReadings(tx, readings)
  const mark = (list: number[], status: BulkResult['status'], error: string | null = null) => {
    for (const i of list) {
      const result = results[accepted[i]!]!
      result.status = status
      result.error = error
    }
  }
  mark(stored.inserted, 'success')
  mark(stored.duplicates, 'duplicate')
  mark(stored.unknownDevice, 'error', 'Device not found')
  const reported = [...stored.inserted, ...stored.duplicates]
    .map((i) => accepted[i]!)
    .filter((i) => items[i]!.status)
    .map((i) => ({
      deviceId: items[i]!.device_id,
      status: items[i]!.status!,
      at: new Date(times[i]!),
      reason: source === 'bulk' ? 'Reported by bulk push' : `Reported by the device (${source})`,
    }))
  const alive = stored.inserted
    .map((i) => accepted[i]!)
    .filter((i) => !items[i]!.status && times[i]! >= now - SIGN_OF_LIFE_MS)
    .map((i) => ({
      deviceId: items[i]!.device_id,
      status: 'online' as const,
      at: new Date(times[i]!),
      reason: 'Readings received',
    }))
  // Reported statuses first: at the same instant, what the device said wins.
  await statusRepository(tx).apply(latestPerDevice([...reported, ...alive]))
  return results
}
