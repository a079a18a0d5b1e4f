import type { FastifyRequest } from 'fastify'
import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { Tx } from '~/server/db/database.ts'
import { audit } from '~/server/lib/audit.ts'
import { badRequest, HttpError, invalid, notFound } from '~/server/lib/http-errors.ts'
import { uploadsOf } from '~/server/plugins/multipart-body.ts'
import { attachmentsRepository } from './attachments-repository.ts'
import { bulkPush, type BulkResult } from './bulk-push.ts'
import { checkPhoto, recordManualReading, type Photo } from './manual-reading.ts'
import { readingsOutRepository } from './readings-out-repository.ts'
import {
  availability,
  statusHistoryRepository,
  WINDOW_MS,
  type SummaryWindow,
} from './status-history-repository.ts'

/** Runs `work` on a device of the caller's scope in one transaction; 404 for another tenant's. */
function onDevice<T>(request: FastifyRequest, deviceId: string, work: (tx: Tx) => Promise<T>) {
  return request.tx(async (tx) => {
    if (!(await readingsOutRepository(tx).deviceInScope(request.scope, deviceId))) {
      throw notFound('Device')
    }
    return work(tx)
  })
}

/** [start, end) from start_date / end_date, widened by `buffer` minutes; 400 if end <= start. */
function windowOf(query: { start_date?: string; end_date?: string }, bufferMinutes = 0) {
  const pad = bufferMinutes * 60_000
  const start = query.start_date ? new Date(Date.parse(query.start_date) - pad) : undefined
  const end = query.end_date ? new Date(Date.parse(query.end_date) + pad) : undefined
  if (start && end && !(end > start)) throw badRequest('end_date must be after start_date')
  return { start, end }
}

const paging = (query: { page?: number; page_size?: number } | undefined) => ({
  page: query?.page ?? 1,
  pageSize: query?.page_size ?? 100,
})

/** The photo of a manual-reading form, checked; a `photo` sent as text is refused. */
function photoOf(request: FastifyRequest, sent: unknown): Photo | undefined {
  const upload = uploadsOf(request).get('photo')
  if (upload) return checkPhoto(upload)
  if (sent !== undefined) throw invalid(['body', 'photo'], 'Photo must be sent as a file')
  return undefined
}

/** `inline` with the stored name: an ASCII fallback and the exact name per RFC 6266. */
const disposition = (filename: string) =>
  `inline; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`

function totalsOf(results: readonly BulkResult[]) {
  const count = (status: BulkResult['status']) => results.filter((r) => r.status === status).length
  return { accepted: count('success'), duplicates: count('duplicate'), rejected: count('error') }
}

export const readingsHandlers = {
  /** Each item stands alone: stored, duplicate (idempotent) or refused with its reason. */
  async bulkPushReadings(request, reply) {
    const { items } = request.body
    const results = await request.tx((tx) => bulkPush(tx, items))
    const totals = totalsOf(results)
    request.server.load.readings(totals.accepted)
    audit(request, 'readings.bulk_push', totals, `Bulk push of ${items.length} readings`)
    return reply.code(200).send({ results, ...totals })
  },

  /** A device's own readings, with its token (session-auth.ts checked it is this device's). */
  async ingestDeviceReadings(request, reply) {
    const deviceId = request.params.id
    const items = request.body.readings.map((r) => ({ ...r, device_id: deviceId }))
    const results = await request.tx((tx) => bulkPush(tx, items, Date.now(), 'http'))
    const totals = totalsOf(results)
    request.server.load.readings(totals.accepted)
    return reply.code(200).send({ results, ...totals })
  },

  async listDeviceReadings(request, reply) {
    const q = request.query ?? {}
    const query = {
      ...windowOf(q, q.buffer_minutes ?? 0),
      ...paging(q),
      types: q.reading_type_names,
      source: q.source,
    }
    const { id } = request.params
    const page = await onDevice(request, id, (tx) => readingsOutRepository(tx).list(id, query))
    return reply.code(200).send(page)
  },

  async getReading(request, reply) {
    const reading = await request.tx((tx) =>
      readingsOutRepository(tx).find(request.scope, request.params.id),
    )
    if (!reading) throw notFound('Reading')
    return reply.code(200).send(reading)
  },

  async getLatestDeviceReading(request, reply) {
    const { id } = request.params
    const reading = await onDevice(request, id, (tx) => readingsOutRepository(tx).latest(id))
    if (!reading) throw new HttpError(404, 'Device has no readings yet', 'no_readings')
    return reply.code(200).send(reading)
  },

  async listDeviceMeasurements(request, reply) {
    const { id } = request.params
    const items = await onDevice(request, id, (tx) => readingsOutRepository(tx).measurements(id))
    return reply.code(200).send({ items })
  },

  async listDeviceStatus(request, reply) {
    const query = { ...windowOf(request.query ?? {}), ...paging(request.query) }
    const { id } = request.params
    const page = await onDevice(request, id, (tx) => statusHistoryRepository(tx).list(id, query))
    return reply.code(200).send(page)
  },

  /** Availability over the trailing window ending now. */
  async getDeviceStatusSummary(request, reply) {
    const { id } = request.params
    const window: SummaryWindow = request.query?.window ?? '24h'
    const to = new Date()
    const from = new Date(to.getTime() - WINDOW_MS[window])
    const state = await onDevice(request, id, (tx) =>
      statusHistoryRepository(tx).window(id, from, to),
    )
    const time = availability(state.before, state.changes, from.getTime(), to.getTime())
    return reply.code(200).send({
      device_id: id,
      window,
      online_ratio: Math.round((time.onlineMs / WINDOW_MS[window]) * 10_000) / 10_000,
      transitions: time.transitions,
      current_status: state.status,
      last_seen: state.lastSeen?.toISOString() ?? null,
      uptime_minutes: Math.round(time.onlineMs / 60_000),
      downtime_minutes: Math.round(time.offlineMs / 60_000),
    })
  },

  /** A value read by hand, with an optional photo; the photo is removed again if nothing commits. */
  async createManualReading(request, reply) {
    const body = request.body
    const actor = request.actor!
    const reading = {
      deviceId: request.params.id,
      kwh: body.kwh,
      exportKwh: body.export_kwh,
      ts: body.timestamp ? new Date(body.timestamp) : new Date(),
      isReset: body.is_reset ?? false,
      note: body.note,
      photo: photoOf(request, body.photo),
      by: { id: actor.id, name: actor.fullName ?? actor.email },
    }
    const stored: string[] = []
    const storage = request.server.storage
    const created = await request
      .tx((tx) => recordManualReading(tx, request.scope, storage, reading, (k) => stored.push(k)))
      .catch(async (error: unknown) => {
        await Promise.all(stored.map((key) => storage.remove(key)))
        throw error
      })
    const details = {
      device_id: created.device_id,
      reading_id: created.id,
      kwh: created.kwh,
      export_kwh: created.export_kwh,
    }
    audit(request, 'reading.manual', details, `Manual reading of ${created.kwh} kWh`)
    return reply.code(201).send(created)
  },

  async listDeviceAttachments(request, reply) {
    const { id } = request.params
    const items = await onDevice(request, id, (tx) => attachmentsRepository(tx).list(id))
    return reply.code(200).send({ items })
  },

  /** The stored bytes with their checked type; never sniffed, cached privately. */
  async getAttachmentContent(request, reply) {
    const attachment = await request.tx((tx) =>
      attachmentsRepository(tx).find(request.scope, request.params.id),
    )
    const content = attachment && (await request.server.storage.open(attachment.storageKey))
    if (!attachment || !content) throw notFound('Attachment')
    reply
      .type(attachment.content_type)
      .header('content-length', attachment.size_bytes)
      .header('content-disposition', disposition(attachment.filename))
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
    // The generated reply type is the client's view of the body (a Blob); the server streams.
    return reply.code(200).send(content as unknown as Blob)
  },
} satisfies Pick<
  RouteHandlers,
  | 'bulkPushReadings'
  | 'ingestDeviceReadings'
  | 'listDeviceReadings'
  | 'getReading'
  | 'getLatestDeviceReading'
  | 'listDeviceMeasurements'
  | 'listDeviceStatus'
  | 'getDeviceStatusSummary'
  | 'createManualReading'
  | 'listDeviceAttachments'
  | 'getAttachmentContent'
>
