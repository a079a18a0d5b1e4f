import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Queryable } from '~/server/db/database.ts'
import { join, raw, sql, type Sql } from '~/server/db/sql.ts'
import { binaryArray, type ElementType } from '~/server/lib/pg-binary-array.ts'
import { computeDeltas, type GapFlags, type Point } from './deltas.ts'
import {
  HALF_HOURS,
  QUARTERS,
  QUARTER_MS,
  addExport,
  quarterPeak,
  unitChanges,
  type FreshPoint,
  type QuarterPeak,
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
  /**
   * 'reset' declares a meter reset or replacement: the count restarts at this value (and at
   * `exportKwh`, for the export register). @default 'ok'
   */
  status?: 'ok' | 'estimated' | 'manual' | 'reset'
  /**
   * A two-way meter's cumulative exported energy at `ts`, beside the imported `kwh`: stored as its
   * own series (reading type 'export_kwh'), with the same rules. Energy readings only.
   */
  exportKwh?: number
}

export interface InsertResult {
  /** Input indexes stored now (of a two-way reading: either register). */
  inserted: number[]
  /**
   * Input indexes already stored (same device, type and timestamp, before or earlier in the
   * batch); a two-way reading only when both of its registers were.
   */
  duplicates: number[]
  /** Input indexes whose device is unknown or outside the transaction's scope. */
  unknownDevice: number[]
  /** Ids of the stored rows by input index (the `kwh` register's), when asked for with `returnIds`. */
  ids: Map<number, number>
}

export const ENERGY = 'energy_kwh'
/** The reading type of a two-way meter's export register (`NewReading.exportKwh`). */
export const EXPORT = 'export_kwh'

/**
 * Series between turns of the event loop: a 5,000-reading batch takes tens of milliseconds of
 * JavaScript, and other requests should not wait for all of it at once.
 */
const SERIES_PER_TURN = 250

/** A new reading of one register, itself the point computeDeltas places on its series' timeline. */
interface Fresh extends FreshPoint {
  index: number
  row: NewReading
  readingType: string
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
const seriesKey = (deviceId: string, readingType: string) =>
  readingType === ENERGY ? deviceId : `${deviceId}|${readingType}`

/** The register `readingType` of a row, at `kwh`, as a point of its series. */
function freshOf(row: NewReading, index: number, readingType: string, kwh: number): Fresh {
  return {
    index,
    row,
    readingType,
    groupId: '',
    ts: row.ts.getTime(),
    kwh,
    declaredReset: row.status === 'reset',
    estimated: row.status === 'estimated',
  }
}

/**
 * The rows by series (device and reading type; a two-way reading's export is a series of its
 * own), each in time order; a row at a time its series already has earlier in the batch is a
 * repeat (the sort is stable, so the first one sent is kept).
 */
function seriesOf(rows: readonly NewReading[]): Map<string, Series> {
  const series = new Map<string, Series>()
  const add = (fresh: Fresh) => {
    const key = seriesKey(fresh.row.deviceId, fresh.readingType)
    const entry = series.get(key)
    if (entry) entry.fresh.push(fresh)
    else series.set(key, { fresh: [fresh], repeated: [] })
  }
  rows.forEach((row, index) => {
    const readingType = row.readingType ?? ENERGY
    add(freshOf(row, index, readingType, row.kwh))
    if (row.exportKwh === undefined) return
    // The export register's rollups share the energy rows: a row of another type has none.
    if (readingType !== ENERGY) throw new TypeError(`exportKwh on a ${readingType} reading`)
    add(freshOf(row, index, EXPORT, row.exportKwh))
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
  await store(tx, rows, result, options.returnIds ?? false)
  return settled(result)
}

/** Each input index once: a two-way reading's registers may have been reported apart. */
function settled(result: InsertResult): InsertResult {
  const ascending = (list: number[]) => [...new Set(list)].sort((a, b) => a - b)
  const inserted = new Set(result.inserted)
  result.inserted = ascending(result.inserted)
  result.duplicates = ascending(result.duplicates.filter((i) => !inserted.has(i)))
  result.unknownDevice = ascending(result.unknownDevice)
  return result
}

/** insertReadings' work; what it reports in `result` may name an input index twice. */
async function store(
  tx: Queryable,
  rows: readonly NewReading[],
  result: InsertResult,
  returnIds: boolean,
): Promise<void> {
  // Rows are grouped while the database locks their devices.
  const locking = lockDevices(tx, [...new Set(rows.map((r) => r.deviceId))])
  locking.catch(() => {}) // awaited below; until then a failure must not go unhandled
  await nextTurn() // the caller's preparation of the rows and the grouping: two tasks, not one
  const grouped = seriesOf(rows)
  const devices = await locking
  const series = ofKnownDevices(grouped, devices, result)
  if (series.size === 0) return
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
  if (fresh.length === 0) return
  await updateStored(tx, updates)
  // The database stores the readings while this thread sums what they change in the rollups.
  const inserting = insertFresh(tx, fresh, returnIds)
  inserting.catch(() => {}) // awaited below; until then a failure must not go unhandled
  const rollups = new Rollups()
  for (const [i, [newOnes, moved]] of merged.entries()) {
    if (i % SERIES_PER_TURN === 0) await nextTurn()
    rollups.add(newOnes, moved)
  }
  rollups.addExports()
  await nextTurn() // building the readings' arrays and the rollups': two tasks, not one
  const rollupStatement = rollupsStatement(rollups)
  // The readings' insert announces them to the live stream on commit (migration 027).
  const ids = await inserting
  if (rollupStatement) await tx.query(rollupStatement.text, rollupStatement.values)
  await markExporters(tx, rollups.exporters, devices)
  for (const [i, f] of fresh.entries()) {
    result.inserted.push(f.index)
    const id = ids[i]
    if (id !== undefined && f.readingType !== EXPORT) result.ids.set(f.index, id)
  }
}

/** Devices that store an export reading for the first time: their readers now answer export. */
async function markExporters(
  tx: Queryable,
  exporters: ReadonlySet<string>,
  devices: ReadonlyMap<string, LockedDevice>,
): Promise<void> {
  const first = [...exporters].filter((id) => !devices.get(id)!.hasExport)
  if (first.length === 0) return
  await tx.query('UPDATE devices SET has_export = true WHERE id = ANY($1::uuid[])', [
    binaryArray('uuid', first),
  ])
}

/** What ingest needs of a device; its row stays locked until the transaction ends. */
interface LockedDevice {
  groupId: string
  /** The latest energy reading (kept exact by insertReadings), or null without readings. */
  lastReadingAt: number | null
  latestKwh: number | null
  /** Whether an export reading was stored before. */
  hasExport: boolean
}

async function lockDevices(tx: Queryable, ids: string[]): Promise<Map<string, LockedDevice>> {
  // Epoch milliseconds, not timestamps: a thousand Dates parsed only to be read as numbers.
  const { rows } = await tx.query<{
    id: string
    group_id: string
    last_reading_ms: number | null
    latest_kwh: number | null
    has_export: boolean
  }>(
    `SELECT id, group_id, (extract(epoch FROM last_reading_at) * 1000)::float8 AS last_reading_ms, latest_kwh, has_export
     FROM devices WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    [binaryArray('uuid', ids)],
  )
  return new Map(
    rows.map((r) => [
      r.id,
      {
        groupId: r.group_id,
        lastReadingAt: r.last_reading_ms,
        latestKwh: r.latest_kwh,
        hasExport: r.has_export,
      },
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
    const { row, readingType } = list[0]!
    const { deviceId } = row
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
  previousTs: number | null
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
  ['reading_type', 'text', (s) => s.first.readingType],
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
  ['reading_type', 'text', (f) => f.readingType],
  ['ts', 'timestamptz', (f) => f.ts],
  ['kwh', 'float8', (f) => f.kwh],
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

/** An export series' changes, merged into its device's import changes once all are known. */
interface ExportSeries {
  deviceId: string
  hours: UnitChange[]
  days: UnitChange[]
}

/** What a batch adds to the rollups and device statistics: energy and export series only. */
class Rollups {
  readonly hours: UnitChange[] = []
  readonly days: UnitChange[] = []
  readonly devices: SeriesStats[] = []
  /** Devices whose export register the batch stores readings of. */
  readonly exporters = new Set<string>()
  private readonly exports: ExportSeries[] = []

  add(fresh: readonly Fresh[], moved: readonly StoredUpdate[]) {
    const first = fresh[0]!
    const device: SeriesDevice = { deviceId: first.row.deviceId, groupId: first.groupId }
    if (first.readingType === EXPORT) {
      this.exporters.add(device.deviceId)
      this.exports.push({
        deviceId: device.deviceId,
        hours: unitChanges(device, fresh, moved, 'hour'),
        days: unitChanges(device, fresh, moved, 'day'),
      })
      return
    }
    if (first.readingType !== ENERGY) return
    const last = fresh.at(-1)!
    this.devices.push({
      ...device,
      readings: fresh.length,
      firstTs: first.ts,
      lastTs: last.ts,
      lastKwh: last.kwh,
    })
    for (const c of unitChanges(device, fresh, moved, 'hour')) this.hours.push(c)
    // Peak demand is the import register's: only its rises spread over quarter hours.
    for (const c of unitChanges(device, fresh, moved, 'day', true)) this.days.push(c)
  }

  /** Puts the export series' changes into their rows' changes; once, after every add. */
  addExports() {
    if (this.exports.length === 0) return
    const hours = byDevice(this.hours)
    const days = byDevice(this.days)
    for (const e of this.exports) {
      for (const c of addExport(hours.get(e.deviceId) ?? [], e.hours, 'hour')) this.hours.push(c)
      for (const c of addExport(days.get(e.deviceId) ?? [], e.days, 'day')) this.days.push(c)
    }
  }
}

function byDevice(changes: readonly UnitChange[]): Map<string, UnitChange[]> {
  const map = new Map<string, UnitChange[]>()
  for (const c of changes) {
    const list = map.get(c.device.deviceId)
    if (list) list.push(c)
    else map.set(c.device.deviceId, [c])
  }
  return map
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

/** The export register's columns of either rollup (sent only by batches with export readings). */
const EXPORT_COLUMNS: ReadonlyArray<Column<UnitChange>> = [
  ['export_kwh', 'float8', (c) => c.exported?.kwh ?? 0],
  ['export_reading_count', 'int4', (c) => c.exported?.readings ?? 0],
]

const STATS_COLUMNS: ReadonlyArray<Column<SeriesStats>> = [
  ['device_id', 'uuid', (d) => d.deviceId],
  ['n', 'int4', (d) => d.readings],
  ['first_ts', 'timestamptz', (d) => d.firstTs],
  ['last_ts', 'timestamptz', (d) => d.lastTs],
  ['last_kwh', 'float8', (d) => d.lastKwh],
]

/**
 * A rollup upsert's shape: the columns sent per change; those inserted as they are (the others
 * only feed `arrays`); array columns built from the sent ones, with the SET clauses that add a
 * change to a stored row's; and further SET clauses (a stored day's peak).
 */
interface RollupShape {
  table: string
  unit: 'hour' | 'day'
  columns: ReadonlyArray<Column<UnitChange>>
  rowColumns: readonly string[]
  arrays: ReadonlyArray<{ column: string; value: string; set: readonly string[] }>
  set?: readonly string[]
}

/** Rollup columns that a change adds to; the others follow the unit's bounds and last reading. */
const ADDED = new Set([
  'kwh',
  'kwh_first_half',
  'reading_count',
  'resets',
  'gaps',
  'estimated',
  'export_kwh',
  'export_first_half',
  'export_reading_count',
])

function hourShape(withExport: boolean): RollupShape {
  const columns: Array<Column<UnitChange>> = [
    ...UNIT_COLUMNS,
    ['kwh_first_half', 'float8', (c) => c.kwhFirstHalf],
  ]
  if (withExport)
    columns.push(...EXPORT_COLUMNS, [
      'export_first_half',
      'float8',
      (c) => c.exported?.firstHalf ?? 0,
    ])
  const rowColumns = columns.map(([name]) => name)
  return { table: 'readings_hourly', unit: 'hour', columns, rowColumns, arrays: [] }
}

/** Indexes (from 0) where some change's `values` is not 0: the ones a batch sends. */
function touched(changes: readonly UnitChange[], values: (c: UnitChange) => Iterable<number>) {
  const indexes = new Set<number>()
  for (const c of changes) for (const i of values(c)) indexes.add(i)
  return [...indexes].sort((x, y) => x - y)
}

const nonZero = (list: readonly number[]) => list.flatMap((v, i) => (v !== 0 ? [i] : []))

/**
 * A daily row's change: an hourly row's columns but the first half, and its kWh in each half
 * hour that some change of the batch adds to, one column each (`half_n`, n from 1; `xhalf_n` for
 * the export register). A batch of one quarter hour across a fleet sends one: the day's running
 * sums are built from them in SQL. Likewise each quarter hour some change reaches (`qkwh_n`,
 * `qms_n`, `qst_n`), and the peak of a new row's quarters.
 */
function dayShape(changes: readonly UnitChange[], withExport: boolean): RollupShape {
  const columns: Array<Column<UnitChange>> = [...UNIT_COLUMNS]
  if (withExport) columns.push(...EXPORT_COLUMNS)
  const halves = touched(changes, (c) => nonZero(c.kwhHalfHours))
  const arrays = [runningSums('kwh_running', 'half', halves)]
  columns.push(...halves.map((i) => column(`half_${i + 1}`, 'float8', (c) => c.kwhHalfHours[i]!)))
  if (withExport) {
    const exported = touched(changes, (c) => nonZero(c.exported?.halfHours ?? []))
    arrays.push(runningSums('export_running', 'xhalf', exported))
    columns.push(
      ...exported.map((i) =>
        column(`xhalf_${i + 1}`, 'float8', (c) => c.exported?.halfHours[i] ?? 0),
      ),
    )
  }
  const rowColumns = columns.map(([name]) => name).filter((name) => !name.includes('half_'))
  const quarters = touched(changes, (c) => c.quarters?.keys() ?? [])
  if (quarters.length > 0) {
    const peak = peakColumns()
    columns.push(...quarterColumns(quarters), ...peak)
    rowColumns.push(...peak.map(([name]) => name))
    arrays.push(...quarterArrays(quarters))
    return {
      table: 'readings_daily',
      unit: 'day',
      columns,
      rowColumns,
      arrays,
      set: peakSet(quarters),
    }
  }
  return { table: 'readings_daily', unit: 'day', columns, rowColumns, arrays }
}

const column = (
  name: string,
  type: ElementType,
  pick: (c: UnitChange) => Cell,
): Column<UnitChange> => [name, type, pick]

/** A new daily row's peak columns, from its quarters (a stored row's: see peakSet). */
function peakColumns(): Array<Column<UnitChange>> {
  const peaks = new WeakMap<UnitChange, QuarterPeak>()
  const peakOf = (c: UnitChange) => {
    let peak = peaks.get(c)
    if (!peak) peaks.set(c, (peak = quarterPeak(c.quarters)))
    return peak
  }
  return [
    ['peak_quarter_kwh', 'float8', (c) => peakOf(c).peakKwh],
    ['peak_quarter', 'int4', (c) => peakOf(c).peakQuarter],
    ['peak_estimated', 'bool', (c) => peakOf(c).estimated],
    ['quarters_with_data', 'int4', (c) => peakOf(c).withData],
  ]
}

/** Per quarter hour reached (n from 1): its kWh, covered milliseconds and straddles; and whether any. */
function quarterColumns(quarters: readonly number[]): Array<Column<UnitChange>> {
  const cell = (c: UnitChange, i: number) => c.quarters?.get(i)
  return [
    ['quarters', 'bool', (c) => (c.quarters?.size ?? 0) > 0],
    ...quarters.flatMap((i): Array<Column<UnitChange>> => [
      [`qkwh_${i + 1}`, 'float8', (c) => cell(c, i)?.kwh ?? 0],
      [`qms_${i + 1}`, 'int4', (c) => cell(c, i)?.coveredMs ?? 0],
      [`qst_${i + 1}`, 'int4', (c) => cell(c, i)?.straddles ?? 0],
    ]),
  ]
}

/**
 * The day's quarter arrays: a new row's from its change (NULL when the change reaches no quarter,
 * as an hourly meter's never does); a stored row's plus the change's at each quarter reached
 * (slices around them: no function call, no loop), a NULL array counting as zeros.
 */
function quarterArrays(quarters: readonly number[]) {
  return (
    [
      ['quarter_kwh', 'qkwh', 'float8'],
      ['quarter_covered_ms', 'qms', 'int4'],
      ['quarter_straddles', 'qst', 'int2'],
    ] as const
  ).map(([name, prefix, type]) => {
    const elements = Array.from({ length: QUARTERS }, (_, i) =>
      quarters.includes(i) ? `${prefix}_${i + 1}` : '0',
    )
    const pieces: string[] = []
    let from = 1
    for (const i of quarters) {
      pieces.push(`h.${name}[${from}:${i}]`, `(h.${name}[${i + 1}] + excluded.${name}[${i + 1}])`)
      from = i + 2
    }
    pieces.push(`h.${name}[${from}:${QUARTERS}]`)
    const sum = `CASE WHEN excluded.${name} IS NULL THEN h.${name} WHEN h.${name} IS NULL THEN excluded.${name}
      ELSE ${pieces.join(' || ')} END`
    return {
      column: name,
      value: `CASE WHEN quarters THEN ARRAY[${elements.join(', ')}]::${type}[] END`,
      set: [`${name} = ${sum}`],
    }
  })
}

/** A stored day's quarter k (from 1) after the change: kWh, covered milliseconds, straddles. */
const quarterAfter = (k: number) => {
  const sum = (name: string) =>
    `(coalesce(h.${name}[${k}], 0) + coalesce(excluded.${name}[${k}], 0))`
  return {
    kwh: sum('quarter_kwh'),
    whole: `${sum('quarter_covered_ms')} = ${QUARTER_MS}`,
    wasWhole: `coalesce(h.quarter_covered_ms[${k}] = ${QUARTER_MS}, false)`,
    estimated: `${sum('quarter_straddles')} > 0`,
  }
}

/**
 * A stored day's peak columns after the change, without a look at its untouched quarters: they
 * stay as they were, none above the old peak (nor as high and earlier). So the new peak is the
 * highest of the old one and the whole quarters the batch touched, unless the batch lowered the
 * old peak's quarter (only a moved reading can) or took its data away: then every quarter is
 * looked at again (`quarter_peak`'s rule, the untouched ones from the stored arrays). Per row a
 * handful of candidates, and only when the old peak may not stand (a trigger running
 * quarter_peak() on every row cost ~0.2 ms a row; a fleet's push touches a thousand rows).
 */
function peakSet(quarters: readonly number[]): string[] {
  const after = quarters.map((i) => ({ i, ...quarterAfter(i + 1) }))
  const touched = quarters.join(', ')
  const lowered = `coalesce(CASE h.peak_quarter ${after
    .map((q) => `WHEN ${q.i} THEN NOT (${q.whole}) OR ${q.kwh} < h.peak_quarter_kwh`)
    .join(' ')} END, false)`
  // Most pushes leave the peak where it is: no touched quarter reaches it (nor ties it earlier).
  const stands = `h.peak_quarter_kwh IS NOT NULL AND h.peak_quarter NOT IN (${touched})${after
    .map(
      (q) =>
        ` AND NOT coalesce(${q.whole} AND (${q.kwh} > h.peak_quarter_kwh OR (${q.kwh} = h.peak_quarter_kwh AND ${q.i} < h.peak_quarter)), false)`,
    )
    .join('')}`
  const candidates = after
    .map((q) => `SELECT CASE WHEN ${q.whole} THEN ${q.kwh} END, ${q.i}, ${q.estimated}`)
    .join('\n      UNION ALL ')
  const peak = (column: string) => `(
    SELECT c.${column} FROM (
      ${candidates}
      UNION ALL SELECT h.peak_quarter_kwh, h.peak_quarter, h.peak_estimated
        WHERE NOT ${lowered} AND h.peak_quarter NOT IN (${touched})
      UNION ALL SELECT q.kwh, q.i::int - 1, q.straddles > 0
        FROM unnest(h.quarter_kwh, h.quarter_covered_ms, h.quarter_straddles) WITH ORDINALITY AS q(kwh, ms, straddles, i)
        WHERE ${lowered} AND q.ms = ${QUARTER_MS} AND q.i - 1 NOT IN (${touched})
    ) AS c(kwh, quarter, estimated)
    WHERE c.kwh IS NOT NULL ORDER BY c.kwh DESC, c.quarter LIMIT 1)`
  return [
    `quarters_with_data = h.quarters_with_data${after
      .map((q) => ` + (${q.whole})::int - (${q.wasWhole})::int`)
      .join('')}`,
    ...(
      [
        ['peak_quarter_kwh', 'kwh'],
        ['peak_quarter', 'quarter'],
        ['peak_estimated', 'estimated'],
      ] as const
    ).map(
      ([name, column]) => `${name} = CASE WHEN ${stands} THEN h.${name} ELSE ${peak(column)} END`,
    ),
  ]
}

/**
 * A running-sum array of a day's change (`kwh_running` or `export_running`) from its
 * `<prefix>_n` columns: element j holds the half hours 1..j (0 before the first one sent); and
 * the elements an update adds to.
 */
function runningSums(name: string, prefix: string, halves: readonly number[]) {
  const terms: string[] = []
  const elements = Array.from({ length: HALF_HOURS }, (_, j) => {
    if (halves.includes(j)) terms.push(`${prefix}_${j + 1}`)
    return terms.length === 0 ? '0' : terms.join(' + ')
  })
  const first = halves.length === 0 ? HALF_HOURS + 1 : Math.min(...halves) + 1
  const set = Array.from(
    { length: HALF_HOURS - first + 1 },
    (_, k) => `${name}[${first + k}] = h.${name}[${first + k}] + excluded.${name}[${first + k}]`,
  )
  return { column: name, value: `ARRAY[${elements.join(', ')}]::float8[]`, set }
}

/**
 * Adds the changes to one rollup (hour h holds readings with h < ts <= h + 1 hour, day d those
 * with d < ts <= d + 1 day, UTC). A unit only moved keeps its last reading. A day's running sums
 * by half hour (`kwh_running`, migration 025; `export_running`) and its quarter arrays (028) are
 * built from their feed columns, and a stored day's peak follows its quarters (peakSet).
 */
const rollupSql = (shape: RollupShape, rows: Sql): Sql => {
  const { table, unit, rowColumns, arrays } = shape
  const names = rowColumns.map((name) => (name === 'unit' ? unit : name))
  const added = names
    .filter((name) => ADDED.has(name))
    .map((name) => `${name} = h.${name} + excluded.${name}`)
  for (const array of arrays) added.push(...array.set)
  added.push(...(shape.set ?? []))
  const targets = [...names, ...arrays.map((a) => a.column)].join(', ')
  const values = [...rowColumns, ...arrays.map((a) => a.value)].join(', ')
  return sql`
  INSERT INTO ${raw(table)} AS h (${raw(targets)})
  SELECT ${raw(values)} FROM (${rows}) changes
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
 * statistics (data-modifying CTEs), each sent as rows; none without energy or export readings.
 */
function rollupsStatement(rollups: Rollups): Sql | undefined {
  if (rollups.days.length === 0) return undefined
  const withExport = rollups.exporters.size > 0
  const hours = hourShape(withExport)
  const days = dayShape(rollups.days, withExport)
  const stats =
    rollups.devices.length > 0
      ? statsSql(unnestOf('s', STATS_COLUMNS, rollups.devices))
      : sql`SELECT 1`
  return sql`WITH hourly AS (${rollupSql(hours, unnestOf('h', hours.columns, rollups.hours))}),
     daily AS (${rollupSql(days, unnestOf('d', days.columns, rollups.days))})
     ${stats}`
}

/** Rewrites the stored readings whose delta or reset changed (gap flags live only in the rollups). */
async function updateStored(tx: Queryable, updates: readonly StoredUpdate[]): Promise<void> {
  const moved = updates.filter((u) => u.delta !== u.point.delta || u.reset !== u.point.reset)
  if (moved.length === 0) return
  const statement = sql`UPDATE readings r SET delta_kwh = u.delta, is_reset = u.reset
    FROM (${unnestOf('m', MOVED_COLUMNS, moved)}) u WHERE r.id = u.id`
  await tx.query(statement.text, statement.values)
}
