import type {
  LiveAlarm,
  LiveDeviceRef,
  LiveDeviceStatus,
  LiveNotification,
  LiveNotificationsRead,
  LiveReading,
  LiveReset,
} from '../api/__generated__/types.gen.ts'

/**
 * Every event of the live stream (`GET /api/v1/events`, openapi.yaml's `streamEvents`) by name,
 * with the `data` it carries. The server frames what it announces by this map
 * (`modules/events/event-hub.ts`) and the console's table of what each event makes stale
 * (`src/api/live-staleness.ts`) must have an entry for every name: a new event added here fails
 * the typecheck on both sides until both handle it.
 */
export interface LiveEvents {
  reading: LiveReading
  'device.status': LiveDeviceStatus
  notification: LiveNotification
  'notifications.read': LiveNotificationsRead
  alarm: LiveAlarm
  'device.changed': LiveDeviceRef
  'device.deleted': LiveDeviceRef
  /** Sent by the server when what was missed cannot be replayed; never announced by a change. */
  reset: LiveReset
}

export type LiveEventName = keyof LiveEvents
