import { z } from 'zod'
import { redirectTarget } from './redirect'

/** Spec §2/§5 search-parameter rules, one schema per route that takes any. */
const lowerCased = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value)

export const loginSearch = z.object({
  redirect: z
    .string()
    .optional()
    .transform((value) => redirectTarget(value))
    .catch(undefined),
})

export const deviceOverviewSearch = z.object({
  measurement: z.string().max(100).optional().catch(undefined),
})

export const consumptionViews = ['daily', 'weekly', 'monthly'] as const
export type ConsumptionView = (typeof consumptionViews)[number]
export const consumptionSearch = z.object({
  view: z.enum(consumptionViews).default('daily').catch('daily'),
})

export const notificationTabs = ['history', 'rules'] as const
/** Case-insensitive; any other value is dropped. */
export const notificationsSearch = z.object({
  tab: z.preprocess(lowerCased, z.enum(notificationTabs).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  unread: z.boolean().optional().catch(undefined),
})

export const usersPages = ['groups', 'users'] as const
/** Anything but groups or users is ignored. */
export const usersSearch = z.object({
  page: z.enum(usersPages).optional().catch(undefined),
})

export const debugTabs = ['logs', 'profiling'] as const
export const debugSearch = z.object({
  tab: z.enum(debugTabs).default('logs').catch('logs'),
})

export const deviceSortKeys = [
  'name',
  'serial_number',
  'location',
  'created_at',
  'last_seen',
] as const
export const devicesSearch = z.object({
  search: z.string().max(200).optional().catch(undefined),
  status: z.enum(['online', 'offline']).optional().catch(undefined),
  sort: z.enum(deviceSortKeys).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(10).max(500).optional().catch(undefined),
})
