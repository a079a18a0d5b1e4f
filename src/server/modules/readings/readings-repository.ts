import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Queryable } from '~/server/db/database.ts'
import { join, raw, sql, type Sql } from '~/server/db/sql.ts'
import { binaryArray, type ElementType } from '~/server/lib/pg-binary-array.ts'
import { computeDeltas, type GapFlags, type Point } from './deltas.ts'
import {
  HALF_HOURS,
  unitChanges,
  type FreshPoint,
  type SeriesDevice,
  type UnitChange,
} from './rollup-changes.ts'

/** How a reading arrived: MQTT, a device's HTTP push, a bulk push (or import), or by hand. */
export type ReadingSource = 'mqtt' | 'http' | 'bulk' | 'manual'

/** One reading to store. Timestamps are instants; kWh is the meter's cumulative register. */
export interface NewReading {
  deviceId: string
  ts: Date
  kwh: number
  /** @default 'energy_kwh' */
  readingType?: string
  /** The channel it came by (the readings table's `source`). @default 'bulk' */
  source?: ReadingSource
  /** 'reset' declares a meter reset or replacement: the count restarts at this value. @default 'ok' */
  status?: 'ok' | 'estimated' | 'manual' | 'reset'
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

/**
 * Series between turns of the event loop: a 5,000-reading batch takes tens of milliseconds of
 * JavaScript, and other requests should not wait for all of it at once.
 */
const SERIES_PER_TURN = 250

/** A new reading, itself the point computeDeltas places on its series' timeline. */
interface Fresh extends FreshPoint {
  index: number
  row: NewReading
  /** The device's group, once its lock is held. */
  groupId: string
}

/** A series' new readings in time order, and the input indexes of repeats of their times. */
interface Series {
  fresh: Fresh[]
  repeated: number[]
}

const byTime = (a: Point, b: Point) => a.ts - b.ts

/** An energy series is keyed by its device alone: no uuid holds the separator. */
const seriesKey = (row: NewReading) =>
  row.readingType === undefined || row.readingType === ENERGY
    ? row.deviceId
    : `${row.deviceId}|${row.readingType}`

/**
 * The rows by series (device and reading type), each in time order; a row at a time its series
 * already has earlier in the batch is a repeat (the sort is stable, so the first one sent is kept).
 */
function seriesOf(rows: readonly NewReading[]): Map<string, Series> {
  const series = new Map<string, Series>()
  rows.forEach((row, index) => {
    const key = seriesKey(row)
    const fresh: Fresh = {
      index,
      row,
      groupId: '',
      ts: row.ts.getTime(),
      kwh: row.kwh,
      declaredReset: row.status === 'reset',
      estimated: row.status === 'estimated',
    }
    const entry = series.get(key)
    if (entry) entry.fresh.push(fresh)
    else series.set(key, { fresh: [fresh], repeated: [] })
  })
  for (const entry of series.values()) {
    const list = entry.fresh
    list.sort(byTime)
    const unique = list.filter((f, i) => {
      const repeated = i > 0 && f.ts === list[i - 1]!.ts
      if (repeated) entry.repeated.push(f.index)
      return !repeated
    })
    if (unique.length < list.length) entry.fresh = unique
  }
  return series
}

/**
 * The series of known devices, their readings now in their device's group. Every row of an
 * unknown device (or one outside the scope) is reported so, repeats included; repeats of the
 * others are duplicates.
 */
function ofKnownDevices(
  series: ReadonlyMap<string, Series>,
  devices: ReadonlyMap<string, LockedDevice>,
  result: InsertResult,
): Map<string, Fresh[]> {
  const known = new Map<string, Fresh[]>()
  for (const [key, { fresh, repeated }] of series) {
    const device = devices.get(fresh[0]!.row.deviceId)
    if (!device) {
      for (const f of fresh) result.unknownDevice.push(f.index)
      for (const i of repeated) result.unknownDevice.push(i)
      continue
    }
    for (const i of repeated) result.duplicates.push(i)
    for (const f of fresh) f.groupId = device.groupId
    known.set(key, fresh)
  }
  result.unknownDevice.sort((a, b) => a - b)
  return known
}

/** The series' readings not stored yet; the others are duplicates. Appends compare nothing. */
function notStored(list: Fresh[], stored: readonly Stored[], result: InsertResult): Fresh[] {
  if (stored.every((s) => s.point.ts < list[0]!.ts)) return list
  const storedTs = new Set(stored.map((s) => s.point.ts))
  for (const f of list) if (storedTs.has(f.ts)) result.duplicates.push(f.index)
  return list.filter((f) => !storedTs.has(f.ts))
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
 * 4. inserts them with one unnest() statement, and with a second adjusts the hourly and daily
 *    rollups and the device statistics by exactly what changed; a device's latest reading and
 *    value come from its row, so a batch that only appends reads no readings at all.
 *
 * Work in this thread overlaps the database's: rows are grouped while the devices lock, and the
 * rollup changes summed while the readings go in.
 */
export async function insertReadings(
  tx: Queryable,
  rows: readonly NewReading[],
  options: { returnIds?: boolean } = {},
): Promise<InsertResult> {
  const result: InsertResult = { inserted: [], duplicates: [], unknownDevice: [], ids: new Map() }
  if (rows.length === 0) return result
  // Rows are grouped while the database locks their devices.
  const locking = lockDevices(tx, [...new Set(rows.map((r) => r.deviceId))])
  locking.catch(() => {}) // awaited below; until then a failure must not go unhandled
  await nextTurn() // the caller's preparation of the rows and the grouping: two tasks, not one
  const grouped = seriesOf(rows)
  const devices = await locking
  const series = ofKnownDevices(grouped, devices, result)
  if (series.size === 0) return result
  const context = await contextOf(tx, series, devices)
  const fresh: Fresh[] = []
  const updates: StoredUpdate[] = []
  const merged: Array<[Fresh[], StoredUpdate[]]> = []
  let done = 0
  for (const [key, list] of series) {
    if (++done % SERIES_PER_TURN === 0) await nextTurn()
    const stored = context.get(key) ?? []
    const newOnes = notStored(list, stored, result)
    if (newOnes.length === 0) continue
    const changes = computeDeltas(
      stored.map((s) => s.point),
      newOnes,
    )
    const moved: StoredUpdate[] = []
    if (changes.length > 0) {
      const byPoint = new Map(stored.map((s) => [s.point, s]))
      for (const { point, ...change } of changes) moved.push({ ...byPoint.get(point)!, ...change })
    }
    merged.push([newOnes, moved])
    for (const u of moved) updates.push(u)
    for (const f of newOnes) fresh.push(f)
  }
  result.duplicates.sort((a, b) => a - b)
  if (fresh.length === 0) return result
  await updateStored(tx, updates)
  // The database stores the readings while this thread sums what they change in the rollups.
  const inserting = insertFresh(tx, fresh, options.returnIds ?? false)
  inserting.catch(() => {}) // awaited below; until then a failure must not go unhandled
  const rollups = new Rollups()
  for (const [i, [newOnes, moved]] of merged.entries()) {
    if (i % SERIES_PER_TURN === 0) await nextTurn()
    rollups.add(newOnes, moved)
  }
  await nextTurn() // building the readings' arrays and the rollups': two tasks, not one
  const rollupStatement = rollupsStatement(rollups)
  // The readings' insert announces them to the live stream on commit (migration 027).
  const ids = await inserting
  if (rollupStatement) await tx.query(rollupStatement.text, rollupStatement.values)
  for (const [i, f] of fresh.entries()) {
    result.inserted.push(f.index)
    const id = ids[i]
    if (id !== undefined) result.ids.set(f.index, id)
  }
  result.inserted.sort((a, b) => a - b)
  return result
}

/** What ingest needs of a device; its row stays locked until the transaction ends. */
interface LockedDevice {
  groupId: string
  /** The latest energy reading (kept exact by insertReadings), or null without readings. */
  lastReadingAt: number | null
  latestKwh: number | null
}

async function lockDevices(tx: Queryable, ids: string[]): Promise<Map<string, LockedDevice>> {
  // Epoch milliseconds, not timestamps: a thousand Dates parsed only to be read as numbers.
  const { rows } = await tx.query<{
    id: string
    group_id: string
    last_reading_ms: number | null
    latest_kwh: number | null
  }>(
    `SELECT id, group_id, (extract(epoch FROM last_reading_at) * 1000)::float8 AS last_reading_ms, latest_kwh
     FROM devices WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    [binaryArray('uuid', ids)],
  )
  return new Map(
    rows.map((r) => [
      r.id,
      { groupId: r.group_id, lastReadingAt: r.last_reading_ms, latestKwh: r.latest_kwh },
    ]),
  )
}

/**
 * The stored readings each series' new ones must be merged with. A meter's usual batch only
 * appends energy readings after its latest one, and then the device row already says all that
 * matters (the latest reading's time and value): no readings are read. Other series load theirs.
 */
async function contextOf(
  tx: Queryable,
  series: ReadonlyMap<string, Fresh[]>,
  devices: ReadonlyMap<string, LockedDevice>,
): Promise<Map<string, Stored[]>> {
  const context = new Map<string, Stored[]>()
  const load: Array<[string, Fresh[]]> = []
  for (const [key, list] of series) {
    const { deviceId, readingType = ENERGY } = list[0]!.row
    const device = devices.get(deviceId)!
    const appended =
      readingType === ENERGY &&
      list.every((f) => device.lastReadingAt === null || f.ts > device.lastReadingAt)
    if (!appended) load.push([key, list])
    else if (device.lastReadingAt !== null)
      context.set(key, [latestOf(deviceId, device, device.lastReadingAt)])
  }
  if (load.length === 0) return context
  for (const [key, stored] of await loadContext(tx, load)) context.set(key, stored)
  return context
}

/** The device's latest energy reading as merge context (before every new one: never rewritten). */
const latestOf = (deviceId: string, device: LockedDevice, ts: number): Stored => ({
  id: 0,
  readingType: ENERGY,
  deviceId,
  groupId: device.groupId,
  point: { ts, kwh: device.latestKwh ?? 0, declaredReset: false },
})

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
  gaps: GapFlags
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
  // Each series is in time order: its first reading and its last bound its span.
  const bounds = spans.map(([, list], span) => ({ span, first: list[0]!, last: list.at(-1)! }))
  const spanRows = unnestOf('u', SPAN_COLUMNS, bounds)
  const columns = raw(
    'r.id, r.device_id, r.group_id, r.reading_type, r.ts, r.kwh, r.delta_kwh, r.is_reset, r.status',
  )
  const match = raw('r.device_id = s.device_id AND r.reading_type = s.reading_type')
  const statement = sql`WITH s AS (${spanRows})
     SELECT s.span, ${columns} FROM s JOIN readings r ON ${match} AND r.ts BETWEEN s.lo AND s.hi
     UNION ALL
     SELECT s.span, p.* FROM s CROSS JOIN LATERAL (
       SELECT ${columns} FROM readings r WHERE ${match} AND r.ts < s.lo ORDER BY r.ts DESC LIMIT 1) p
     UNION ALL
     SELECT s.span, n.* FROM s CROSS JOIN LATERAL (
       SELECT ${columns} FROM readings r WHERE ${match} AND r.ts > s.hi ORDER BY r.ts LIMIT 1) n`
  const { rows } = await tx.query<ContextRow>(statement.text, statement.values)
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
  for (const list of context.values()) list.sort((a, b) => a.point.ts - b.point.ts)
  return context
}

type Cell = string | number | boolean | null

/** A column of rows sent to unnest(): its name, element type, and value in a row. */
type Column<T> = readonly [string, ElementType, (item: T) => Cell]

/** A series' span to load context for: its readings' first and last. */
interface Span {
  span: number
  first: Fresh
  last: Fresh
}

const SPAN_COLUMNS: ReadonlyArray<Column<Span>> = [
  ['span', 'int4', (s) => s.span],
  ['device_id', 'uuid', (s) => s.first.row.deviceId],
  ['reading_type', 'text', (s) => s.first.row.readingType ?? ENERGY],
  ['lo', 'timestamptz', (s) => s.first.ts],
  ['hi', 'timestamptz', (s) => s.last.ts],
]

/** A stored reading's new delta and reset flag. */
const MOVED_COLUMNS: ReadonlyArray<Column<StoredUpdate>> = [
  ['id', 'int8', (u) => u.id],
  ['delta', 'float8', (u) => u.delta],
  ['reset', 'bool', (u) => u.reset],
]

/** Columns of the one ingest statement's `fresh` rows (a timestamptz as epoch milliseconds). */
const FRESH_COLUMNS: ReadonlyArray<Column<Fresh>> = [
  ['device_id', 'uuid', (f) => f.row.deviceId],
  ['group_id', 'uuid', (f) => f.groupId],
  ['reading_type', 'text', (f) => f.row.readingType ?? ENERGY],
  ['ts', 'timestamptz', (f) => f.ts],
  ['kwh', 'float8', (f) => f.row.kwh],
  ['delta_kwh', 'float8', (f) => f.delta ?? null],
  ['is_reset', 'bool', (f) => f.reset ?? false],
  ['source', 'text', (f) => f.row.source ?? 'bulk'],
  ['status', 'text', (f) => f.row.status ?? 'ok'],
]

function isUniform<T>(items: readonly T[], pick: (item: T) => Cell): boolean {
  const first = items.length > 0 ? pick(items[0]!) : null
  for (let i = 1; i < items.length; i++) if (pick(items[i]!) !== first) return false
  return true
}

/** A uniform column's one value as a parameter's text. */
const scalar = (type: ElementType, value: Cell) =>
  value === null
    ? null
    : type === 'timestamptz'
      ? new Date(value as number).toISOString()
      : String(value)

/**
 * `SELECT ... FROM unnest($n::t1[], ...) AS alias(...)` with its values. A column with the same
 * value in every row goes as that one value (a batch's group, reading type, source, status and
 * most flags do), so PostgreSQL reads a few arrays, not one per column; the first column is always
 * an array, as it gives the row count. Arrays go in binary (see binaryArray). The text depends
 * only on which columns are uniform: one statement per shape, whatever the values.
 */
function unnestOf<T>(alias: string, columns: ReadonlyArray<Column<T>>, items: readonly T[]): Sql {
  const arrays: Sql[] = []
  const names: string[] = []
  const select = columns.map(([name, type, pick], i) => {
    const uniform = i > 0 && isUniform(items, pick)
    if (uniform)
      return sql`${scalar(type, items.length > 0 ? pick(items[0]!) : null)}::${raw(`${type} AS ${name}`)}`
    arrays.push(sql`${binaryArray(type, items.map(pick))}::${raw(`${type}[]`)}`)
    names.push(name)
    return raw(`${alias}.${name} AS ${name}`)
  })
  return sql`SELECT ${join(select, ', ')}
    FROM unnest(${join(arrays, ', ')}) AS ${raw(`${alias}(${names.join(', ')})`)}`
}

/** A device's energy series: what its batch adds to the device's statistics. */
interface SeriesStats extends SeriesDevice {
  readings: number
  firstTs: number
  lastTs: number
  lastKwh: number
}

/** What a batch adds to the rollups and device statistics: energy series only. */
class Rollups {
  readonly hours: UnitChange[] = []
  readonly days: UnitChange[] = []
  readonly devices: SeriesStats[] = []

  add(fresh: readonly Fresh[], moved: readonly StoredUpdate[]) {
    const first = fresh[0]!
    if ((first.row.readingType ?? ENERGY) !== ENERGY) return
    const last = fresh.at(-1)!
    const device: SeriesStats = {
      deviceId: first.row.deviceId,
      groupId: first.groupId,
      readings: fresh.length,
      firstTs: first.ts,
      lastTs: last.ts,
      lastKwh: last.kwh,
    }
    this.devices.push(device)
    for (const c of unitChanges(device, fresh, moved, 'hour')) this.hours.push(c)
    for (const c of unitChanges(device, fresh, moved, 'day')) this.days.push(c)
  }
}

/** A rollup row's change, in the rollup table's column order. */
const UNIT_COLUMNS: ReadonlyArray<Column<UnitChange>> = [
  ['device_id', 'uuid', (c) => c.device.deviceId],
  ['group_id', 'uuid', (c) => c.device.groupId],
  ['unit', 'timestamptz', (c) => c.unit],
  ['kwh', 'float8', (c) => c.kwh],
  ['reading_count', 'int4', (c) => c.readings],
  ['resets', 'int4', (c) => c.resets],
  ['gaps', 'int4', (c) => c.gaps],
  ['estimated', 'int4', (c) => c.estimated],
  ['first_ts', 'timestamptz', (c) => c.firstTs],
  // Never null for the insert that a conflict replaces; ignored there when no reading is new.
  ['last_ts', 'timestamptz', (c) => c.lastTs ?? c.firstTs],
  ['last_kwh', 'float8', (c) => c.lastKwh],
]

const STATS_COLUMNS: ReadonlyArray<Column<SeriesStats>> = [
  ['device_id', 'uuid', (d) => d.deviceId],
  ['n', 'int4', (d) => d.readings],
  ['first_ts', 'timestamptz', (d) => d.firstTs],
  ['last_ts', 'timestamptz', (d) => d.lastTs],
  ['last_kwh', 'float8', (d) => d.lastKwh],
]

/** An hourly row's change: a daily row's columns and its first half hour's rise. */
const HOUR_COLUMNS: typeof UNIT_COLUMNS = [
  ...UNIT_COLUMNS,
  ['kwh_first_half', 'float8', (c) => c.kwhFirstHalf],
]

/**
 * A daily row's change: an hourly row's columns but the first half, and its kWh in each half hour
 * that some change of the batch adds to, one column each (`half_n`, n from 1). A batch of one
 * quarter hour across a fleet sends one: the day's running sums are built from them in SQL.
 */
function dayColumns(changes: readonly UnitChange[]): typeof UNIT_COLUMNS {
  const touched = new Set<number>()
  for (const c of changes) c.kwhHalfHours.forEach((kwh, i) => kwh !== 0 && touched.add(i))
  return [
    ...UNIT_COLUMNS,
    ...[...touched]
      .sort((x, y) => x - y)
      .map((i) => [`half_${i + 1}`, 'float8', (c: UnitChange) => c.kwhHalfHours[i]!] as const),
  ]
}

/**
 * `kwh_running` of a day's change from its `half_n` columns: element j holds the half hours 1..j
 * (0 before the first one sent); and the elements an update adds to.
 */
function runningSums(halves: readonly number[]) {
  const terms: string[] = []
  const elements = Array.from({ length: HALF_HOURS }, (_, j) => {
    if (halves.includes(j + 1)) terms.push(`half_${j + 1}`)
    return terms.length === 0 ? '0' : terms.join(' + ')
  })
  const first = halves.length === 0 ? HALF_HOURS + 1 : Math.min(...halves)
  const added = Array.from(
    { length: HALF_HOURS - first + 1 },
    (_, k) =>
      `kwh_running[${first + k}] = h.kwh_running[${first + k}] + excluded.kwh_running[${first + k}]`,
  )
  return { array: `ARRAY[${elements.join(', ')}]::float8[]`, added }
}

/** Rollup columns that a change adds to; the others follow the unit's bounds and last reading. */
const ADDED = new Set(['kwh', 'kwh_first_half', 'reading_count', 'resets', 'gaps', 'estimated'])

/**
 * Adds the changes to one rollup (hour h holds readings with h < ts <= h + 1 hour, day d those
 * with d < ts <= d + 1 day, UTC). A unit only moved keeps its last reading. A day's `half_n`
 * columns go into its running sums by half hour (`kwh_running`, migration 025).
 */
const rollupSql = (
  table: string,
  unit: 'hour' | 'day',
  columns: ReadonlyArray<readonly [string, ...unknown[]]>,
  rows: Sql,
): Sql => {
  const isHalf = (name: string) => name.startsWith('half_')
  const all = columns.map(([name]) => name)
  const names = all.filter((name) => !isHalf(name)).map((name) => (name === 'unit' ? unit : name))
  const added = names
    .filter((name) => ADDED.has(name))
    .map((name) => `${name} = h.${name} + excluded.${name}`)
  let insert = sql`(${raw(names.join(', '))}) ${rows}`
  if (unit === 'day') {
    const running = runningSums(all.filter(isHalf).map((name) => Number(name.slice(5))))
    added.push(...running.added)
    insert = sql`(${raw(names.join(', '))}, kwh_running)
  SELECT ${raw(`${all.filter((name) => !isHalf(name)).join(', ')}, ${running.array}`)} FROM (${rows}) changes`
  }
  return sql`
  INSERT INTO ${raw(table)} AS h ${insert}
  ON CONFLICT (device_id, ${raw(unit)}) DO UPDATE SET
    ${raw(added.join(',\n    '))},
    first_ts = least(h.first_ts, excluded.first_ts),
    last_kwh = CASE WHEN excluded.reading_count > 0 AND excluded.last_ts >= h.last_ts THEN excluded.last_kwh ELSE h.last_kwh END,
    last_ts = CASE WHEN excluded.reading_count > 0 THEN greatest(h.last_ts, excluded.last_ts) ELSE h.last_ts END`
}

/** Reading count, first and last reading and latest value per device, moved by what was added. */
const statsSql = (rows: Sql) => sql`
  UPDATE devices d SET
    reading_count = d.reading_count + s.n,
    first_reading_at = least(d.first_reading_at, s.first_ts),
    latest_kwh = CASE WHEN d.last_reading_at IS NULL OR s.last_ts >= d.last_reading_at THEN s.last_kwh ELSE d.latest_kwh END,
    last_reading_at = greatest(d.last_reading_at, s.last_ts),
    last_seen = greatest(d.last_seen, s.last_ts)
  FROM (${rows}) s
  WHERE d.id = s.device_id`

/** Inserts the new readings; their ids in input order when asked (unnest keeps the order). */
async function insertFresh(
  tx: Queryable,
  fresh: readonly Fresh[],
  returnIds: boolean,
): Promise<number[]> {
  const names = FRESH_COLUMNS.map(([name]) => name).join(', ')
  const statement = sql`INSERT INTO readings (${raw(names)}) ${unnestOf('f', FRESH_COLUMNS, fresh)} ${raw(returnIds ? 'RETURNING id' : '')}`
  const { rows } = await tx.query<{ id: number }>(statement.text, statement.values)
  return rows.map((r) => r.id)
}

/**
 * One statement that adds the batch's changes to the hourly and daily rollups and the devices'
 * statistics (data-modifying CTEs), each sent as rows; none without energy readings.
 */
function rollupsStatement(rollups: Rollups): Sql | undefined {
  if (rollups.devices.length === 0) return undefined
  const days = dayColumns(rollups.days)
  const hours = unnestOf('h', HOUR_COLUMNS, rollups.hours)
  return sql`WITH hourly AS (${rollupSql('readings_hourly', 'hour', HOUR_COLUMNS, hours)}),
     daily AS (${rollupSql('readings_daily', 'day', days, unnestOf('d', days, rollups.days))})
     ${statsSql(unnestOf('s', STATS_COLUMNS, rollups.devices))}`
}

/** Rewrites the stored readings whose delta or reset changed (gap flags live only in the rollups). */
async function updateStored(tx: Queryable, updates: readonly StoredUpdate[]): Promise<void> {
  const moved = updates.filter((u) => u.delta !== u.point.delta || u.reset !== u.point.reset)
  if (moved.length === 0) return
  const statement = sql`UPDATE readings r SET delta_kwh = u.delta, is_reset = u.reset
    FROM (${unnestOf('m', MOVED_COLUMNS, moved)}) u WHERE r.id = u.id`
  await tx.query(statement.text, statement.values)
}
