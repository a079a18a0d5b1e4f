import { differenceInMinutes, formatDistanceStrict } from 'date-fns'
import { NO_VALUE } from './number'

/** '20 s', '12 min', '3 h 5 min', '2 d 4 h': a span of time, rounded to its two largest units. */
export function formatDuration(ms: number): string {
  const min = Math.round(ms / 60_000)
  if (min < 1) return `${Math.round(ms / 1000)} s`
  if (min < 60) return `${min} min`
  const h = Math.floor(min / 60)
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`
  const hours = Math.round(min / 60)
  const d = Math.floor(hours / 24)
  return hours % 24 ? `${d} d ${hours % 24} h` : `${d} d`
}

/** '5 minutes ago', '3 hours ago' (never 'about'): how long before `now` a thing happened. */
export const formatAgo = (date: Date | string, now: Date = new Date()) =>
  formatDistanceStrict(new Date(date), now, { addSuffix: true })

/** '5 min ago', '3 h ago', '2 d ago', 'just now': the same in a few characters, for a phone. */
export function formatAgoShort(date: Date | string, now: Date = new Date()): string {
  // A clock slightly ahead of ours is 'just now', not 'in 2 minutes'.
  const minutes = Math.max(0, differenceInMinutes(now, new Date(date)))
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ago`
  return `${Math.floor(minutes / (24 * 60))} d ago`
}

const dateTimes = new Map<string, Intl.DateTimeFormat>()
function dateTime() {
  const languages = globalThis.navigator?.languages
  const key = String(languages)
  let format = dateTimes.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(languages, { dateStyle: 'medium', timeStyle: 'short' })
    dateTimes.set(key, format)
  }
  return format
}

/** 'Nov 22, 2026, 10:00 AM' in the browser's locale, or an en dash for no date. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dateTime().format(new Date(iso)) : NO_VALUE
