import { randomUUID } from 'node:crypto'
import type { TenantScope } from '~/server/context.ts'
import type { Tx } from '~/server/db/database.ts'
import { conflict, invalid, notFound } from '~/server/lib/http-errors.ts'
import { kwhAsEnteredText } from '~/server/lib/quantity-text.ts'
import type { Upload } from '~/server/plugins/multipart-body.ts'
import type { FileStorage } from '~/server/storage/file-storage.ts'
import { imageTypeOf } from '~/server/storage/image-type.ts'
import { sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'
import { attachmentsRepository } from './attachments-repository.ts'
import { timestampRefusal } from './bulk-push.ts'
import { readingsOutRepository, type ReadingDto } from './readings-out-repository.ts'
import { ENERGY, EXPORT, insertReadings } from './readings-repository.ts'

export interface Photo {
  filename: string
  /** Found from the bytes, not taken from the sender. */
  contentType: string
  data: Buffer
}

export interface ManualReading {
  deviceId: string
  kwh: number
  /** A two-way meter's export register, read at the same time. */
  exportKwh?: number
  ts: Date
  isReset: boolean
  note?: string
  photo?: Photo
  by: { id: string; name: string }
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/tiff': 'tiff',
  'image/heic': 'heic',
  'image/avif': 'avif',
}

/** The sender's file name without folders, control characters or quotes; at most 200 characters. */
export function safeFilename(name: string, contentType: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-200)
  return base || `meter-photo.${EXTENSIONS[contentType] ?? 'img'}`
}

/** A photo upload: declared image/* and, by its bytes, a raster image (422 otherwise). */
export function checkPhoto(upload: Upload): Photo {
  if (!upload.mimetype.toLowerCase().startsWith('image/')) {
    throw invalid(['body', 'photo'], `Photo must be an image (image/*), not ${upload.mimetype}`)
  }
  const contentType = imageTypeOf(upload.data)
  if (!contentType) {
    throw invalid(
      ['body', 'photo'],
      'Photo is not a readable image: send a JPEG, PNG, GIF, WebP, HEIC, AVIF, BMP or TIFF file',
    )
  }
  return { filename: safeFilename(upload.filename, contentType), contentType, data: upload.data }
}

/** The device in scope, locked so concurrent readings of it queue up; 404 otherwise. */
async function lockDevice(tx: Tx, scope: TenantScope, id: string): Promise<string> {
  const locked = sql`SELECT d.group_id FROM devices d
    WHERE d.id = ${id} AND ${scopeCondition(scope, 'd.group_id')} FOR NO KEY UPDATE`
  const { rows } = await tx.query<{ group_id: string }>(locked.text, locked.values)
  if (!rows[0]) throw notFound('Device')
  return rows[0].group_id
}

interface Neighbour {
  ts: Date
  kwh: number
  is_reset: boolean
}

/** A meter register a manual reading carries: its form field, its series, its name in messages. */
interface Register {
  field: 'kwh' | 'export_kwh'
  type: string
  reading: string
}
const IMPORT_REGISTER: Register = { field: 'kwh', type: ENERGY, reading: 'reading' }
const EXPORT_REGISTER: Register = { field: 'export_kwh', type: EXPORT, reading: 'export reading' }

/** The register's values of the reading, the import one first; export only when read. */
const registersOf = (reading: ManualReading): Array<[Register, number]> =>
  reading.exportKwh === undefined
    ? [[IMPORT_REGISTER, reading.kwh]]
    : [
        [IMPORT_REGISTER, reading.kwh],
        [EXPORT_REGISTER, reading.exportKwh],
      ]

/** The series' readings at or just before `ts`, and just after it. */
async function neighbours(tx: Tx, deviceId: string, type: string, ts: Date) {
  const near = (where: string, order: string) =>
    tx
      .query<Neighbour>(
        `SELECT ts, kwh, is_reset FROM readings WHERE device_id = $1 AND reading_type = $2 AND ${where}
         ORDER BY ts ${order} LIMIT 1`,
        [deviceId, type, ts.toISOString()],
      )
      .then((r) => r.rows[0])
  return { previous: await near('ts <= $3', 'DESC'), next: await near('ts > $3', 'ASC') }
}

/**
 * Refuses a value that would break a register's timeline: a duplicate timestamp (409), a value
 * below the previous reading unless declared a reset, or above the next one (422). Each register
 * counts up on its own, so each is checked against its own series.
 */
async function checkTimeline(tx: Tx, reading: ManualReading): Promise<void> {
  for (const [register, value] of registersOf(reading)) {
    const { previous, next } = await neighbours(tx, reading.deviceId, register.type, reading.ts)
    if (previous && previous.ts.getTime() === reading.ts.getTime()) {
      throw conflict(`A reading at ${reading.ts.toISOString()} is already stored for this device`)
    }
    if (previous && !reading.isReset && value < previous.kwh) {
      throw invalid(
        ['body', register.field],
        `${kwhAsEnteredText(value)} is lower than the previous ${register.reading} (${kwhAsEnteredText(previous.kwh)} at ` +
          `${previous.ts.toISOString()}). If the meter was reset or replaced, mark the reading as a meter reset.`,
        'below_previous',
      )
    }
    if (next && !next.is_reset && value > next.kwh) {
      throw invalid(
        ['body', register.field],
        `${kwhAsEnteredText(value)} is higher than the next ${register.reading} (${kwhAsEnteredText(next.kwh)} at ` +
          `${next.ts.toISOString()}): a meter only counts up.`,
        'above_next',
      )
    }
  }
}

/** Stores the photo and its attachment row; returns the attachment id. */
async function attachPhoto(
  tx: Tx,
  storage: FileStorage,
  target: { groupId: string; reading: ManualReading; photo: Photo },
  onStored: (key: string) => void,
): Promise<string> {
  const { groupId, reading, photo } = target
  const id = randomUUID()
  const storageKey = `${groupId}/${reading.deviceId}/${id}`
  await storage.put(storageKey, photo.data, photo.contentType)
  onStored(storageKey)
  await attachmentsRepository(tx).create({
    id,
    groupId,
    deviceId: reading.deviceId,
    filename: photo.filename,
    contentType: photo.contentType,
    sizeBytes: photo.data.length,
    storageKey,
    enteredBy: reading.by.id,
    enteredByName: reading.by.name,
  })
  return id
}

/**
 * Records a manual reading inside `tx`: checks the timeline, stores the photo (reporting its key
 * through `onStored`, so the caller can remove it if the transaction fails), and inserts the
 * reading through insertReadings so deltas, rollups and device figures stay exact.
 */
export async function recordManualReading(
  tx: Tx,
  scope: TenantScope,
  storage: FileStorage,
  reading: ManualReading,
  onStored: (key: string) => void = () => {},
): Promise<ReadingDto> {
  for (const [register, value] of registersOf(reading)) {
    if (!Number.isFinite(value)) {
      throw invalid(['body', register.field], `${register.field} must be a finite number`)
    }
  }
  const refusal = timestampRefusal(reading.ts.getTime(), Date.now())
  if (refusal) throw invalid(['body', 'timestamp'], refusal)
  const groupId = await lockDevice(tx, scope, reading.deviceId)
  await checkTimeline(tx, reading)
  const photo = reading.photo
  const attachmentId =
    photo && (await attachPhoto(tx, storage, { groupId, reading, photo }, onStored))
  const stored = await insertReadings(
    tx,
    [
      {
        deviceId: reading.deviceId,
        ts: reading.ts,
        kwh: reading.kwh,
        exportKwh: reading.exportKwh,
        source: 'manual',
        status: reading.isReset ? 'reset' : 'manual',
      },
    ],
    { returnIds: true },
  )
  const id = stored.ids.get(0)!
  await tx.query(
    `INSERT INTO manual_entries (reading_id, group_id, device_id, entered_by, entered_by_name, note, attachment_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      groupId,
      reading.deviceId,
      reading.by.id,
      reading.by.name,
      reading.note ?? null,
      attachmentId ?? null,
    ],
  )
  return (await readingsOutRepository(tx).find(scope, id))!
}
