import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { GetEnergyReportData } from '~/api/__generated__/types.gen.ts'
import { untilClientLeaves } from '~/server/lib/client-gone.ts'
import { invalid } from '~/server/lib/http-errors.ts'
import { isTimeZone } from '~/server/lib/timezones.ts'
import { reportCsv, reportFilename } from './csv.ts'
import { comparedSpans, energyReport, periodOf, type ReportQuery } from './energy-report.ts'

/** The report query from the request's (contract-validated) parameters; 400 or 422 when unusable. */
function reportQuery(query: GetEnergyReportData['query']): ReportQuery {
  const tz = query.timezone ?? 'UTC'
  if (!isTimeZone(tz)) throw invalid(['query', 'timezone'], `Unknown IANA timezone: ${tz}`)
  const ids = query.device_ids
  return {
    metric: query.metric ?? 'energy_consumption',
    current: periodOf(query.current_start, query.current_end, 'current'),
    previous: periodOf(query.previous_start, query.previous_end, 'previous'),
    ...(ids && ids.length > 0 && { deviceIds: ids }),
    tz,
    granularity: query.granularity ?? 'daily',
    weekStart: query.week_start ?? 'sunday',
    now: new Date(),
  }
}

export const reportsHandlers = {
  async getEnergyReport(request, reply) {
    const q = reportQuery(request.query)
    const report = await request.tx((tx) =>
      energyReport(untilClientLeaves(tx, request), request.scope, q),
    )
    return reply.code(200).send(report)
  },

  async getEnergyReportCsv(request, reply) {
    const q = reportQuery(request.query)
    const report = await request.tx((tx) =>
      energyReport(untilClientLeaves(tx, request), request.scope, q),
    )
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
