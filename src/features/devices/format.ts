/** Display helpers shared by the device pages. */
import { differenceInMinutes, formatDistanceStrict } from 'date-fns'

const kwhFormat = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
})
const meterFormat = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
})

/** '12.5', or an en dash for no value: the figure where the unit is shown apart. */
export const formatKwhValue = (kwh: number | null | undefined) =>
  kwh == null ? '–' : kwhFormat.format(kwh)

/** '12.5 kWh', or an en dash for no value. */
export const formatKwh = (kwh: number | null | undefined) =>
  kwh == null ? '–' : `${formatKwhValue(kwh)} kWh`

/** 'Energy' for energy_kwh, 'Power' for power_w: a reading type name in words, its unit left off. */
export function measurementName(name: string): string {
  const words = name.split('_')
  if (words.length > 1) words.pop()
  const text = words.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** A meter register: one decimal always, so columns of readings line up. */
export const formatMeter = (kwh: number | null | undefined) =>
  kwh == null ? '–' : `${meterFormat.format(kwh)} kWh`

/** 'Last seen 5 minutes ago', 'Last seen just now' (not '0 seconds ago'), 'Never seen'. */
export function lastSeenText(lastSeen: string | null, now: Date = new Date()): string {
  if (!lastSeen) return 'Never seen'
  // Under a minute, or a device clock slightly ahead of ours.
  if (differenceInMinutes(now, new Date(lastSeen)) < 1) return 'Last seen just now'
  return `Last seen ${formatDistanceStrict(new Date(lastSeen), now, { addSuffix: true })}`
}

/** '5 min ago', '3 h ago', '2 d ago', 'Never seen': for a phone's narrow status column. */
export function lastSeenShort(lastSeen: string | null, now: Date = new Date()): string {
  if (!lastSeen) return 'Never seen'
  const minutes = Math.max(0, differenceInMinutes(now, new Date(lastSeen)))
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ago`
  return `${Math.floor(minutes / (24 * 60))} d ago`
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dateTime.format(new Date(iso)) : '–'
