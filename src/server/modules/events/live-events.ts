import type { Queryable } from '~/server/db/database.ts'

/**
 * The channel every change is announced on when it commits (migration 018). Payloads are JSON
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

/** A reading's 150-odd bytes: 40 of them stay well under NOTIFY's limit. */
const READINGS_PER_NOTIFY = 40

export interface AnnouncedReading {
  deviceId: string
  groupId: string
  ts: number
  kwh: number
  source: string
}

/**
 * Announces, inside the ingest transaction, the newest of the given readings per device: one
 * event per device however many readings a batch holds (the first coalescing of bursts; the
 * event hub does the rest). The NOTIFY is sent when the transaction commits, and never if it
 * rolls back. One round trip.
 */
export async function announceReadings(
  tx: Queryable,
  readings: Iterable<AnnouncedReading>,
): Promise<void> {
  const newest = new Map<string, AnnouncedReading>()
  for (const r of readings) {
    const seen = newest.get(r.deviceId)
    if (!seen || r.ts > seen.ts) newest.set(r.deviceId, r)
  }
  if (newest.size === 0) return
  const list = [...newest.values()]
  await tx.query(
    `SELECT pg_notify('${LIVE_CHANNEL}', chunk) FROM (
       SELECT json_agg(json_build_object('i', nextval('live_event_seq'), 't', 'reading',
                'g', r.g, 'd', r.d, 'ts', r.ts, 'k', r.k, 's', r.s) ORDER BY r.n)::text AS chunk
       FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[])
            WITH ORDINALITY AS r(d, g, ts, k, s, n)
       GROUP BY (r.n - 1) / ${READINGS_PER_NOTIFY}
     ) chunks`,
    [
      list.map((r) => r.deviceId),
      list.map((r) => r.groupId),
      list.map((r) => new Date(r.ts).toISOString()),
      list.map((r) => r.kwh),
      list.map((r) => r.source),
    ],
  )
}
