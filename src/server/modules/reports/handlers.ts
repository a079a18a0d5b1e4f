import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { GetEnergyReportData } from '~/api/__generated__/types.gen.ts'
import type { TenantScope } from '~/server/context.ts'
import type { Tx } from '~/server/db/database.ts'
import { untilClientLeaves } from '~/server/lib/client-gone.ts'
import { invalid } from '~/server/lib/http-errors.ts'
import { isTimeZone } from '~/server/lib/timezones.ts'
import { reportCsv, reportFilename } from './csv.ts'
import { comparedSpans, energyReport, type ReportQuery } from './energy-report.ts'
import { resolvePeriods } from './report-periods.ts'

/**
 * The report query from the request's (contract-validated) parameters, its periods named or
 * given (report-periods.ts); 400 or 422 when unusable.
 */
async function reportQuery(
  tx: Tx,
  scope: TenantScope,
  query: NonNullable<GetEnergyReportData['query']>,
): Promise<ReportQuery> {
  const tz = query.timezone ?? 'UTC'
  if (!isTimeZone(tz)) throw invalid(['query', 'timezone'], `Unknown IANA timezone: ${tz}`)
  const ids = query.device_ids
  const now = new Date()
  const periods = await resolvePeriods(tx, scope, query, { tz, now })
  return {
    metric: query.metric ?? 'energy_consumption',
    current: periods.current,
    previous: periods.previous,
    ...(ids && ids.length > 0 && { deviceIds: ids }),
    tz: periods.tz,
    granularity: query.granularity ?? 'daily',
    weekStart: query.week_start ?? 'sunday',
    now,
    ...(periods.names && { names: periods.names }),
  }
}

export const reportsHandlers = {
  async getEnergyReport(request, reply) {
    const report = await request.tx(async (tx) => {
      const q = untilClientLeaves(tx, request)
      return energyReport(
        q,
        request.scope,
        await reportQuery(q, request.scope, request.query ?? {}),
      )
    })
    return reply.code(200).send(report)
  },

  async getEnergyReportCsv(request, reply) {
    const { report, q } = await request.tx(async (tx) => {
      const client = untilClientLeaves(tx, request)
      const q = await reportQuery(client, request.scope, request.query ?? {})
      return { report: await energyReport(client, request.scope, q), q }
    })
    const spans = comparedSpans(q, q.now!)
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${reportFilename(spans.current, spans.previous, q.tz)}"`,
      )
    return reply.code(200).send(reportCsv(report))
  },
} satisfies Pick<RouteHandlers, 'getEnergyReport' | 'getEnergyReportCsv'>
