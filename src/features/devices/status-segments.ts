import type { StatusEntry } from '~/api'

/** Status changes (newest first, as the API lists them) as timeline segments ending `now`. */
export function toSegments(entries: readonly StatusEntry[], now: Date) {
  const ordered = [...entries].sort((a, b) => a.timestamp.localeCompare(b.timestamp))
  return ordered.map((entry, i) => ({
    start: entry.timestamp,
    end: ordered[i + 1]?.timestamp ?? now.toISOString(),
    status: entry.status,
  }))
}
