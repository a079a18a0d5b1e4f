/** Display helpers shared by the device pages; numbers and times come from lib/format. */
import { differenceInMinutes } from 'date-fns'
import { formatAgo, formatAgoShort } from '~/lib/format'

/** 'Energy' for energy_kwh, 'Power' for power_w: a reading type name in words, its unit left off. */
export function measurementName(name: string): string {
  const words = name.split('_')
  if (words.length > 1) words.pop()
  const text = words.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** 'Last seen 5 minutes ago', 'Last seen just now' (not '0 seconds ago'), 'Never seen'. */
export function lastSeenText(lastSeen: string | null, now: Date = new Date()): string {
  if (!lastSeen) return 'Never seen'
  // Under a minute, or a device clock slightly ahead of ours.
  if (differenceInMinutes(now, new Date(lastSeen)) < 1) return 'Last seen just now'
  return `Last seen ${formatAgo(lastSeen, now)}`
}

/** '5 min ago', '3 h ago', '2 d ago', 'Never seen': for a phone's narrow status column. */
export const lastSeenShort = (lastSeen: string | null, now: Date = new Date()) =>
  lastSeen ? formatAgoShort(lastSeen, now) : 'Never seen'
