import { z } from 'zod'
import { reportPresets } from './report-periods'
import { reportMetrics } from './report-query'
import type { ReportChoice } from './ReportControls'

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

/** What the page shows for a URL, with this month vs last month over every device by default. */
export function choiceFromSearch(search: ReportsSearch): ReportChoice {
  const { from, to, previousFrom, previousTo } = search
  return {
    preset: search.preset ?? 'this_month',
    custom: from && to ? { from, to } : undefined,
    customPrevious: previousFrom && previousTo ? { from: previousFrom, to: previousTo } : undefined,
    metric: search.metric ?? 'energy_consumption',
    devices: search.devices ?? [],
  }
}

/** The URL change for a change of choice; a cleared range clears its dates. */
export function searchPatch(patch: Partial<ReportChoice>): Partial<ReportsSearch> {
  const { custom, customPrevious, ...rest } = patch
  return {
    ...rest,
    ...('custom' in patch ? { from: custom?.from, to: custom?.to } : {}),
    ...('customPrevious' in patch
      ? { previousFrom: customPrevious?.from, previousTo: customPrevious?.to }
      : {}),
  }
}
