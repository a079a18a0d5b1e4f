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

/**
 * kW a rooftop array of `kwp` produces at a local hour: a half sine from sunrise to sunset (a
 * Hamburg-like day, 7.5 hours in December to 16.5 in June, centred on 13:00 summer clock), weaker
 * in winter, with passing clouds.
 */
export function solarKw(kwp: number, hour: number, dayOfYear: number, random: () => number) {
  const summer = Math.cos(((dayOfYear - 172) / 365) * 2 * Math.PI)
  const daylight = 12 + 4.5 * summer
  const sunrise = 13 - daylight / 2
  if (hour <= sunrise || hour >= sunrise + daylight) return 0
  const sun = Math.sin(((hour - sunrise) / daylight) * Math.PI)
  return kwp * 0.8 * sun * (0.55 + 0.35 * summer) * (0.5 + random() * 0.5)
}

/** What a grid meter counts in a quarter hour: the kWh it takes and the kWh it feeds back. */
export interface GridQuarter {
  importKwh: number
  exportKwh: number
}

/**
 * The quarter hour ending at `t` at a grid meter whose building draws `profile` and, with
 * `solarKwp`, has a rooftop array behind the meter: the meter imports what the array does not
 * cover and exports what the building does not use. Without an array, the random draws are
 * those of `quarterKwh` alone, so an import-only meter's readings stay what they were.
 */
export function gridQuarter(
  spec: { profile: LoadProfile; solarKwp?: number },
  utcOffset: number,
  t: number,
  random: () => number,
): GridQuarter {
  const load = quarterKwh(spec.profile, utcOffset, t, random)
  if (!spec.solarKwp) return { importKwh: load, exportKwh: 0 }
  const local = new Date(t + utcOffset * 3_600_000)
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60
  const dayOfYear = Math.floor((t - Date.UTC(local.getUTCFullYear(), 0, 1)) / 86_400_000)
  const solar = solarKw(spec.solarKwp, hour, dayOfYear, random) * 0.25
  return { importKwh: Math.max(0, load - solar), exportKwh: Math.max(0, solar - load) }
}
