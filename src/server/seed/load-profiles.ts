/** Typical power draw (kW) by local hour and weekday: what a building of each kind does. */
export type LoadProfile =
  | 'office'
  | 'warehouse'
  | 'retail'
  | 'cold_storage'
  | 'server_room'
  | 'ev_charging'
  | 'pumping'
  | 'lighting'

const between = (hour: number, from: number, to: number) => hour >= from && hour < to

/** Power in kW at a local hour (0-23.75) and weekday (0 = Sunday). */
export function powerKw(
  profile: LoadProfile,
  hour: number,
  weekday: number,
  random: () => number,
): number {
  const workday = weekday >= 1 && weekday <= 5
  switch (profile) {
    case 'office':
      return (
        3 + (workday && between(hour, 7, 19) ? 14 * Math.sin(((hour - 7) / 12) * Math.PI) + 4 : 0)
      )
    case 'warehouse':
      return (
        6 + (workday && between(hour, 6, 22) ? 22 : weekday === 6 && between(hour, 6, 14) ? 12 : 0)
      )
    case 'retail':
      return (
        4 +
        (weekday !== 0 && between(hour, 9, 21)
          ? 16
          : weekday === 0 && between(hour, 11, 17)
            ? 8
            : 0)
      )
    case 'cold_storage':
      return 18 + 6 * Math.sin((hour / 24) * 2 * Math.PI) + (random() < 0.1 ? 8 : 0)
    case 'server_room':
      return 11 + random() * 1.5
    case 'ev_charging':
      return workday && between(hour, 8, 17) && random() < 0.55
        ? 22 * random() + 7
        : random() < 0.08
          ? 11
          : 0.1
    case 'pumping':
      return 25 + (between(hour, 5, 9) || between(hour, 17, 22) ? 30 : 5) + random() * 4
    case 'lighting':
      return hour >= 18 || hour < 6.5 ? 9 : 0.2
  }
}

/** Winter draws more than summer (heating, lighting): +/-25% over the year, peak mid-January. */
export function seasonal(dayOfYear: number): number {
  return 1 + 0.25 * Math.cos(((dayOfYear - 15) / 365) * 2 * Math.PI)
}

/**
 * kWh a building of `profile` draws in the quarter hour ending at `t` (epoch ms), in a zone
 * `utcOffset` hours from UTC: its draw at that local time, the season, and +/-10% noise.
 */
export function quarterKwh(
  profile: LoadProfile,
  utcOffset: number,
  t: number,
  random: () => number,
): number {
  const local = new Date(t + utcOffset * 3_600_000)
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60
  const dayOfYear = Math.floor((t - Date.UTC(local.getUTCFullYear(), 0, 1)) / 86_400_000)
  return (
    powerKw(profile, hour, local.getUTCDay(), random) *
    0.25 *
    seasonal(dayOfYear) *
    (0.9 + random() * 0.2)
  )
}
