import * as z from 'zod/mini'
import { dropInvalid } from '~/lib/search-params'
import type { DayRange } from '~/lib/periods/days'

/* The choices a report URL can name. Here, not beside the period arithmetic: every page's first
   download validates search parameters, and must not carry date-fns for it. */
export const reportPresets = [
  'today',
  'this_week',
  'this_month',
  'last_month',
  'last_7_days',
  'last_30_days',
  'this_year',
  'this_bill',
  'last_bill',
  'bill_year_ago',
  'custom',
] as const
export type ReportPreset = (typeof reportPresets)[number]

export const reportMetrics = ['energy_consumption', 'energy_usage'] as const
export type ReportMetric = (typeof reportMetrics)[number]

/** What a report compares: periods (a preset or custom days), the metric and the devices. */
export interface ReportChoice {
  preset: ReportPreset
  custom?: DayRange
  customPrevious?: DayRange
  metric: ReportMetric
  devices: string[]
}

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))
/** Devices as repeated parameters (`device_ids=a&device_ids=b`); one reads as a single value. */
const deviceIds = z.pipe(
  z.transform((value: unknown) => (Array.isArray(value) ? value : [value])),
  z.array(z.uuid()).check(z.maxLength(500)),
)

/**
 * /reports keeps its choices in the URL so a report can be shared and reloaded. Every field falls
 * back on its own: a bad date drops that date, not the whole report.
 */
export const reportsSearch = z.object({
  preset: dropInvalid(z.enum(reportPresets)),
  from: dropInvalid(day),
  to: dropInvalid(day),
  previousFrom: dropInvalid(day),
  previousTo: dropInvalid(day),
  metric: dropInvalid(z.enum(reportMetrics)),
  device_ids: dropInvalid(deviceIds),
  /** Old links' JSON array (`devices=["…"]`): read once, then the URL is rewritten (see the route). */
  devices: dropInvalid(deviceIds),
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
    devices: search.device_ids ?? [],
  }
}

/** The URL change for a change of choice; a cleared range clears its dates. */
export function searchPatch(patch: Partial<ReportChoice>): Partial<ReportsSearch> {
  const { custom, customPrevious, devices, ...rest } = patch
  return {
    ...rest,
    ...(devices ? { device_ids: devices.length ? devices : undefined } : {}),
    ...('custom' in patch ? { from: custom?.from, to: custom?.to } : {}),
    ...('customPrevious' in patch
      ? { previousFrom: customPrevious?.from, previousTo: customPrevious?.to }
      : {}),
  }
}

/** The search of an old link, its JSON `devices` moved to repeated `device_ids`; null if none. */
export function withoutLegacyDevices({ devices, ...search }: ReportsSearch): ReportsSearch | null {
  return devices ? { ...search, device_ids: search.device_ids ?? devices } : null
}
