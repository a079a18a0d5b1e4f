/** Whether `name` is an IANA timezone this runtime (and so PostgreSQL's tz database) knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}
