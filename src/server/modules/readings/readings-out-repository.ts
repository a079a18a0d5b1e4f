import type { TenantScope } from '~/server/context.ts'
import type { Queryable } from '~/server/db/database.ts'
import { empty, join, raw, sql, type Sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'
import { ENERGY, EXPORT } from './readings-repository.ts'

export type { ReadingSource } from './readings-repository.ts'
import type { ReadingSource } from './readings-repository.ts'

interface ReadingRow {
  id: number
  device_id: string
  ts: Date
  kwh: number
  export_kwh: number | null
  status: 'ok' | 'estimated' | 'manual' | 'reset'
  reading_type: string
  source: ReadingSource
  entered_by: string | null
  entered_by_name: string | null
  note: string | null
  attachment_id: string | null
}

const READING_COLUMNS = 'r.id, r.device_id, r.ts, r.kwh, r.status, r.reading_type, r.source'
/** Who entered a reading by hand, its note and photo (see migration 012); null for the others. */
const ENTRY_COLUMNS = 'm.entered_by, m.entered_by_name, m.note, m.attachment_id'
const WITH_ENTRY = 'LEFT JOIN manual_entries m ON m.reading_id = r.id'
/**
 * A two-way meter's export register is a series of its own (so resets and rollups work as for
 * import), shown as a column of the energy reading at the same instant, never as a reading.
 */
const EXPORT_COLUMN = 'x.kwh AS export_kwh'
const WITH_EXPORT = `LEFT JOIN readings x ON r.reading_type = '${ENERGY}' AND x.device_id = r.device_id
  AND x.reading_type = '${EXPORT}' AND x.ts = r.ts`
const JOINED_COLUMNS = `${ENTRY_COLUMNS}, ${EXPORT_COLUMN}`
const JOINS = `${WITH_ENTRY} ${WITH_EXPORT}`
const COLUMNS = `${READING_COLUMNS}, ${JOINED_COLUMNS}`

export const toReading = (r: ReadingRow) => ({
  id: r.id,
  device_id: r.device_id,
  timestamp: r.ts.toISOString(),
  kwh: r.kwh,
  export_kwh: r.export_kwh,
  status: r.status,
  reading_type: r.reading_type,
  source: r.source,
  entered_by: r.entered_by,
  entered_by_name: r.entered_by_name,
  note: r.note,
  attachment_id: r.attachment_id,
})

export type ReadingDto = ReturnType<typeof toReading>

export interface ReadingQuery {
  /** Inclusive. */
  start?: Date
  /** Exclusive. */
  end?: Date
  types?: readonly string[]
  source?: ReadingSource
  page: number
  pageSize: number
}

/** Units by reading type suffix (`energy_kwh` -> kWh); the name says what it measures. */
const UNITS: Array<[RegExp, string]> = [
  [/_kwh$/, 'kWh'],
  [/_wh$/, 'Wh'],
  [/_kvarh$/, 'kvarh'],
  [/_kw$/, 'kW'],
  [/_w$/, 'W'],
  [/_kva$/, 'kVA'],
  [/_v$/, 'V'],
  [/_a$/, 'A'],
  [/_hz$/, 'Hz'],
  [/_(c|celsius)$/, '°C'],
  [/_(pct|percent)$/, '%'],
  [/_m3$/, 'm³'],
]

export const unitOf = (type: string) => UNITS.find(([suffix]) => suffix.test(type))?.[1] ?? ''

/**
 * The reading types a device has readings of, found by skipping through the (device, type, ts)
 * index: a CTE named `stored` (its last row is NULL), for a query whose $1 is the device id.
 */
const STORED_TYPES = `stored AS (
  (SELECT r.reading_type AS name FROM readings r WHERE r.device_id = $1 ORDER BY r.reading_type LIMIT 1)
  UNION ALL
  SELECT (SELECT r.reading_type FROM readings r WHERE r.device_id = $1 AND r.reading_type > s.name
          ORDER BY r.reading_type LIMIT 1)
  FROM stored s WHERE s.name IS NOT NULL
)`

/** The conditions of a query beside device and type, each ` AND ...`; none: empty. */
function readingFilter(q: ReadingQuery): Sql {
  const where: Sql[] = []
  if (q.start) where.push(sql` AND r.ts >= ${q.start.toISOString()}`)
  if (q.end) where.push(sql` AND r.ts < ${q.end.toISOString()}`)
  if (q.source) where.push(sql` AND r.source = ${q.source}`)
  return where.length > 0 ? join(where, '') : empty
}

/** Readings as the API shows them. Device visibility is checked first by `deviceInScope`. */
export const readingsOutRepository = (q: Queryable) => ({
  /** The device, when it exists in the scope. */
  async deviceInScope(scope: TenantScope, id: string): Promise<boolean> {
    const found = sql`SELECT 1 FROM devices d
      WHERE d.id = ${id} AND ${scopeCondition(scope, 'd.group_id')}`
    const { rows } = await q.query(found.text, found.values)
    return rows.length > 0
  },

  /** The reading types the device has readings of. */
  async storedTypes(deviceId: string): Promise<string[]> {
    const { rows } = await q.query<{ name: string }>(
      `WITH RECURSIVE ${STORED_TYPES} SELECT name FROM stored WHERE name IS NOT NULL`,
      [deviceId],
    )
    return rows.map((r) => r.name)
  },

  /**
   * One page, oldest first, with the total of the whole filter. One branch per reading type reads
   * its own index range in time order and PostgreSQL merges them (Merge Append): a page costs
   * its distance from the nearer end plus its size, never a sort of the device's history.
   */
  async list(deviceId: string, query: ReadingQuery) {
    const types = (query.types ?? (await this.storedTypes(deviceId))).filter((t) => t !== EXPORT)
    const page = {
      items: [] as ReadingDto[],
      total: 0,
      page: query.page,
      page_size: query.pageSize,
    }
    if (types.length === 0) return page
    const filter = readingFilter(query)
    // Unfiltered energy readings are counted on the device row, which ingest keeps exact; a
    // count of a year of them reads 35,000 index entries.
    const allEnergy = filter === empty && types.length === 1 && types[0] === ENERGY
    const counted = allEnergy
      ? sql`SELECT reading_count::int AS total FROM devices WHERE id = ${deviceId}`
      : sql`SELECT count(*)::int AS total FROM readings r
           WHERE r.device_id = ${deviceId} AND r.reading_type IN (${join(types)})${filter}`
    const { rows: count } = await q.query<{ total: number }>(counted.text, counted.values)
    const total = count[0]?.total ?? 0
    const offset = (query.page - 1) * query.pageSize
    const take = Math.min(query.pageSize, total - offset)
    if (take <= 0) return { ...page, total }
    // A page in the newer half is read from the end, newest first, and turned round: the console
    // opens on the newest page, which in a year of readings lies 35,000 in from the oldest.
    const skipFromEnd = total - offset - take
    const fromEnd = skipFromEnd < offset
    const skip = fromEnd ? skipFromEnd : offset
    const order = raw(fromEnd ? 'DESC' : 'ASC')
    const branches = types.map(
      (type) => sql`(SELECT ${raw(READING_COLUMNS)} FROM readings r
        WHERE r.device_id = ${deviceId} AND r.reading_type = ${type}${filter}
        ORDER BY r.ts ${order} LIMIT ${skip + take})`,
    )
    // The page first, then its entries and export values.
    const statement = sql`SELECT r.*, ${raw(JOINED_COLUMNS)} FROM (
         SELECT * FROM (${join(branches, ' UNION ALL ')}) united
         ORDER BY ts ${order}, reading_type ${order} LIMIT ${take} OFFSET ${skip}
       ) r ${raw(JOINS)}
       ORDER BY r.ts, r.reading_type`
    const { rows } = await q.query<ReadingRow>(statement.text, statement.values)
    return { ...page, items: rows.map(toReading), total }
  },

  async find(scope: TenantScope, id: number): Promise<ReadingDto | undefined> {
    const found = sql`SELECT ${raw(COLUMNS)} FROM readings r ${raw(JOINS)}
      WHERE r.id = ${id} AND r.reading_type <> ${EXPORT} AND ${scopeCondition(scope, 'r.group_id')}`
    const { rows } = await q.query<ReadingRow>(found.text, found.values)
    return rows[0] && toReading(rows[0])
  },

  /** The newest energy reading: the last entry of the (device, type, ts) index. */
  async latest(deviceId: string): Promise<ReadingDto | undefined> {
    const { rows } = await q.query<ReadingRow>(
      `SELECT ${COLUMNS} FROM readings r ${JOINS}
       WHERE r.device_id = $1 AND r.reading_type = $2
       ORDER BY r.ts DESC LIMIT 1`,
      [deviceId, ENERGY],
    )
    return rows[0] && toReading(rows[0])
  },

  /**
   * One entry per reading type the device has readings of, its model's handler declares, and
   * energy_kwh always; each with its newest value (a year of readings is not scanned).
   */
  async measurements(deviceId: string) {
    const { rows } = await q.query<{
      name: string
      latest_value: number | null
      latest_at: Date | null
    }>(
      `WITH RECURSIVE ${STORED_TYPES},
       declared AS (
         SELECT jsonb_array_elements_text(h -> 'measurements') AS name
         FROM devices d
         JOIN device_models m ON m.id = d.device_model_id
         CROSS JOIN LATERAL jsonb_array_elements(m.handlers) h
         WHERE d.id = $1 AND h ->> 'name' = d.handler
       ),
       names AS (
         SELECT name FROM stored WHERE name IS NOT NULL
         UNION SELECT name FROM declared
         UNION SELECT $2::text
       )
       SELECT n.name, l.kwh AS latest_value, l.ts AS latest_at
       FROM names n
       LEFT JOIN LATERAL (
         SELECT r.kwh, r.ts FROM readings r WHERE r.device_id = $1 AND r.reading_type = n.name
         ORDER BY r.ts DESC LIMIT 1
       ) l ON true
       ORDER BY n.name <> $2, n.name`,
      [deviceId, ENERGY],
    )
    return rows.map((r) => ({
      name: r.name,
      unit: unitOf(r.name),
      latest_value: r.latest_value,
      latest_at: r.latest_at?.toISOString() ?? null,
    }))
  },
})
