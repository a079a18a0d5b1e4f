/**
 * Spec §2 'Debug: profiling': the endpoints the profiler can call, each with `profile=true`, and the
 * check that an answer really carries a profile (spec §3: a response with data and profile counts
 * as profiled).
 */
import {
  ApiError,
  getConsumptionIntervalsToday,
  getCumulativeConsumptionToday,
  getLatestDeviceReading,
  listDeviceReadings,
  listNotificationRules,
  listNotifications,
  normalizeError,
  type ProfileData,
} from '~/api'

export interface ProfilingContext {
  /** The chosen device, for endpoints that need one. */
  deviceId?: string
  /** The group scope, for endpoints listed per group. */
  groupId: string | null
  now: Date
}

export interface ProfilingEndpoint {
  id: string
  name: string
  description: string
  needsDevice: boolean
  /** Calls the endpoint with profile=true and resolves to the raw body. */
  call: (context: ProfilingContext) => Promise<unknown>
}

// The profiled media type is application/vnd.console.profiled+json: parse it as JSON explicitly.
const profiled = { parseAs: 'json', throwOnError: true } as const

const deviceOf = (context: ProfilingContext) => {
  if (!context.deviceId) throw new Error('Please select a device')
  return { id: context.deviceId }
}

export const profilingEndpoints: readonly ProfilingEndpoint[] = [
  {
    id: 'consumption-cumulative-today',
    name: 'Device consumption — cumulative today',
    description:
      "A device's consumption since midnight (GET /devices/{id}/consumption/cumulative/today, timezone UTC).",
    needsDevice: true,
    call: async (c) =>
      (
        await getCumulativeConsumptionToday({
          ...profiled,
          path: deviceOf(c),
          query: { timezone: 'UTC', profile: true },
        })
      ).data,
  },
  {
    id: 'consumption-intervals-today',
    name: 'Device consumption — intervals today',
    description:
      "Today's consumption buckets of a device (GET /devices/{id}/consumption/intervals/today, timezone UTC).",
    needsDevice: true,
    call: async (c) =>
      (
        await getConsumptionIntervalsToday({
          ...profiled,
          path: deviceOf(c),
          query: { timezone: 'UTC', profile: true },
        })
      ).data,
  },
  {
    id: 'device-readings-24h',
    name: 'Device readings — last 24 hours',
    description:
      'The first page of a device’s readings over the last 24 hours (GET /devices/{id}/readings).',
    needsDevice: true,
    call: async (c) => {
      const end = c.now.toISOString()
      const start = new Date(c.now.getTime() - 24 * 3600_000).toISOString()
      const query = { start_date: start, end_date: end, page: 1, page_size: 100, profile: true }
      return (await listDeviceReadings({ ...profiled, path: deviceOf(c), query })).data
    },
  },
  {
    id: 'device-latest-reading',
    name: 'Device readings — latest',
    description: "A device's newest reading (GET /devices/{id}/readings/latest).",
    needsDevice: true,
    call: async (c) =>
      (await getLatestDeviceReading({ ...profiled, path: deviceOf(c), query: { profile: true } }))
        .data,
  },
  {
    id: 'notifications-feed',
    name: 'Notifications — latest 20',
    description: 'The bell’s feed of the signed-in user (GET /notifications/?limit=20).',
    needsDevice: false,
    call: async () =>
      (await listNotifications({ ...profiled, query: { limit: 20, profile: true } })).data,
  },
  {
    id: 'notification-rules',
    name: 'Notification rules — selected group',
    description:
      'Rules of the group in scope, inactive included (GET /notifications/rules); empty with all groups.',
    needsDevice: false,
    call: async (c) =>
      (
        await listNotificationRules({
          ...profiled,
          query: {
            ...(c.groupId && { group_id: c.groupId }),
            include_inactive: true,
            profile: true,
          },
        })
      ).data,
  },
]

export const NO_PROFILE_MESSAGE =
  'Response did not include profiling data. Ensure the endpoint supports profiling.'
export const GENERIC_PROFILING_ERROR = 'An error occurred'

export interface ProfiledResult {
  data: unknown
  profile: ProfileData
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** Spec §3/§4: only a body with both data and profile counts; anything else is the §8 error. */
export function toProfiledResult(body: unknown): ProfiledResult {
  if (
    !isRecord(body) ||
    !('data' in body) ||
    !isRecord(body.profile) ||
    !Array.isArray(body.profile.steps)
  ) {
    throw new Error(NO_PROFILE_MESSAGE)
  }
  return { data: body.data, profile: body.profile as unknown as ProfileData }
}

/** Spec §8: an error's own message, or 'An error occurred'. */
export function profilingErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return normalizeError(error).message || GENERIC_PROFILING_ERROR
  if (error instanceof Error && error.message) return error.message
  return GENERIC_PROFILING_ERROR
}

/** 'Main meter – Building A (EM-2024-00017) — Berlin, Floor 2', or '— No location'. */
export function deviceOptionLabel(device: {
  name: string
  serial_number?: string | null
  location?: string | null
}) {
  const serial = device.serial_number ? ` (${device.serial_number})` : ''
  return { label: `${device.name}${serial}`, description: device.location || 'No location' }
}
