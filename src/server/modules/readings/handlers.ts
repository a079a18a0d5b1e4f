import type { RouteHandlers } from '../../../api/__generated__/fastify.gen.ts'
import { statusRepository, type ReportedStatus } from '../devices/status-repository.ts'
import { insertReadings, type NewReading } from './readings-repository.ts'

/** Readings older than this are refused as absurd; newer than now + skew as from the future. */
const OLDEST = Date.UTC(2000, 0, 1)
const CLOCK_SKEW_MS = 5 * 60_000

type Outcome = {
  index: number
  device_id: string
  status: 'success' | 'duplicate' | 'error'
  error: string | null
}

export const readingsHandlers = {
  /** Each item stands alone: stored, duplicate (idempotent) or refused with its reason. */
  async bulkPushReadings(request, reply) {
    const items = request.body.items
    const now = Date.now()
    const results: Outcome[] = items.map((item, index) => ({
      index,
      device_id: item.device_id,
      status: 'error',
      error: null,
    }))
    const accepted: Array<{ index: number; reading: NewReading }> = []
    items.forEach((item, index) => {
      const ts = new Date(item.timestamp)
      const refused = Number.isNaN(ts.getTime())
        ? 'Timestamp is not a valid date-time'
        : ts.getTime() > now + CLOCK_SKEW_MS
          ? 'Timestamp is in the future'
          : ts.getTime() < OLDEST
            ? 'Timestamp is before 2000-01-01'
            : !Number.isFinite(item.kwh)
              ? 'kWh must be a finite number'
              : null
      if (refused) results[index]!.error = refused
      else
        accepted.push({
          index,
          reading: {
            deviceId: item.device_id,
            ts,
            kwh: item.kwh,
            readingType: item.reading_type,
            source: 'bulk',
          },
        })
    })
    const outcome = await request.tx(async (tx) => {
      const stored = await insertReadings(
        tx,
        accepted.map((a) => a.reading),
      )
      const reports: ReportedStatus[] = []
      for (const i of [...stored.inserted, ...stored.duplicates]) {
        const item = items[accepted[i]!.index]!
        if (item.status)
          reports.push({
            deviceId: item.device_id,
            status: item.status,
            at: new Date(item.timestamp),
            reason: 'Reported by bulk push',
          })
      }
      await statusRepository(tx).apply(latestPerDevice(reports))
      return stored
    })
    for (const i of outcome.inserted) results[accepted[i]!.index]!.status = 'success'
    for (const i of outcome.duplicates) results[accepted[i]!.index]!.status = 'duplicate'
    for (const i of outcome.unknownDevice) results[accepted[i]!.index]!.error = 'Device not found'
    const count = (status: Outcome['status']) => results.filter((r) => r.status === status).length
    request.server.logs.audit.info(
      {
        action: 'readings.bulk_push',
        user_id: request.actor!.id,
        accepted: count('success'),
        duplicates: count('duplicate'),
        rejected: count('error'),
        request_id: request.id,
      },
      `Bulk push of ${items.length} readings`,
    )
    return reply.code(200).send({
      results,
      accepted: count('success'),
      duplicates: count('duplicate'),
      rejected: count('error'),
    })
  },
} satisfies Pick<RouteHandlers, 'bulkPushReadings'>

function latestPerDevice(reports: ReportedStatus[]): ReportedStatus[] {
  const latest = new Map<string, ReportedStatus>()
  for (const r of reports) {
    const seen = latest.get(r.deviceId)
    if (!seen || r.at > seen.at) latest.set(r.deviceId, r)
  }
  return [...latest.values()]
}
