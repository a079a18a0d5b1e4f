import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import { formatDuration } from './alerts.ts'
import { quantityText } from '~/server/lib/quantity-text.ts'

/**
 * What an alarm says to people, written when it is read or sent (issue 32), never stored: the
 * stored message of an alarm raised three days ago still said "offline for 31 min". Everything
 * here comes from the alarm's facts (its values, times, state) and the group's timezone.
 */

/** The facts an alarm's text is written from (an Alarm row or a webhook payload's alarm). */
export interface AlarmFacts {
  alert_type: string
  title: string
  state: string
  values: Record<string, unknown>
  raised_at: string | Date
  cleared_at: string | Date | null
  cleared_by: string | null
  cleared_by_name?: string | null
  /** The text stored when it was raised: used when the values are not what this file knows. */
  message?: string
}

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v))
const validDate = (v: unknown): Date | null => {
  if (typeof v !== 'string') return null
  const d = new Date(v)
  return Number.isNaN(d.getTime()) ? null : d
}
const safeZone = (timezone: string | null | undefined) => {
  try {
    if (timezone) new Intl.DateTimeFormat('en', { timeZone: timezone })
    return timezone || 'UTC'
  } catch {
    return 'UTC'
  }
}

/** '26 Nov 14:02' (the year only when it is not this year's): times in a sentence. */
export function shortTime(date: Date, timezone: string, now = new Date()) {
  const zone = safeZone(timezone)
  const local = new TZDate(date.getTime(), zone)
  const sameYear = local.getFullYear() === new TZDate(now.getTime(), zone).getFullYear()
  return format(local, sameYear ? 'd MMM HH:mm' : 'd MMM yyyy HH:mm')
}

/** 'Thu 26 Nov 2026, 14:02 (Europe/Berlin)': a time on its own line of an e-mail. */
export function fullTime(date: Date, timezone: string) {
  const zone = safeZone(timezone)
  return `${format(new TZDate(date.getTime(), zone), 'EEE d MMM yyyy, HH:mm')} (${zone})`
}

/** 45 min, 3 h 10 min, 1 day 4 h, 3 days. */
export function spanText(ms: number) {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  if (minutes < 24 * 60) return formatDuration(minutes)
  const days = Math.floor(minutes / (24 * 60))
  const hours = Math.floor((minutes % (24 * 60)) / 60)
  const dayText = `${days} ${days === 1 ? 'day' : 'days'}`
  return days >= 3 || hours === 0 ? dayText : `${dayText} ${hours} h`
}

const PERIOD: Record<string, string> = {
  HOURLY: 'hour',
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
}
const WINDOW_LABEL: Record<string, string> = {
  HOURLY: 'Hourly',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
}

const deviceOf = (a: AlarmFacts) =>
  typeof a.values.device_name === 'string' ? a.values.device_name : 'The device'

/**
 * The alarm's one sentence. `until` is the moment an open alarm is described at: now when read,
 * the event's time when sent (so a retried webhook carries the same text).
 */
export function alarmMessage(a: AlarmFacts, timezone: string, until: Date = new Date()): string {
  const device = deviceOf(a)
  if (a.alert_type === 'DEVICE_OFFLINE') {
    const lastSeen = validDate(a.values.last_seen)
    if (!lastSeen) return a.message ?? `${device}: ${a.title}`
    const since = shortTime(lastSeen, timezone, until)
    if (a.state !== 'cleared' || !a.cleared_at)
      return `${device} has been offline since ${since} (${spanText(until.getTime() - lastSeen.getTime())}).`
    const cleared = toDate(a.cleared_at)
    const span = spanText(cleared.getTime() - lastSeen.getTime())
    return a.cleared_by === 'auto'
      ? `${device} was offline from ${since} to ${shortTime(cleared, timezone, until)} (${span}).`
      : `${device} had been offline since ${since} (${span}) when ${a.cleared_by_name ?? 'someone'} cleared the alarm.`
  }
  if (a.alert_type === 'CONSUMPTION_THRESHOLD') {
    const v = a.values
    const end = validDate(v.timestamp)
    if (!end || typeof v.actual_value !== 'number' || typeof v.threshold_value !== 'number')
      return a.message ?? `${device}: ${a.title}`
    const unit = typeof v.unit === 'string' ? v.unit : 'kWh'
    const period = PERIOD[String(v.window)] ?? 'period'
    return (
      `${device} used ${quantityText(v.actual_value, unit)} in the ${period} ending ` +
      `${shortTime(end, timezone, until)}, above the threshold of ${quantityText(v.threshold_value, unit)}.`
    )
  }
  return a.message ?? `${device}: ${a.title}`
}

/** 'Cleared automatically (the condition ended)' or 'Cleared by Anna Admin'. */
export function clearedByText(a: Pick<AlarmFacts, 'cleared_by' | 'cleared_by_name'>) {
  if (a.cleared_by === 'auto') return 'automatically (the condition ended)'
  return `by ${a.cleared_by_name ?? 'a user'}`
}

/** The labels of the values people read; the ids and the device's name are shown elsewhere. */
const VALUE_LABELS: Record<string, string> = {
  location: 'Location',
  last_seen: 'Last seen',
  offline_duration_minutes: 'Offline when raised',
  actual_value: 'Consumption',
  threshold_value: 'Threshold',
  window: 'Window',
  timestamp: 'Window ended',
}
const HIDDEN = new Set(['device_id', 'device_name', 'unit'])

const humanise = (key: string) => {
  const words = key.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The alarm's values as labelled lines, times in the group's zone, amounts with their unit. */
export function labelledValues(a: AlarmFacts, timezone: string): Array<[string, string]> {
  const unit = typeof a.values.unit === 'string' ? a.values.unit : ''
  const out: Array<[string, string]> = []
  for (const [key, value] of Object.entries(a.values)) {
    if (HIDDEN.has(key) || value === null || value === undefined || value === '') continue
    const label = VALUE_LABELS[key] ?? humanise(key)
    const date = key === 'last_seen' || key === 'timestamp' ? validDate(value) : null
    let text: string
    if (date) text = fullTime(date, timezone)
    else if (key === 'offline_duration_minutes' && typeof value === 'number')
      text = formatDuration(value)
    else if ((key === 'actual_value' || key === 'threshold_value') && typeof value === 'number')
      text = quantityText(value, unit)
    else if (key === 'window') text = WINDOW_LABEL[String(value)] ?? String(value)
    else text = typeof value === 'string' ? value : JSON.stringify(value)
    out.push([label, text])
  }
  return out
}

/** The console's page of the alarm, where it can be acknowledged. */
export const alarmLink = (publicUrl: string | undefined, alarmId: string) =>
  publicUrl ? `${publicUrl.replace(/\/+$/, '')}/notifications?tab=alarms&alarm=${alarmId}` : null

/** The device in the console. */
export const deviceLink = (publicUrl: string | undefined, deviceId: string) =>
  publicUrl ? `${publicUrl.replace(/\/+$/, '')}/devices/${deviceId}` : null
