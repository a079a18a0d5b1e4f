import type { LiveEventName } from '~/common/live-events.ts'

/**
 * The channel every change is announced on when it commits, by the triggers of migrations 018
 * (device statuses, notification deliveries, device edits), 023 (notifications read), 024
 * (alarms) and 027 (readings): one way for every change, whoever makes it. Payloads are JSON
 * arrays of `WireEvent`, kept small: NOTIFY takes at most 8,000 bytes.
 */
export const LIVE_CHANNEL = 'live_events'

/** How events travel between replicas: short keys, ids from live_event_seq. */
export type WireEvent =
  | { i: number; t: 'reading'; g: string; d: string; ts: string; k: number; s: string }
  | { i: number; t: 'device.status'; g: string; d: string; st: string; ls: string | null }
  | { i: number; t: 'notification'; g: string; u: string; n: string; c: number }
  | { i: number; t: 'notifications.read'; g: string; u: string; c: number }
  | { i: number; t: 'alarm'; g: string; d: string; a: string; st: string }
  | { i: number; t: 'device.changed'; g: string; og?: string; d: string }
  | { i: number; t: 'device.deleted'; g: string; d: string }

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * Every event the database announces is one the contract names (src/common/live-events.ts,
 * which the console's staleness table covers), and every one the contract names is announced
 * but `reset`, which the event hub sends itself: a new trigger's event fails this until both
 * sides know it.
 */
export const WIRE_NAMES_MATCH: Same<WireEvent['t'], Exclude<LiveEventName, 'reset'>> = true
