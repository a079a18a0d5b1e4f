import type { Queryable } from '../../db/database.ts'
import { computeDeltas, hourOf, type Point } from './deltas.ts'

/** One reading to store. Timestamps are instants; kWh is the meter's cumulative register. */
export interface NewReading {
  deviceId: string
  ts: Date
  kwh: number
  /** @default 'energy_kwh' */
  readingType?: string
  /** @default 'meter' */
  source?: 'meter' | 'manual' | 'bulk'
  /** 'reset' declares a meter reset or replacement: the count restarts at this value. @default 'ok' */
  status?: 'ok' | 'estimated' | 'manual' | 'reset'
  enteredBy?: string | null
  enteredByName?: string | null
  note?: string | null
  attachmentId?: string | null
}

export interface InsertResult {
  /** Input indexes stored now. */
  inserted: number[]
  /** Input indexes already stored (same device, type and timestamp, before or earlier in the batch). */
  duplicates: number[]
  /** Input indexes whose device is unknown or outside the transaction's scope. */
  unknownDevice: number[]
  /** Ids of the stored rows by input index, when asked for with `returnIds`. */
  ids: Map<number, number>
}

export const ENERGY = 'energy_kwh'

interface Fresh {
  index: number
  row: NewReading
  groupId: string
  point: Point
}

/**
 * Stores readings in one batch and keeps everything derived from them exact. Call it inside a
 * transaction (under a tenant scope row-level security applies throughout):
 *
 * 1. locks the devices named (so concurrent batches for one device queue up) and takes each
 *    reading's group_id from its device: a reading can never land in another tenant;
 * 2. loads, per device and type, the stored readings inside the batch's time span plus the one
 *    before and the one after it; readings already stored are duplicates (ingest is idempotent);
 * 3. computes delta_kwh and is_reset over the merged sequence, so backfilled and out-of-order
 *    readings are right and fix their successors (only changed rows are rewritten);
 * 4. inserts with one unnest() statement, then adjusts the hourly rollup and device statistics
 *    by exactly what changed.
 */
export async function insertReadings(
  tx: Queryable,
  rows: readonly NewReading[],
  options: { returnIds?: boolean } = {},
): Promise<InsertResult> {
  const result: InsertResult = { inserted: [], duplicates: [], unknownDevice: [], ids: new Map() }
  if (rows.length === 0) return result
  const groups = await lockDevices(tx, [...new Set(rows.map((r) => r.deviceId))])
  const series = new Map<string, Fresh[]>()
  const seen = new Set<string>()
  rows.forEach((row, index) => {
    const groupId = groups.get(row.deviceId)
    if (!groupId) return void result.unknownDevice.push(index)
    const type = row.readingType ?? ENERGY
    const key = `${row.deviceId}|${type}`
    if (seen.has(`${key}|${row.ts.getTime()}`)) return void result.duplicates.push(index)
    seen.add(`${key}|${row.ts.getTime()}`)
    const point: Point = {
      ts: row.ts.getTime(),
      kwh: row.kwh,
      declaredReset: row.status === 'reset',
    }
    const list = series.get(key) ?? []
    list.push({ index, row, groupId, point })
    series.set(key, list)
  })
  if (series.size === 0) return result
  const context = await loadContext(tx, [...series.entries()])
  const fresh: Fresh[] = []
  const updates: StoredUpdate[] = []
  for (const [key, list] of series) {
    const stored = context.get(key) ?? []
    const storedTs = new Set(stored.map((s) => s.point.ts))
    const newOnes = list.filter((f) => {
      if (!storedTs.has(f.point.ts)) return true
      result.duplicates.push(f.index)
      return false
    })
    if (newOnes.length === 0) continue
    for (const change of computeDeltas(
      stored.map((s) => s.point),
      newOnes.map((f) => f.point),
    )) {
      const owner = stored.find((s) => s.point === change.point)
      if (owner) updates.push({ ...owner, delta: change.delta, reset: change.reset })
    }
    fresh.push(...newOnes)
  }
  result.duplicates.sort((a, b) => a - b)
  if (fresh.length === 0) return result
  const ids = await insertFresh(tx, fresh, options.returnIds ?? false)
  for (const [i, f] of fresh.entries()) {
    result.inserted.push(f.index)
    const id = ids[i]
    if (id !== undefined) result.ids.set(f.index, id)
  }
  result.inserted.sort((a, b) => a - b)
  await updateStored(tx, updates)
  await adjustHourly(tx, fresh, updates)
  await adjustDeviceStats(tx, fresh)
  return result
}

/** group_id per visible device; locks them until the transaction ends. */
async function lockDevices(tx: Queryable, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ id: string; group_id: string }>(
    'SELECT id, group_id FROM devices WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE',
    [ids],
  )
  return new Map(rows.map((r) => [r.id, r.group_id]))
}

interface Stored {
  id: number
  readingType: string
  deviceId: string
  groupId: string
  point: Point
}

interface StoredUpdate extends Stored {
  delta: number | null
  reset: boolean
}

interface ContextRow {
  span: number
  id: number
  device_id: string
  group_id: string
  reading_type: string
  ts: Date
  kwh: number
  delta_kwh: number | null
  is_reset: boolean
  status: string
}

/** Per series: stored readings within its span, plus the one before and the one after. */
async function loadContext(
  tx: Queryable,
  spans: Array<[string, Fresh[]]>,
): Promise<Map<string, Stored[]>> {
  const bounds = spans.map(([, list]) => {
    const times = list.map((f) => f.point.ts)
    return {
      lo: new Date(Math.min(...times)).toISOString(),
      hi: new Date(Math.max(...times)).toISOString(),
    }
  })
  const columns =
    'r.id, r.device_id, r.group_id, r.reading_type, r.ts, r.kwh, r.delta_kwh, r.is_reset, r.status'
  const match = 'r.device_id = s.device_id AND r.reading_type = s.reading_type'
  const { rows } = await tx.query<ContextRow>(
    `WITH s AS (
       SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[])
         AS s(span, device_id, reading_type, lo, hi)
     )
     SELECT s.span, ${columns} FROM s JOIN readings r ON ${match} AND r.ts BETWEEN s.lo AND s.hi
     UNION ALL
     SELECT s.span, p.* FROM s CROSS JOIN LATERAL (
       SELECT ${columns} FROM readings r WHERE ${match} AND r.ts < s.lo ORDER BY r.ts DESC LIMIT 1) p
     UNION ALL
     SELECT s.span, n.* FROM s CROSS JOIN LATERAL (
       SELECT ${columns} FROM readings r WHERE ${match} AND r.ts > s.hi ORDER BY r.ts LIMIT 1) n`,
    [
      spans.map((_, i) => i),
      spans.map(([, list]) => list[0]!.row.deviceId),
      spans.map(([, list]) => list[0]!.row.readingType ?? ENERGY),
      bounds.map((b) => b.lo),
      bounds.map((b) => b.hi),
    ],
  )
  const context = new Map<string, Stored[]>()
  for (const r of rows) {
    const key = spans[r.span]![0]
    const list = context.get(key) ?? []
    list.push({
      id: r.id,
      readingType: r.reading_type,
      deviceId: r.device_id,
      groupId: r.group_id,
      point: {
        ts: r.ts.getTime(),
        kwh: r.kwh,
        declaredReset: r.status === 'reset',
        delta: r.delta_kwh,
        reset: r.is_reset,
      },
    })
    context.set(key, list)
  }
  return context
}

/** Optional columns, sent only when some row of the batch has a value (the seed has none). */
const OPTIONAL = [
  ['entered_by', 'uuid', (f: Fresh) => f.row.enteredBy],
  ['entered_by_name', 'text', (f: Fresh) => f.row.enteredByName],
  ['note', 'text', (f: Fresh) => f.row.note],
  ['attachment_id', 'uuid', (f: Fresh) => f.row.attachmentId],
] as const

async function insertFresh(
  tx: Queryable,
  fresh: readonly Fresh[],
  returnIds: boolean,
): Promise<number[]> {
  const column = <T>(pick: (f: Fresh) => T) => fresh.map(pick)
  const columns = [
    'group_id',
    'device_id',
    'reading_type',
    'ts',
    'kwh',
    'delta_kwh',
    'is_reset',
    'source',
    'status',
  ]
  const types = ['uuid', 'uuid', 'text', 'timestamptz', 'float8', 'float8', 'bool', 'text', 'text']
  const params: unknown[][] = [
    column((f) => f.groupId),
    column((f) => f.row.deviceId),
    column((f) => f.row.readingType ?? ENERGY),
    column((f) => f.row.ts.toISOString()),
    column((f) => f.row.kwh),
    column((f) => f.point.delta ?? null),
    column((f) => f.point.reset ?? false),
    column((f) => f.row.source ?? 'meter'),
    column((f) => f.row.status ?? 'ok'),
  ]
  for (const [name, type, pick] of OPTIONAL) {
    if (!fresh.some((f) => pick(f) != null)) continue
    columns.push(name)
    types.push(type)
    params.push(column((f) => pick(f) ?? null))
  }
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO readings (${columns.join(', ')})
     SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})
     ${returnIds ? 'RETURNING id' : ''}`,
    params,
  )
  // A multi-row INSERT ... SELECT from unnest returns its rows in input order.
  return rows.map((r) => r.id)
}

async function updateStored(tx: Queryable, updates: readonly StoredUpdate[]): Promise<void> {
  if (updates.length === 0) return
  await tx.query(
    `UPDATE readings r SET delta_kwh = u.delta, is_reset = u.reset
     FROM unnest($1::bigint[], $2::float8[], $3::bool[]) AS u(id, delta, reset)
     WHERE r.id = u.id`,
    [updates.map((u) => u.id), updates.map((u) => u.delta), updates.map((u) => u.reset)],
  )
}

interface HourChange {
  deviceId: string
  groupId: string
  hour: number
  kwh: number
  count: number
  resets: number
  firstTs: number
  lastTs: number
  lastKwh: number
}

/**
 * Adds what changed to readings_hourly: new energy readings add their delta and count; stored
 * readings whose delta changed add the difference. Hour h holds readings with h < ts <= h + 1 hour.
 */
async function adjustHourly(
  tx: Queryable,
  fresh: readonly Fresh[],
  updates: readonly StoredUpdate[],
): Promise<void> {
  const changes = new Map<string, HourChange>()
  const touch = (deviceId: string, groupId: string, ts: number) => {
    const hour = hourOf(ts)
    const key = `${deviceId}|${hour}`
    let change = changes.get(key)
    if (!change) {
      change = {
        deviceId,
        groupId,
        hour,
        kwh: 0,
        count: 0,
        resets: 0,
        firstTs: ts,
        lastTs: ts,
        lastKwh: NaN,
      }
      changes.set(key, change)
    }
    return change
  }
  for (const f of fresh) {
    if ((f.row.readingType ?? ENERGY) !== ENERGY) continue
    const change = touch(f.row.deviceId, f.groupId, f.point.ts)
    change.kwh += f.point.delta ?? 0
    change.count += 1
    change.resets += f.point.reset ? 1 : 0
    change.firstTs = Math.min(change.firstTs, f.point.ts)
    if (f.point.ts >= change.lastTs || Number.isNaN(change.lastKwh)) {
      change.lastTs = f.point.ts
      change.lastKwh = f.row.kwh
    }
  }
  for (const u of updates) {
    if (u.readingType !== ENERGY) continue
    const change = touch(u.deviceId, u.groupId, u.point.ts)
    change.kwh += (u.delta ?? 0) - (u.point.delta ?? 0)
    change.resets += (u.reset ? 1 : 0) - (u.point.reset ? 1 : 0)
  }
  if (changes.size === 0) return
  const list = [...changes.values()]
  await tx.query(
    `INSERT INTO readings_hourly AS h (device_id, group_id, hour, kwh, reading_count, resets, first_ts, last_ts, last_kwh)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::float8[], $5::int[], $6::int[],
                          $7::timestamptz[], $8::timestamptz[], $9::float8[])
     ON CONFLICT (device_id, hour) DO UPDATE SET
       kwh = h.kwh + excluded.kwh,
       reading_count = h.reading_count + excluded.reading_count,
       resets = h.resets + excluded.resets,
       first_ts = least(h.first_ts, excluded.first_ts),
       last_kwh = CASE WHEN excluded.reading_count > 0 AND excluded.last_ts >= h.last_ts THEN excluded.last_kwh ELSE h.last_kwh END,
       last_ts = CASE WHEN excluded.reading_count > 0 THEN greatest(h.last_ts, excluded.last_ts) ELSE h.last_ts END`,
    [
      list.map((c) => c.deviceId),
      list.map((c) => c.groupId),
      list.map((c) => new Date(c.hour).toISOString()),
      list.map((c) => c.kwh),
      list.map((c) => c.count),
      list.map((c) => c.resets),
      list.map((c) => new Date(c.firstTs).toISOString()),
      list.map((c) => new Date(c.lastTs).toISOString()),
      list.map((c) => (Number.isNaN(c.lastKwh) ? 0 : c.lastKwh)),
    ],
  )
}

/** Reading count, first and last reading and latest value per device, moved by what was added. */
async function adjustDeviceStats(tx: Queryable, fresh: readonly Fresh[]): Promise<void> {
  const stats = new Map<string, { n: number; first: number; last: number; lastKwh: number }>()
  for (const f of fresh) {
    if ((f.row.readingType ?? ENERGY) !== ENERGY) continue
    const s = stats.get(f.row.deviceId)
    const ts = f.point.ts
    if (!s) stats.set(f.row.deviceId, { n: 1, first: ts, last: ts, lastKwh: f.row.kwh })
    else {
      s.n++
      s.first = Math.min(s.first, ts)
      if (ts > s.last) Object.assign(s, { last: ts, lastKwh: f.row.kwh })
    }
  }
  if (stats.size === 0) return
  const list = [...stats.entries()]
  await tx.query(
    `UPDATE devices d SET
       reading_count = d.reading_count + s.n,
       first_reading_at = least(d.first_reading_at, s.first_ts),
       latest_kwh = CASE WHEN d.last_reading_at IS NULL OR s.last_ts >= d.last_reading_at THEN s.last_kwh ELSE d.latest_kwh END,
       last_reading_at = greatest(d.last_reading_at, s.last_ts),
       last_seen = greatest(d.last_seen, s.last_ts)
     FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::timestamptz[], $5::float8[])
          AS s(device_id, n, first_ts, last_ts, last_kwh)
     WHERE d.id = s.device_id`,
    [
      list.map(([id]) => id),
      list.map(([, s]) => s.n),
      list.map(([, s]) => new Date(s.first).toISOString()),
      list.map(([, s]) => new Date(s.last).toISOString()),
      list.map(([, s]) => s.lastKwh),
    ],
  )
}
