/** Batch registration: the CSV template, and every row checked before anything is created. */
import type { DeviceCreate } from '~/api'
import {
  emptyDeviceFields,
  toDeviceBody,
  validateDeviceFields,
  type DeviceFields,
} from '../devices/device-fields'
import { plural } from '~/lib/plural'
import { readCsvTable } from '~/lib/csv-read'
import { toCsv } from '~/common/csv'

export const BATCH_COLUMNS = [
  'name',
  'serial_number',
  'location',
  'description',
  'device_model_id',
  'handler',
] as const
export const MAX_BATCH_ROWS = 1000

export const batchTemplate = toCsv([
  [...BATCH_COLUMNS],
  ['Main meter – Building A', 'EM-2024-00017', 'Berlin, Floor 2', 'Three-phase main meter', '', ''],
  ['Warehouse north', 'EM-2024-00018', 'Hamburg, Hall 3', '', '', ''],
])

export interface BatchRow {
  line: number
  fields: DeviceFields
  body: DeviceCreate
  /** Empty when the row can be registered. */
  errors: string[]
}

export interface BatchCheck {
  rows: BatchRow[]
  /** Problems with the file as a whole (unclosed quotes, missing columns, too many rows). */
  fileErrors: string[]
}

/**
 * Reads the CSV and checks each row: the field rules, serial numbers repeated inside the file, and
 * serial numbers already registered (`existingSerials`, upper-cased). Nothing is sent.
 */
export function checkBatch(text: string, existingSerials: ReadonlySet<string>): BatchCheck {
  const { header, records, errors } = readCsvTable(text)
  const fileErrors = [...errors]
  for (const required of ['name', 'serial_number']) {
    if (!header.includes(required)) fileErrors.push(`The file has no '${required}' column.`)
  }
  const unknown = header.filter((h) => !(BATCH_COLUMNS as readonly string[]).includes(h))
  if (unknown.length) fileErrors.push(`Unknown columns: ${unknown.join(', ')}.`)
  if (records.length === 0) fileErrors.push('The file has no device rows.')
  if (records.length > MAX_BATCH_ROWS)
    fileErrors.push(`At most ${MAX_BATCH_ROWS} devices per batch; the file has ${records.length}.`)

  const firstLine = new Map<string, number>()
  const rows = records.map(({ line, values }) => {
    const fields: DeviceFields = { ...emptyDeviceFields, ...pick(values) }
    const errors = Object.values(validateDeviceFields(fields)) as string[]
    const serial = fields.serial_number.trim().toUpperCase()
    if (serial) {
      const seen = firstLine.get(serial)
      if (seen !== undefined) errors.push(`Serial number repeats line ${seen}.`)
      else firstLine.set(serial, line)
      if (existingSerials.has(serial))
        errors.push('A device with this serial number is already registered.')
    }
    return { line, fields, body: toDeviceBody(fields), errors }
  })
  return { rows, fileErrors }
}

/** The rows a registration sends: those without problems, none while the file itself has one. */
export const readyRows = (check: BatchCheck): BatchRow[] =>
  check.fileErrors.length ? [] : check.rows.filter((r) => r.errors.length === 0)

/** What the check found, in one sentence above the rows. */
export function batchSummary(check: BatchCheck): string {
  if (check.fileErrors.length)
    return `${plural(check.fileErrors.length, 'problem')} with the file to fix before anything is registered.`
  const ready = readyRows(check).length
  const problems = check.rows.length - ready
  if (problems === 0) return `All ${plural(ready, 'row')} ${ready === 1 ? 'is' : 'are'} ready.`
  return `${ready} ready, ${plural(problems, 'row')} with problems (they will not be registered).`
}

function pick(values: Record<string, string>): Partial<DeviceFields> {
  return Object.fromEntries(BATCH_COLUMNS.filter((c) => c in values).map((c) => [c, values[c]!]))
}

/**
 * The server's refusal of a batch, per row: createDevicesBatch answers 422 with issues located at
 * `["body", "items", index, field]`. Rows without issues are left out.
 */
export function rowErrorsOf(detail: unknown): Map<number, string[]> {
  const byRow = new Map<number, string[]>()
  if (!Array.isArray(detail)) return byRow
  for (const issue of detail as Array<{ loc?: unknown; msg?: unknown }>) {
    const [where, list, index] = Array.isArray(issue?.loc) ? issue.loc : []
    if (where !== 'body' || list !== 'items' || typeof index !== 'number') continue
    if (typeof issue.msg !== 'string') continue
    byRow.set(index, [...(byRow.get(index) ?? []), issue.msg])
  }
  return byRow
}
