/** Bulk push: readings for many devices from CSV or JSON, each item checked before anything is sent. */
import type { BulkPushItem } from '~/api'
import { readCsvTable } from '~/lib/csv-read'
import { toCsv } from '~/common/csv'
import { ENERGY, EXPORT } from '../devices/reading-types'

export const MAX_PUSH_ITEMS = 10_000
const READING_TYPE = /^[a-z][a-z0-9_]*$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface PushRow {
  /** Position in the input, from 1. */
  index: number
  /** What the row named the device by (id or serial number). */
  device: string
  /** The timestamp and kWh as typed, shown for a row with problems too. */
  timestamp: string
  kwh: string
  /** A two-way meter's export register as typed; empty for an import-only meter. */
  exportKwh: string
  item: BulkPushItem | null
  errors: string[]
}

export const bulkTemplate = toCsv([
  ['serial_number', 'timestamp', 'kwh', 'status'],
  ['EM-2024-00017', '2026-11-22T08:00:00+01:00', 22431.3, 'online'],
])

type Raw = Record<string, unknown>

/** Rows from either a JSON array (or `{ items: [...] }`) or a CSV with a header line. */
export function readInput(text: string): { raws: Raw[]; error?: string } {
  const trimmed = text.trim()
  if (!trimmed) return { raws: [], error: 'Paste or upload readings first.' }
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed)
      const list = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown }).items
      if (!Array.isArray(list))
        return { raws: [], error: 'JSON must be an array of readings or { "items": [...] }.' }
      return { raws: list.map((x) => (typeof x === 'object' && x !== null ? (x as Raw) : {})) }
    } catch (error) {
      return { raws: [], error: `Not valid JSON: ${(error as Error).message}` }
    }
  }
  const { records, errors } = readCsvTable(text)
  if (errors.length) return { raws: [], error: errors.join(' ') }
  return { raws: records.map((r) => r.values) }
}

/**
 * Checks each reading: a known device (by `device_id`, or `serial_number` resolved through
 * `deviceIdBySerial`), an ISO 8601 timestamp with a zone, a non-negative kWh, an optional
 * non-negative export kWh (beside energy only), an optional status and reading type. Repeated
 * device + timestamp pairs are flagged (the server would store one).
 */
export function checkPush(
  raws: readonly Raw[],
  deviceIdBySerial: ReadonlyMap<string, string>,
): PushRow[] {
  const seen = new Set<string>()
  return raws.map((raw, i) => {
    const errors: string[] = []
    const text = (key: string) => (raw[key] == null ? '' : String(raw[key]).trim())
    const serial = text('serial_number')
    let deviceId = text('device_id')
    if (!deviceId && serial) deviceId = deviceIdBySerial.get(serial.toUpperCase()) ?? ''
    if (!deviceId)
      errors.push(
        serial
          ? `No device with serial number ${serial}.`
          : 'Name the device by device_id or serial_number.',
      )
    else if (!UUID.test(deviceId)) errors.push('device_id must be a UUID.')
    const timestamp = text('timestamp')
    const time = Date.parse(timestamp)
    if (!timestamp) errors.push('timestamp is required.')
    else if (Number.isNaN(time) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(timestamp))
      errors.push('timestamp must be ISO 8601 with a time zone, e.g. 2026-11-22T08:00:00+01:00.')
    const kwhText = text('kwh')
    const kwh = Number(kwhText)
    if (kwhText === '' || !Number.isFinite(kwh)) errors.push('kwh must be a number.')
    else if (kwh < 0) errors.push('kwh cannot be negative.')
    const exportText = text('export_kwh')
    const exportKwh = Number(exportText)
    if (exportText !== '' && !Number.isFinite(exportKwh))
      errors.push('export_kwh must be a number.')
    else if (exportKwh < 0) errors.push('export_kwh cannot be negative.')
    const status = text('status')
    if (status && status !== 'online' && status !== 'offline')
      errors.push('status must be online or offline.')
    const readingType = text('reading_type')
    if (readingType && !READING_TYPE.test(readingType))
      errors.push('reading_type must be lower-case letters, digits and underscores.')
    else if (readingType === EXPORT)
      errors.push(
        'reading_type export_kwh is the export register: give it in the export_kwh column.',
      )
    else if (exportText !== '' && readingType && readingType !== ENERGY)
      errors.push(`export_kwh is only taken beside ${ENERGY} readings.`)
    // Only valid rows take part: a broken row must not make a later good one look repeated.
    const key = `${deviceId}|${time}`
    if (errors.length === 0 && seen.has(key))
      errors.push('Repeats an earlier reading for this device and time.')
    if (errors.length === 0) seen.add(key)
    const item: BulkPushItem | null = errors.length
      ? null
      : {
          device_id: deviceId,
          timestamp,
          kwh,
          ...(exportText !== '' ? { export_kwh: exportKwh } : {}),
          ...(status ? { status: status as 'online' | 'offline' } : {}),
          ...(readingType ? { reading_type: readingType } : {}),
        }
    return {
      index: i + 1,
      device: serial || deviceId,
      timestamp,
      kwh: kwhText,
      exportKwh: exportText,
      item,
      errors,
    }
  })
}

/** Requests of at most `size` items, so progress can be shown and one failure costs little. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * The check card's summary: what is ready before the push; once sent, what was sent (the outcome
 * of each row is in the table and in the counts under it).
 */
export function pushSummary(ready: number, withProblems: number, sent: boolean): string {
  const problems = withProblems
    ? sent
      ? `, ${withProblems} with problems not sent`
      : `, ${withProblems} with problems (they will not be sent)`
    : ''
  return `${ready} ${sent ? 'sent' : 'ready'}${problems}.`
}
