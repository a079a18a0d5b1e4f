import type { TenantScope } from '~/server/context.ts'
import type { Queryable } from '~/server/db/database.ts'
import { raw, sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'

export interface NewAttachment {
  id: string
  groupId: string
  deviceId: string
  filename: string
  contentType: string
  sizeBytes: number
  storageKey: string
  enteredBy: string
  enteredByName: string
}

interface AttachmentRow {
  id: string
  device_id: string
  reading_id: number | null
  filename: string
  content_type: string
  size_bytes: number
  created_at: Date
  entered_by: string | null
  entered_by_name: string | null
  storage_key: string
}

const COLUMNS = `a.id, a.device_id, m.reading_id, a.filename, a.content_type, a.size_bytes::float8 AS size_bytes,
  a.created_at, a.entered_by, a.entered_by_name, a.storage_key`
/** A photo's reading is the manual entry that names it (see migration 013). */
const WITH_ENTRY = 'LEFT JOIN manual_entries m ON m.attachment_id = a.id'

export const contentUrl = (id: string) => `/api/v1/attachments/${id}/content`

const toAttachment = (r: AttachmentRow) => ({
  id: r.id,
  device_id: r.device_id,
  reading_id: r.reading_id,
  filename: r.filename,
  content_type: r.content_type,
  size_bytes: r.size_bytes,
  created_at: r.created_at.toISOString(),
  entered_by: r.entered_by,
  entered_by_name: r.entered_by_name,
  url: contentUrl(r.id),
})

/** Photo attachments of manual readings: the rows that say where each file is stored. */
export const attachmentsRepository = (q: Queryable) => ({
  async create(a: NewAttachment): Promise<void> {
    await q.query(
      `INSERT INTO attachments (id, group_id, device_id, filename, content_type, size_bytes, storage_key, entered_by, entered_by_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        a.id,
        a.groupId,
        a.deviceId,
        a.filename,
        a.contentType,
        a.sizeBytes,
        a.storageKey,
        a.enteredBy,
        a.enteredByName,
      ],
    )
  },

  /** A device's attachments, newest first. */
  async list(deviceId: string) {
    const { rows } = await q.query<AttachmentRow>(
      `SELECT ${COLUMNS} FROM attachments a ${WITH_ENTRY} WHERE a.device_id = $1 ORDER BY a.created_at DESC, a.id`,
      [deviceId],
    )
    return rows.map(toAttachment)
  },

  /** An attachment of a device in the scope, with its storage key. */
  async find(scope: TenantScope, id: string) {
    const found = sql`SELECT ${raw(COLUMNS)} FROM attachments a ${raw(WITH_ENTRY)}
      WHERE a.id = ${id} AND ${scopeCondition(scope, 'a.group_id')}`
    const { rows } = await q.query<AttachmentRow>(found.text, found.values)
    const row = rows[0]
    return row && { ...toAttachment(row), storageKey: row.storage_key }
  },
})
