/**
 * THE table of what each live event makes stale (issue 34): which cached operations a change
 * announced on `GET /api/v1/events` invalidates. `features/live/live-cache.ts` runs it; what an
 * event carries itself (a device's latest reading, its status) it sets in the cache directly.
 *
 * Typed so it cannot drift: every event of `LiveEvents` (src/common/live-events.ts, which the
 * server frames its events by) needs an entry, an entry for an unknown event or naming an
 * operation without a generated query fails the typecheck, and `device` lists only operations
 * whose query key has a path `id`, on events that carry a `device_id`.
 */
import type { LiveEventName, LiveEvents } from '../common/live-events.ts'
import type { KeyOptions, QueryOperation } from './cache'

/** Operations keyed by one object's id in their path (`/devices/{id}/...`). */
export type DeviceOperation = {
  [Op in QueryOperation]: KeyOptions<Op> extends { path: { id: string } } ? Op : never
}[QueryOperation]

/** What one event makes stale. */
export interface Staleness<Data> {
  /** Operations about the event's device, invalidated for that device only (`{ path: { id } }`). */
  device?: Data extends { device_id: string } ? readonly DeviceOperation[] : never
  /** Operations invalidated whatever their parameters; `'all'` is every cached query. */
  any?: readonly QueryOperation[] | 'all'
  /**
   * Invalidated as the event arrives. Otherwise gathered over a short window, so a fleet
   * publishing every second refetches a list once, not once per device.
   * @default false
   */
  now?: boolean
}

export type StalenessTable = { readonly [E in LiveEventName]: Staleness<LiveEvents[E]> }

/** Today's and the current periods' figures, charts and tables of a device a reading changes. */
const READING_DERIVED = [
  // The device itself: what the event does not carry (its reading count, its token's last use).
  'getDevice',
  'getLatestDeviceReading',
  'listDeviceReadings',
  'listDeviceMeasurements',
  'getCumulativeConsumption',
  'getCumulativeConsumptionToday',
  'getCumulativeConsumptionThisWeek',
  'getCumulativeConsumptionThisMonth',
  'getCumulativeConsumptionThisBill',
  'getConsumptionIntervalsToday',
  'getConsumptionIntervals',
] as const satisfies readonly DeviceOperation[]

export const LIVE_STALENESS = {
  reading: {
    device: READING_DERIVED,
    // Today's kWh in the device list is summed by the server; reports (the dashboard's today,
    // month and 30-day cards) span every device.
    any: ['listDevices', 'getEnergyReport'],
  },
  'device.status': { device: ['listDeviceStatus', 'getDeviceStatusSummary'] },
  // The bell's count and feed: read here or in another tab, the bell follows at once.
  notification: { any: ['listNotifications', 'getUnreadNotificationCount'], now: true },
  'notifications.read': { any: ['listNotifications', 'getUnreadNotificationCount'], now: true },
  // The alarms page and devices' overviews; an evaluator run may raise hundreds at once.
  alarm: { any: ['listAlarms', 'getAlarm'] },
  'device.changed': { device: ['getDevice', 'getDeviceConnection'], any: ['listDevices'] },
  'device.deleted': { device: ['getDevice', 'getDeviceConnection'], any: ['listDevices'] },
  // What was missed cannot be replayed: everything shown is refetched.
  reset: { any: 'all', now: true },
} as const satisfies StalenessTable
