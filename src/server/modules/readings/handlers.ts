import type { RouteHandlers } from '../../../api/__generated__/fastify.gen.ts'
import { audit } from '../../lib/audit.ts'
import { bulkPush, type BulkResult } from './bulk-push.ts'

export const readingsHandlers = {
  /** Each item stands alone: stored, duplicate (idempotent) or refused with its reason. */
  async bulkPushReadings(request, reply) {
    const { items } = request.body
    const results = await request.tx((tx) => bulkPush(tx, items))
    const count = (status: BulkResult['status']) =>
      results.filter((r) => r.status === status).length
    const totals = {
      accepted: count('success'),
      duplicates: count('duplicate'),
      rejected: count('error'),
    }
    audit(request, 'readings.bulk_push', totals, `Bulk push of ${items.length} readings`)
    return reply.code(200).send({ results, ...totals })
  },
} satisfies Pick<RouteHandlers, 'bulkPushReadings'>
