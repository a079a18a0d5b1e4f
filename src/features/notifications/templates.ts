/**
 * Spec §3/§5: the two notification templates, how a notification picks one, and the zod rules
 * its params must pass (with the spec's exact messages).
 */
import * as z from 'zod/mini'
import type { Notification } from '~/api'

export const DEVICE_OFFLINE_TEMPLATE = 'device.offline.v1'
export const CONSUMPTION_THRESHOLD_TEMPLATE = 'consumption.threshold.v1'

/** 'device.offline' and 'device.offline.v1' both name version 1; a versioned name is kept. */
const VERSIONED = /\.v\d+$/
export const templateIdFromEventType = (eventType: string) =>
  VERSIONED.test(eventType) ? eventType : `${eventType}.v1`

/** Spec §4: template.id, else template_id, else derived from event_type. */
export function templateIdOf(
  notification: Pick<Notification, 'template' | 'template_id' | 'event_type'>,
): string {
  if (notification.template?.id) return notification.template.id
  if (notification.template_id) return notification.template_id
  return templateIdFromEventType(notification.event_type ?? '')
}

const message = (text: string) => ({ error: text })
const uuid = z.guid(message('device_id must be a valid UUID'))
const required = (field: string) =>
  z
    .string(message(`${field} is required`))
    .check(z.trim(), z.minLength(1, message(`${field} is required`)))
const isoTimestamp = (field: string) =>
  z.iso.datetime({
    offset: true,
    local: false,
    ...message(`${field} must be a valid ISO 8601 timestamp`),
  })
const nonNegative = (field: string) =>
  z
    .number(message(`${field} must be non-negative`))
    .check(z.minimum(0, message(`${field} must be non-negative`)))

export const deviceOfflineParams = z.object({
  device_id: uuid,
  device_name: required('device_name'),
  location: z.nullish(z.string()),
  last_seen: isoTimestamp('last_seen'),
  offline_duration_minutes: nonNegative('offline_duration_minutes').check(
    z.multipleOf(1, message('offline_duration_minutes must be an integer')),
  ),
})

export const consumptionThresholdParams = z.object({
  device_id: uuid,
  device_name: required('device_name'),
  location: z.nullish(z.string()),
  threshold_value: nonNegative('threshold_value'),
  actual_value: nonNegative('actual_value'),
  unit: required('unit'),
  window: z.enum(
    ['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY'],
    message('window must be HOURLY, DAILY, WEEKLY or MONTHLY'),
  ),
  timestamp: isoTimestamp('timestamp'),
})

export type DeviceOfflineParams = z.infer<typeof deviceOfflineParams>
export type ConsumptionThresholdParams = z.infer<typeof consumptionThresholdParams>

const schemas = {
  [DEVICE_OFFLINE_TEMPLATE]: deviceOfflineParams,
  [CONSUMPTION_THRESHOLD_TEMPLATE]: consumptionThresholdParams,
} as const

export type ParamsResult =
  | { ok: true; template: typeof DEVICE_OFFLINE_TEMPLATE; params: DeviceOfflineParams }
  | {
      ok: true
      template: typeof CONSUMPTION_THRESHOLD_TEMPLATE
      params: ConsumptionThresholdParams
    }
  | { ok: false; errors: string[] }

/** Checks params against the template's schema; every failure is one of the spec §5 messages. */
export function validateParams(templateId: string, params: unknown): ParamsResult {
  if (templateId !== DEVICE_OFFLINE_TEMPLATE && templateId !== CONSUMPTION_THRESHOLD_TEMPLATE) {
    return { ok: false, errors: [`Unknown template ID: ${templateId}`] }
  }
  const parsed = schemas[templateId].safeParse(params)
  if (!parsed.success)
    return { ok: false, errors: parsed.error.issues.map((issue) => issue.message) }
  return { ok: true, template: templateId, params: parsed.data } as ParamsResult
}
