import { TZDate } from '@date-fns/tz'
import { format, subDays, subHours } from 'date-fns'
import type {
  ConsumptionThresholdParams,
  DeviceOfflineParams,
} from '~/api/__generated__/types.gen.ts'
import { quantityText } from '~/server/lib/quantity-text.ts'
import { isoIn } from '../energy/windows.ts'
import type { ThresholdWindow } from './rules-repository.ts'

/**
 * What the evaluator stores for one alert: the plain title and message (shown when the console
 * cannot render the template) and params that match the contract's schema for the template.
 */
export interface Alert {
  eventType: 'device.offline.v1' | 'consumption.threshold.v1'
  templateVersion: 1
  title: string
  message: string
  params: DeviceOfflineParams | ConsumptionThresholdParams
}

export interface DeviceRef {
  id: string
  name: string
  location: string | null
}

/** 45 min, 2 h, 1 h 35 min: the console's own rendering of the duration. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

export function offlineAlert(device: DeviceRef, lastSeen: Date, now: Date): Alert {
  const minutes = Math.max(0, Math.floor((now.getTime() - lastSeen.getTime()) / 60_000))
  return {
    eventType: 'device.offline.v1',
    templateVersion: 1,
    title: 'Device offline',
    message: `${device.name} has been offline for ${formatDuration(minutes)}.`,
    params: {
      device_id: device.id,
      device_name: device.name,
      location: device.location,
      last_seen: lastSeen.toISOString(),
      offline_duration_minutes: minutes,
    },
  }
}

/**
 * The window that went over as a person writes it, in the group's timezone: 'between 09:00 and
 * 10:00 on 10 Mar 2026', 'on 27 Nov 2026', 'in the week from 21 Nov to 27 Nov 2026', 'in November
 * 2026'. `end` is the window's end (the next one's start): "the day ending 28 Nov 2026, 00:00"
 * named the wrong day to anyone reading it (issue 32).
 */
export function windowPhrase(window: ThresholdWindow, end: Date, timezone: string): string {
  const at = new TZDate(end.getTime(), timezone)
  const last = new TZDate(end.getTime() - 1, timezone)
  switch (window) {
    case 'HOURLY':
      return `between ${format(subHours(at, 1), 'HH:mm')} and ${format(at, 'HH:mm')} on ${format(last, 'd MMM yyyy')}`
    case 'DAILY':
      return `on ${format(last, 'd MMM yyyy')}`
    case 'WEEKLY':
      return `in the week from ${format(subDays(at, 7), 'd MMM')} to ${format(last, 'd MMM yyyy')}`
    case 'MONTHLY':
      return `in ${format(last, 'MMMM yyyy')}`
  }
}

export interface Overage {
  threshold: number
  actual: number
  unit: string
  window: ThresholdWindow
  /** End of the window that went over, shown in the group's timezone. */
  end: Date
  timezone: string
}

export function thresholdAlert(device: DeviceRef, o: Overage): Alert {
  return {
    eventType: 'consumption.threshold.v1',
    templateVersion: 1,
    title: 'Consumption threshold exceeded',
    message:
      `${device.name} used ${quantityText(o.actual, o.unit)} ${windowPhrase(o.window, o.end, o.timezone)}, ` +
      `above the threshold of ${quantityText(o.threshold, o.unit)}.`,
    params: {
      device_id: device.id,
      device_name: device.name,
      location: device.location,
      threshold_value: o.threshold,
      actual_value: o.actual,
      unit: o.unit,
      window: o.window,
      timestamp: isoIn(o.end, o.timezone),
    },
  }
}

/** Readings are kWh; a rule may state its threshold in another energy unit. */
const PER_KWH: Record<string, number> = { wh: 1000, kwh: 1, mwh: 1e-3, gwh: 1e-6 }

/** kWh in the rule's unit; units that are not energy units are taken as kWh. */
export const inUnit = (kwh: number, unit: string) =>
  Math.round(kwh * (PER_KWH[unit.trim().toLowerCase()] ?? 1) * 1000) / 1000
