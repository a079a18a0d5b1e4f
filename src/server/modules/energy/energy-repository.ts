import type { TenantScope } from '~/server/context.ts'
import type { Queryable } from '~/server/db/database.ts'
import { empty, join, raw, sharedValues, sql, type Sql } from '~/server/db/sql.ts'
import { binaryArray } from '~/server/lib/pg-binary-array.ts'
import { GAP_MS } from '../readings/deltas.ts'
import { ENERGY, EXPORT } from '../readings/readings-repository.ts'
import { HALF_HOURS } from '../readings/rollup-changes.ts'
import type { SegmentKind, SignedSegment, Segment } from './segments.ts'

/**
 * Every statement of the energy engine: the rollups (readings_daily, readings_hourly), the edge
 * readings, and the groups and devices an energy figure is read for. Arrays go in binary, as
 * ingest sends them (a fleet's uuids as text cost the event loop milliseconds).
 */

/**
 * Which register of a meter a figure reads (issue 35): `import`, the energy received (the
 * readings' kWh, the rollups' import columns), or `export`, a two-way meter's exported energy
 * (readings of type `export_kwh`, the rollups' export columns, migration 028). Both are read by
 * the same statements, segments and edges; only the columns and the reading type differ.
 */
export type Register = 'import' | 'export'

/** Which rows a query reads: the devices' groups, the devices, and whether they were named. */
export interface RowFilter {
  groups: string[]
  devices: string[]
  /** Only some of the groups' devices were asked for: rollup rows are filtered by device too. */
  named: boolean
}

/** A device in the caller's scope: a figure is read for it at its group's pricing and clock. */
export interface ScopedDevice {
  id: string
  name: string
  group_id: string
}

/** Per device and key: kWh (running sums at a vector's bounds, or one sum) and readings counted. */
export type Sums = Map<string, { kwh: number[]; n: number }>

/** Days of a window with the same rate in each half hour, as the running sums read them. */
export interface RunningSumDays {
  key: number
  /** The half hours (1-48) whose running sums are read, in order. */
  bounds: number[]
  days: number[]
}

/** One row of the per-bucket figures of a device (see `bucketRows`). */
export interface BucketRow {
  i: number
  n: number
  kwh: number
  resets: number
  estimated: boolean
  gaps: number
  first: Date
  last: Date
}

/** Per (device, edge) what the readings around the edge say (see `probeEdges`). */
export interface ProbeRow {
  device_id: string
  i: number
  before: Date | null
  on_edge: boolean
  next_ts: Date | null
  next_delta: number | null
}

const uuids = (list: readonly string[]) => binaryArray('uuid', list)
const ints = (list: readonly number[]) => binaryArray('int4', list)
const instants = (list: readonly number[]) => binaryArray('timestamptz', list)

const HOURLY = { table: raw('readings_hourly r'), range: raw('r.hour >= s.lo AND r.hour < s.hi') }
const HALF = `r.hour + interval '30 minutes'`

type Source = { table: Sql; kwh: Sql; range: Sql; n: Sql }

/**
 * Where rows come from, what they add, and how many readings they hold (`n`; a half hour row
 * counts 1 where the half has readings: rollups count whole hours only). The export register's
 * hourly rows keep no reading times: a half of an hour with export readings counts 1 (the halves
 * only tell data from no data).
 */
const SOURCES: Record<Register, Record<Exclude<SegmentKind, 'raw'>, Source>> = {
  import: {
    day: {
      table: raw('readings_daily r'),
      kwh: raw('r.kwh'),
      range: raw('r.day >= s.lo AND r.day < s.hi'),
      n: raw('r.reading_count'),
    },
    hour: { ...HOURLY, kwh: raw('r.kwh'), n: raw('r.reading_count') },
    firstHalf: { ...HOURLY, kwh: raw('r.kwh_first_half'), n: raw(`(r.first_ts <= ${HALF})::int`) },
    secondHalf: {
      ...HOURLY,
      kwh: raw('r.kwh - r.kwh_first_half'),
      n: raw(`(r.last_ts > ${HALF})::int`),
    },
  },
  export: {
    day: {
      table: raw('readings_daily r'),
      kwh: raw('r.export_kwh'),
      range: raw('r.day >= s.lo AND r.day < s.hi'),
      n: raw('r.export_reading_count'),
    },
    hour: { ...HOURLY, kwh: raw('r.export_kwh'), n: raw('r.export_reading_count') },
    firstHalf: {
      ...HOURLY,
      kwh: raw('r.export_first_half'),
      n: raw('(r.export_reading_count > 0)::int'),
    },
    secondHalf: {
      ...HOURLY,
      kwh: raw('r.export_kwh - r.export_first_half'),
      n: raw('(r.export_reading_count > 0)::int'),
    },
  },
}

/** The reading type of a register's raw readings. */
const TYPE: Record<Register, string> = { import: ENERGY, export: EXPORT }

const KINDS: SegmentKind[] = ['day', 'hour', 'firstHalf', 'secondHalf', 'raw']

/**
 * The rows of segments of every kind, each with its `key`, sign and reading count `n`, and either
 * its kWh summed over all devices or each device's kWh.
 */
function segmentRows<S extends SignedSegment>(
  segments: readonly S[],
  filter: RowFilter,
  key: (s: S) => number,
  shape: 'summed' | 'per device',
  register: Register,
): Sql {
  const groups = uuids(filter.groups)
  const devices = uuids(filter.devices)
  const named = filter.named ? sql`AND r.device_id = ANY(${devices}::uuid[])` : empty
  const parts = KINDS.map((kind) => {
    const list = segments.filter((s) => s.kind === kind)
    // Readings are indexed by device only: edge readings are found device by device, and kept a
    // nested loop (OFFSET 0): flattened, the planner joins every reading of the devices.
    const source =
      kind === 'raw'
        ? {
            table: sql`unnest(${devices}::uuid[]) AS dev(id) JOIN readings r ON r.device_id = dev.id`,
            kwh: raw('r.delta_kwh'),
            range: sql`r.reading_type = ${TYPE[register]} AND r.ts > s.lo AND r.ts <= s.hi`,
            n: raw('1'),
          }
        : SOURCES[register][kind]
    const rows =
      shape === 'summed'
        ? sql`SELECT sum(${source.kwh}) AS kwh, coalesce(sum(${source.n}), 0) AS n FROM ${source.table}`
        : sql`SELECT r.device_id, ${source.kwh} AS kwh, ${source.n} AS n FROM ${source.table}`
    return sql`SELECT s.key, s.sign, x.* FROM unnest(${ints(list.map(key))}::int[],
        ${instants(list.map((s) => s.lo))}::timestamptz[], ${instants(list.map((s) => s.hi))}::timestamptz[],
        ${ints(list.map((s) => s.sign))}::int[]) AS s(key, lo, hi, sign)
      CROSS JOIN LATERAL (${rows} WHERE r.group_id = ANY(${groups}::uuid[]) ${named} AND ${source.range}${raw(kind === 'raw' ? ' OFFSET 0' : '')}) x`
  })
  return join(parts, '\n UNION ALL\n')
}

/**
 * Pieces of a device's history (rollup rows and edge readings) placed in buckets (the bucket
 * starts). A piece's `gaps` counts late readings measured from the piece's own start; the first
 * reading of each piece is re-measured from the piece before it in the bucket (or the bucket
 * start), which is exactly what scanning the bucket's readings would count.
 * `OFFSET 0` keeps each rollup segment a range scan of the device's rows: once the tables hold a
 * fleet, the planner would otherwise read all of a device's hourly rows in parallel and filter
 * them by segment (37 ms instead of 2 for twelve monthly buckets).
 */
function bucketRowsSql(deviceId: string, starts: number[], segments: readonly Segment[]): Sql {
  const [col, count] = [raw('p.kwh'), raw('p.reading_count')]
  const bounds = (kind: SegmentKind) => {
    const list = segments.filter((s) => s.kind === kind)
    return sql`unnest(${instants(list.map((s) => s.lo))}::timestamptz[], ${instants(list.map((s) => s.hi))}::timestamptz[]) AS s(lo, hi)`
  }
  const startsArray = instants(starts)
  const gap = sql`make_interval(secs => ${GAP_MS / 1000}::float8)`
  return sql`
  WITH pieces AS (
    SELECT p.day AS at, p.day AS unit_start, ${col} AS kwh, ${count} AS n, p.resets, p.gaps,
           p.estimated, p.first_ts, p.last_ts
    FROM ${bounds('day')}
    CROSS JOIN LATERAL (SELECT * FROM readings_daily d
                        WHERE d.device_id = ${deviceId}::uuid AND d.day >= s.lo AND d.day < s.hi OFFSET 0) p
    UNION ALL
    SELECT p.hour, p.hour, ${col}, ${count}, p.resets, p.gaps, p.estimated, p.first_ts, p.last_ts
    FROM ${bounds('hour')}
    CROSS JOIN LATERAL (SELECT * FROM readings_hourly h
                        WHERE h.device_id = ${deviceId}::uuid AND h.hour >= s.lo AND h.hour < s.hi OFFSET 0) p
    UNION ALL
    SELECT p.ts - interval '1 microsecond', p.ts, p.delta_kwh, 1, p.is_reset::int, 0,
           (p.status = 'estimated')::int, p.ts, p.ts
    FROM ${bounds('raw')}
    CROSS JOIN LATERAL (SELECT * FROM readings r WHERE r.device_id = ${deviceId}::uuid
                        AND r.reading_type = ${ENERGY} AND r.ts > s.lo AND r.ts <= s.hi) p
  ), placed AS (
    SELECT width_bucket(at, ${startsArray}::timestamptz[]) AS i, * FROM pieces
  ), chained AS (
    SELECT *, lag(last_ts) OVER (PARTITION BY i ORDER BY first_ts) AS prev_last FROM placed
  )
  SELECT i, sum(n)::int AS n, greatest(coalesce(sum(kwh), 0), 0)::float8 AS kwh,
         sum(resets)::int AS resets, sum(estimated) > 0 AS estimated,
         sum(gaps - (first_ts - unit_start > ${gap})::int
             + (first_ts - greatest(prev_last, (${startsArray}::timestamptz[])[i]) > ${gap})::int)::int AS gaps,
         min(first_ts) AS first, max(last_ts) AS last
  FROM chained GROUP BY i`
}

/**
 * Per (device, edge): the last reading strictly before the edge, whether one lies on it (the two
 * latest at or before it, one backward index probe), and, only when none does, the first reading
 * after it (`NOT on_edge` is a one-time filter: no probe). The gap bound is applied in JavaScript:
 * under row-level security a bound computed from the probe before would not limit the index scan.
 */
const probeSql = (devices: string[], at: number[], indexes: number[], register: Register) => sql`
  SELECT x.device_id, x.i, p.before, p.on_edge, n.ts AS next_ts, n.delta_kwh AS next_delta
  FROM unnest(${uuids(devices)}::uuid[], ${instants(at)}::timestamptz[], ${ints(indexes)}::int4[]) AS x(device_id, t, i)
  CROSS JOIN LATERAL (
    SELECT max(r.ts) FILTER (WHERE r.ts < x.t) AS before, coalesce(bool_or(r.ts = x.t), false) AS on_edge
    FROM (SELECT r.ts FROM readings r
          WHERE r.device_id = x.device_id AND r.reading_type = ${TYPE[register]} AND r.ts <= x.t
          ORDER BY r.ts DESC LIMIT 2) r
  ) p
  LEFT JOIN LATERAL (
    SELECT r.ts, r.delta_kwh FROM readings r
    WHERE NOT p.on_edge AND r.device_id = x.device_id AND r.reading_type = ${TYPE[register]} AND r.ts > x.t
    ORDER BY r.ts LIMIT 1
  ) n ON true`

/**
 * UTC days [from, to) (epoch ms of midnights) and their quarters lo..hi (1-based, inclusive:
 * elements of the quarter arrays; 1..96 for whole days).
 */
export interface QuarterPart {
  key: number
  from: number
  to: number
  lo: number
  hi: number
}

/** A device's peak quarter hour over a key's parts: its kWh, its start, and whole quarters. */
export interface QuarterPeakRow {
  device_id: string
  key: number
  peak_kwh: number | null
  peak_ms: number | null
  estimated: boolean | null
  with_data: number
}

/**
 * Each device's peak quarter hour over each key's day parts (migration 028): whole UTC days read
 * their daily rows' derived peak as it is, a part of a day `quarter_peak` over its arrays' element
 * range; the highest (the earliest on a tie) and the whole quarters are taken per device and key
 * in SQL, so a year of days returns one row per device.
 */
const quarterPeaksSql = (filter: RowFilter, parts: readonly QuarterPart[]) => {
  const named = filter.named ? sql`AND r.device_id = ANY(${uuids(filter.devices)}::uuid[])` : empty
  return sql`
  SELECT r.device_id, s.key,
         (array_agg(p.peak_kwh ORDER BY p.peak_kwh DESC, p.at) FILTER (WHERE p.peak_kwh IS NOT NULL))[1]::float8 AS peak_kwh,
         (array_agg(p.at ORDER BY p.peak_kwh DESC, p.at) FILTER (WHERE p.peak_kwh IS NOT NULL))[1]::float8 AS peak_ms,
         (array_agg(p.estimated ORDER BY p.peak_kwh DESC, p.at) FILTER (WHERE p.peak_kwh IS NOT NULL))[1] AS estimated,
         coalesce(sum(p.with_data), 0)::int AS with_data
  FROM unnest(${ints(parts.map((p) => p.key))}::int4[], ${instants(parts.map((p) => p.from))}::timestamptz[],
              ${instants(parts.map((p) => p.to))}::timestamptz[], ${ints(parts.map((p) => p.lo))}::int4[],
              ${ints(parts.map((p) => p.hi))}::int4[])
    AS s(key, lo_day, hi_day, lo, hi)
  CROSS JOIN LATERAL (
    SELECT r.device_id, r.day, r.quarter_kwh, r.quarter_covered_ms, r.quarter_straddles,
           r.peak_quarter_kwh, r.peak_quarter, r.peak_estimated, r.quarters_with_data
    FROM readings_daily r
    WHERE r.group_id = ANY(${uuids(filter.groups)}::uuid[]) ${named}
      AND r.day >= s.lo_day AND r.day < s.hi_day OFFSET 0) r
  CROSS JOIN LATERAL (
    SELECT r.peak_quarter_kwh AS peak_kwh, r.peak_quarter::int AS quarter,
           r.peak_estimated AS estimated, r.quarters_with_data::int AS with_data
    WHERE s.lo = 1 AND s.hi = 96
    UNION ALL
    SELECT x.peak_kwh, x.peak_quarter + s.lo - 1, x.estimated, x.with_data::int
    FROM quarter_peak(r.quarter_kwh[s.lo:s.hi], r.quarter_covered_ms[s.lo:s.hi],
                      r.quarter_straddles[s.lo:s.hi]) x
    WHERE NOT (s.lo = 1 AND s.hi = 96)) q
  CROSS JOIN LATERAL (
    SELECT q.peak_kwh, q.estimated, q.with_data,
           extract(epoch FROM r.day) * 1000 + q.quarter * 900000 AS at) p
  GROUP BY r.device_id, s.key`
}

export const energyRepository = (q: Queryable) => {
  const run = <R>(statement: Sql) => {
    const { text, values } = sharedValues(statement)
    return q.query<R>(text, values)
  }
  return {
    /**
     * The planner cannot see how few rows each segment holds and would JIT-compile a report
     * query on PostgreSQL (~400 ms for a query that runs in ~50). PGlite has no JIT; harmless.
     */
    withoutJit: () => q.query('SET LOCAL jit = off'),

    /** The scope's devices (or the named ones among them), by name. */
    async devices(scope: TenantScope, ids?: readonly string[]): Promise<ScopedDevice[]> {
      const inScope = scope.all ? sql`true` : sql`d.group_id = ${scope.groupId}::uuid`
      const named = ids ? sql`AND d.id = ANY(${ids}::uuid[])` : empty
      const { rows } = await run<ScopedDevice>(
        sql`SELECT d.id, d.name, d.group_id FROM devices d WHERE ${inScope} ${named}
            ORDER BY lower(d.name), d.id`,
      )
      return rows
    },

    /** The device's group if it exists inside the scope (another tenant's device is as missing). */
    async deviceGroup(scope: TenantScope, id: string): Promise<string | undefined> {
      const inScope = scope.all ? sql`true` : sql`d.group_id = ${scope.groupId}::uuid`
      const { rows } = await run<{ group_id: string }>(
        sql`SELECT d.group_id FROM devices d WHERE d.id = ${id} AND ${inScope}`,
      )
      return rows[0]?.group_id
    },

    /** The groups' IANA timezones (their bills, tariffs and days are counted in them). */
    async groupZones(groups: readonly string[]): Promise<Map<string, string>> {
      const { rows } = await run<{ id: string; timezone: string }>(
        sql`SELECT id, timezone FROM groups WHERE id = ANY(${uuids(groups)}::uuid[])`,
      )
      return new Map(rows.map((r) => [r.id, r.timezone]))
    },

    /** Per device and key, the signed sums of the rollup rows (and raw readings) of the segments. */
    async deviceSums(
      filter: RowFilter,
      segments: ReadonlyArray<SignedSegment & { key: number }>,
      register: Register = 'import',
    ): Promise<Sums> {
      if (segments.length === 0 || filter.groups.length === 0) return new Map()
      const parts = segmentRows(segments, filter, (s) => s.key, 'per device', register)
      const { rows } = await run<{ device_id: string; key: number; kwh: number; n: number }>(
        sql`SELECT device_id, key, sum(sign * kwh)::float8 AS kwh, sum(sign * n)::float8 AS n
            FROM (${parts}) parts GROUP BY device_id, key`,
      )
      return new Map(rows.map((r) => [`${r.device_id}:${r.key}`, { kwh: [r.kwh ?? 0], n: r.n }]))
    },

    /**
     * Each key's segments summed over all the filter's devices, and its signed reading count.
     * Every segment is summed inside its own index range scan, so the ~180,000 rollup rows of a
     * 1,000-device month never flow through a row-by-row pipeline.
     */
    async summedSums(
      filter: RowFilter,
      segments: ReadonlyArray<SignedSegment & { key: number }>,
      register: Register = 'import',
    ) {
      const values = new Map<number, number>()
      const counts = new Map<number, number>()
      if (segments.length === 0 || filter.groups.length === 0) return { values, counts }
      const parts = segmentRows(segments, filter, (s) => s.key, 'summed', register)
      const { rows } = await run<{ key: number; value: number | null; n: number }>(
        sql`SELECT key, sum(sign * kwh)::float8 AS value, sum(sign * n)::int AS n
            FROM (${parts}) parts GROUP BY key`,
      )
      for (const r of rows) {
        values.set(r.key, r.value ?? 0)
        counts.set(r.key, r.n)
      }
      return { values, counts }
    },

    /**
     * Per device and vector of days, the sums over its days of the daily rows' running kWh at each
     * of its bounds (in their order), and their reading count. One scan for all vectors: each day
     * brings its vector's bounds (padded with 48, the day's kWh).
     */
    async runningSums(
      filter: RowFilter,
      vectors: readonly RunningSumDays[],
      register: Register = 'import',
    ): Promise<Sums> {
      const width = Math.max(0, ...vectors.map((v) => v.bounds.length))
      if (width === 0) return new Map()
      const days = vectors.flatMap((v) => v.days.map((day) => ({ v, day })))
      const columns = Array.from({ length: width }, (_, i) => i)
      const bound = (i: number) => ints(days.map(({ v }) => v.bounds[i] ?? HALF_HOURS))
      const named = filter.named
        ? sql`AND r.device_id = ANY(${uuids(filter.devices)}::uuid[])`
        : empty
      const sums = join(columns.map((i) => raw(`sum(r.at${i})`)))
      const arrays = join(columns.map((i) => sql`${bound(i)}::int4[]`))
      const names = join(columns.map((i) => raw(`b${i}`)))
      const [running, count] =
        register === 'import'
          ? ['kwh_running', 'reading_count']
          : ['export_running', 'export_reading_count']
      const picks = join(columns.map((i) => raw(`r.${running}[s.b${i}] AS at${i}`)))
      // The planner cannot know there are a few keys per device: it would sort the wide rows (to
      // disk) to group them, where a hash of ~1,000 devices x keys fits in memory.
      await q.query('SET LOCAL enable_sort = off')
      const { rows } = await run<{ device_id: string; key: number; kwh: number[]; n: number }>(
        sql`SELECT r.device_id, s.key, ARRAY[${sums}]::float8[] AS kwh,
                   sum(r.reading_count)::float8 AS n
            FROM unnest(${ints(days.map(({ v }) => v.key))}::int4[],
                        ${instants(days.map(({ day }) => day))}::timestamptz[], ${arrays})
              AS s(key, day, ${names})
            CROSS JOIN LATERAL (
              SELECT r.device_id, ${raw(`r.${count} AS reading_count`)}, ${picks}
              FROM readings_daily r
              WHERE r.group_id = ANY(${uuids(filter.groups)}::uuid[]) ${named} AND r.day = s.day) r
            GROUP BY r.device_id, s.key`,
      )
      await q.query('SET LOCAL enable_sort = on')
      return new Map(
        rows.map((r) => [`${r.device_id}:${r.key}`, { kwh: r.kwh.map(Number), n: r.n }]),
      )
    },

    /**
     * Per edge `i` (on the hour, `t`), the devices whose hourly row for the hour before it ends on
     * a reading at `t`: their count (`count`), or the devices themselves (`devices`).
     */
    async onReadingAtHours(
      groups: readonly string[],
      hours: ReadonlyArray<{ t: number; i: number }>,
      shape: 'count' | 'devices',
    ) {
      // Plain equalities on parameters only: under row-level security a qual computing on a
      // column (`s.t - interval '1 hour'`) is not leakproof and cannot bound the index scan (the
      // scan read every rollup row of the group per edge: seconds for a fleet).
      const select = shape === 'count' ? raw('count(*)::int AS n') : raw('r.device_id')
      const { rows } = await run<{ i: number; n: number; device_id: string }>(
        sql`SELECT s.i, ${select}
            FROM unnest(${instants(hours.map((h) => h.t - 3_600_000))}::timestamptz[],
                        ${instants(hours.map((h) => h.t))}::timestamptz[],
                        ${ints(hours.map((h) => h.i))}::int4[]) AS s(h, t, i)
            CROSS JOIN LATERAL (SELECT r.device_id FROM readings_hourly r
              WHERE r.group_id = ANY(${uuids(groups)}::uuid[]) AND r.hour = s.h AND r.last_ts = s.t
              OFFSET 0) r ${shape === 'count' ? raw('GROUP BY s.i') : empty}`,
      )
      return rows
    },

    /** The readings around each (device, edge) pair; see `probeSql`. */
    async probeEdges(devices: string[], at: number[], indexes: number[], register: Register) {
      const { rows } = await run<ProbeRow>(probeSql(devices, at, indexes, register))
      return rows
    },

    /** A device's pieces placed in contiguous buckets (their starts), see `bucketRowsSql`. */
    async bucketRows(deviceId: string, starts: number[], segments: readonly Segment[]) {
      const { rows } = await run<BucketRow>(bucketRowsSql(deviceId, starts, segments))
      return rows
    },

    /** A device's quarter arrays of the UTC days [from, to) (rows of days with arrays only). */
    async quarterArrays(deviceId: string, from: number, to: number) {
      const { rows } = await run<{ day: Date; kwh: number[]; covered: number[] }>(
        sql`SELECT r.day, r.quarter_kwh AS kwh, r.quarter_covered_ms AS covered
            FROM readings_daily r
            WHERE r.device_id = ${deviceId}::uuid AND r.day >= ${new Date(from)}::timestamptz
              AND r.day < ${new Date(to)}::timestamptz AND r.quarter_kwh IS NOT NULL`,
      )
      return rows
    },

    /** Those of the devices that have an export register (`devices.has_export`). */
    async withExport(devices: readonly string[]): Promise<Set<string>> {
      if (devices.length === 0) return new Set()
      const { rows } = await run<{ id: string }>(
        sql`SELECT id FROM devices WHERE id = ANY(${uuids(devices)}::uuid[]) AND has_export`,
      )
      return new Set(rows.map((r) => r.id))
    },

    /**
     * Per device and key, each day part's peak quarter hour (see `quarterPeaksSql`).
     */
    async quarterPeaks(filter: RowFilter, parts: readonly QuarterPart[]) {
      if (parts.length === 0 || filter.devices.length === 0) return []
      const { rows } = await run<QuarterPeakRow>(quarterPeaksSql(filter, parts))
      return rows
    },
  }
}
