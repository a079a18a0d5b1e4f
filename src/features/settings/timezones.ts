/** Every IANA zone the browser knows, UTC first; the browser's own zone is the usual choice. */
export function timeZones(): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')]
}

/** The browser's IANA zone; the API's default (UTC) only when the browser gives none. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/** 'Europe/Berlin (UTC+01:00)' for the list; the offset is today's. */
export function timeZoneLabel(zone: string, now = new Date()): string {
  try {
    const offset = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value
    const readable = zone.replaceAll('_', ' ')
    return offset && offset !== 'GMT'
      ? `${readable} (${offset.replace('GMT', 'UTC')})`
      : `${readable} (UTC)`
  } catch {
    return zone
  }
}
