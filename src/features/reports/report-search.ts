import { z } from 'zod'
import { reportPresets } from './report-periods'
import { reportMetrics } from './report-query'

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const uuid = z.string().uuid()

/**
 * /reports keeps its choices in the URL so a report can be shared and reloaded. Every field falls
 * back on its own: a bad date drops that date, not the whole report.
 */
export const reportsSearch = z.object({
  preset: z.enum(reportPresets).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  previousFrom: day.optional().catch(undefined),
  previousTo: day.optional().catch(undefined),
  metric: z.enum(reportMetrics).optional().catch(undefined),
  devices: z.array(uuid).max(500).optional().catch(undefined),
})

export type ReportsSearch = z.infer<typeof reportsSearch>
