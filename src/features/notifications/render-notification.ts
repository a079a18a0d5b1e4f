/**
 * Spec §4/§5: turns a notification into what the bell and the history show. A notification whose
 * format version, template or params the console does not understand falls back to its plain
 * title and message, with no attributes.
 */
import { formatDistance } from 'date-fns'
import type { Notification } from '~/api'
import {
  CONSUMPTION_THRESHOLD_TEMPLATE,
  templateIdOf,
  validateParams,
  type ConsumptionThresholdParams,
  type DeviceOfflineParams,
} from './templates'
import { formatPercent, formatQuantity } from '~/lib/format'

export interface NotificationAttribute {
  label: string
  value: string
}

export interface RenderedNotification {
  title: string
  message: string
  /** In order of importance: the bell shows the first two. */
  attributes: NotificationAttribute[]
  /** The template used, or null when the plain text is shown. */
  template: string | null
  /** Why the plain text is shown (for the log), empty when a template rendered. */
  problems: string[]
}

export const SUPPORTED_FORMAT_VERSION = 1
export const DEFAULT_TITLE = 'Notification'

/** Spec §5: minutes below an hour, otherwise hours and minutes ('2h 5m'). */
export function formatOfflineDuration(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes))
  if (whole < 60) return `${whole} ${whole === 1 ? 'minute' : 'minutes'}`
  return `${Math.floor(whole / 60)}h ${whole % 60}m`
}

/** Spec §5: how far actual is above the threshold, in percent to one decimal; N/A at threshold 0. */
export function formatOverage(actual: number, threshold: number): string {
  if (threshold === 0) return 'N/A'
  return formatPercent((actual - threshold) / threshold, { decimals: 1 })
}

/** '2 hours ago': relative like the delivery time beside it; an invalid date fails the rendering. */
const ago = (iso: string, now: Date) => {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid date: ${iso}`)
  return formatDistance(date, now, { addSuffix: true })
}

const windowLabels = {
  HOURLY: 'Hourly',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
} as const
const windowNouns = { HOURLY: 'hour', DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month' } as const

/** '12.5%' reads '+12.5%' beside a threshold; negative values and N/A keep their own form. */
const withSign = (percent: string) =>
  percent === 'N/A' || percent.startsWith('-') ? percent : `+${percent}`

const compact = (attributes: (NotificationAttribute | null)[]) =>
  attributes.filter((a): a is NotificationAttribute => a !== null)

function renderDeviceOffline(p: DeviceOfflineParams, now: Date) {
  const place = p.location ? ` (${p.location})` : ''
  return {
    title: `${p.device_name} is offline`,
    message: `${p.device_name}${place} has not reported for ${formatOfflineDuration(p.offline_duration_minutes)}.`,
    attributes: compact([
      { label: 'Offline for', value: formatOfflineDuration(p.offline_duration_minutes) },
      p.location ? { label: 'Location', value: p.location } : null,
      { label: 'Last seen', value: ago(p.last_seen, now) },
    ]),
  }
}

function renderConsumptionThreshold(p: ConsumptionThresholdParams, now: Date) {
  const overage = formatOverage(p.actual_value, p.threshold_value)
  return {
    title: `${p.device_name} is above its consumption threshold`,
    message:
      `${p.device_name} used ${formatQuantity(p.actual_value, p.unit)} this ${windowNouns[p.window]}, ` +
      `above the threshold of ${formatQuantity(p.threshold_value, p.unit)}.`,
    attributes: compact([
      { label: 'Over threshold', value: withSign(overage) },
      {
        label: 'Consumption',
        value: `${formatQuantity(p.actual_value, p.unit)} / ${formatQuantity(p.threshold_value, p.unit)}`,
      },
      { label: 'Window', value: windowLabels[p.window] },
      p.location ? { label: 'Location', value: p.location } : null,
      { label: 'Window ended', value: ago(p.timestamp, now) },
    ]),
  }
}

type Renderable = Pick<
  Notification,
  'title' | 'message' | 'format_version' | 'template' | 'template_id' | 'event_type' | 'params'
>

export function plainNotification(
  notification: Partial<Renderable>,
  problems: string[],
): RenderedNotification {
  return {
    title: notification.title || DEFAULT_TITLE,
    message: notification.message ?? '',
    attributes: [],
    template: null,
    problems,
  }
}

export function renderNotification(
  notification: Renderable,
  now: Date = new Date(),
): RenderedNotification {
  const version = notification.format_version ?? SUPPORTED_FORMAT_VERSION
  if (version !== SUPPORTED_FORMAT_VERSION) {
    return plainNotification(notification, [`Unsupported format_version: ${version}`])
  }
  const templateId = templateIdOf(notification)
  const checked = validateParams(templateId, notification.params)
  if (!checked.ok) return plainNotification(notification, checked.errors)
  try {
    const rendered =
      checked.template === CONSUMPTION_THRESHOLD_TEMPLATE
        ? renderConsumptionThreshold(checked.params, now)
        : renderDeviceOffline(checked.params, now)
    return { ...rendered, template: templateId, problems: [] }
  } catch (error) {
    return plainNotification(notification, [
      `Rendering failed: ${error instanceof Error ? error.message : String(error)}`,
    ])
  }
}
