/**
 * A zone whose clock reads 14:00-14:59 at `now`, so "today" there holds the last fourteen hours.
 * Tests that store readings an hour or two back and read them as today's use it: in a fixed zone
 * they would fail in the hours after that zone's midnight, when the readings fall on yesterday.
 */
export function zoneAtAfternoon(now = Date.now()): string {
  const offset = 14 - new Date(now).getUTCHours() // -9 to +14, all of them Etc zones
  // Etc/GMT names count hours west of Greenwich: UTC+3 is Etc/GMT-3.
  if (offset === 0) return 'Etc/GMT'
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}
