/** The bill's peak across the fleet (issue 35): what a demand charge would bill the most. */
import type { EnergyReportDevice } from '~/api'

export interface DevicePeak {
  deviceId: string
  deviceName: string
  kw: number
  /** The peak quarter hour's start, local date-time with offset (the server's `peak_at`). */
  at: string
  estimated: boolean
}

/**
 * The highest `current_peak_kw` of the report's devices (the earliest on a tie, as the server
 * picks a device's own peak); null when no device has one. The fields are read as possibly absent:
 * a report from a server that leaves them out has no peak.
 */
export function highestPeak(devices: readonly EnergyReportDevice[]): DevicePeak | null {
  let best: DevicePeak | null = null
  for (const device of devices) {
    const kw = device.current_peak_kw ?? null
    const at = device.current_peak_at ?? null
    if (kw === null || at === null) continue
    if (best && (kw < best.kw || (kw === best.kw && Date.parse(at) >= Date.parse(best.at))))
      continue
    best = {
      deviceId: device.device_id,
      deviceName: device.device_name,
      kw,
      at,
      estimated: device.current_peak_estimated ?? false,
    }
  }
  return best
}
