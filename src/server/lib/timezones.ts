import { invalid } from './http-errors.ts'

/** Whether `name` is an IANA timezone this runtime (and so PostgreSQL's tz database) knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** A query's `timezone` (default UTC); an unknown IANA name answers 422. */
export function zoneOf(timezone: string | undefined): string {
  const tz = timezone ?? 'UTC'
  if (!isTimeZone(tz)) throw invalid(['query', 'timezone'], `Unknown IANA timezone: ${tz}`)
  return tz
}
