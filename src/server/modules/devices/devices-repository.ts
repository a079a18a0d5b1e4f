import type { Device } from '~/api/__generated__/types.gen.ts'
import type { Queryable, Scalar, Statement } from '~/server/db/database.ts'
import type { TenantScope } from '~/server/context.ts'
import { todayKwh } from '../energy/energy.ts'
import { containing } from '~/server/lib/sql-text.ts'
import { join, raw, sql, type Sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'

export type DeviceStatus = 'online' | 'offline' | 'unknown'
export type DeviceSort = 'name' | 'serial_number' | 'location' | 'created_at' | 'last_seen'

export interface DeviceFields {
  name: string
  serial_number: string
  location?: string | null
  description?: string | null
  device_model_id?: string | null
  handler?: string | null
}

export type DeviceDto = Device

const SORTS: Record<DeviceSort, string> = {
  name: 'lower(d.name)',
  serial_number: 'd.serial_number',
  location: 'lower(d.location)',
  created_at: 'd.created_at',
  last_seen: 'd.last_seen',
}

/** The columns of a device answer (not metadata): narrow rows keep the page query cheap. */
const DEVICE_COLUMNS = `d.id, d.group_id, d.name, d.serial_number, d.location, d.description, d.device_model_id,
  d.handler, d.status, d.last_seen, d.latest_kwh, d.reading_count, d.first_reading_at, d.last_reading_at,
  d.created_at, d.updated_at`

/** A timestamp as JavaScript's toISOString() writes it. */
const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * today_kwh: the device's consumption since midnight in the viewer's timezone, from the one
 * definition every page shares (energy/energy.ts, as getCumulativeConsumptionToday answers it);
 * null without readings today. Devices of any groups, in one query.
 */
export async function withTodayKwh(
  q: Queryable,
  devices: DeviceDto[],
  tz: string,
  now = new Date(),
): Promise<DeviceDto[]> {
  const totals = await todayKwh(q, devices, tz, now)
  return devices.map((d) => ({ ...d, today_kwh: totals.get(d.id) ?? null }))
}

/**
 * The devices `page` selects (DEVICE_COLUMNS), as the JSON array of the contract's Device, in
 * `order`, with whether each has an access token (never the token). The database writes the JSON: reading fifty rows of sixteen columns into JavaScript
 * costs more than the query itself on PGlite. today_kwh is filled in by `withTodayKwh`.
 */
const devicesJson = (page: Sql, order: Sql) => sql`
  SELECT coalesce(json_agg(json_build_object(
    'id', d.id, 'group_id', d.group_id, 'name', d.name, 'serial_number', d.serial_number,
    'location', d.location, 'description', d.description, 'device_model_id', d.device_model_id,
    'handler', d.handler, 'status', d.status, 'last_seen', ${raw(iso('d.last_seen'))},
    'latest_kwh', d.latest_kwh, 'today_kwh', NULL,
    'summary', json_build_object('reading_count', d.reading_count,
      'first_reading_at', ${raw(iso('d.first_reading_at'))}, 'last_reading_at', ${raw(iso('d.last_reading_at'))}),
    'has_token', c.device_id IS NOT NULL, 'token_last_used_at', ${raw(iso('c.last_used_at'))},
    'created_at', ${raw(iso('d.created_at'))}, 'updated_at', ${raw(iso('d.updated_at'))}
  ) ORDER BY ${order}), '[]'::json)
  FROM (${page}) d LEFT JOIN device_credentials c ON c.device_id = d.id`

export interface DeviceQuery {
  skip: number
  limit: number
  search?: string
  status?: 'online' | 'offline'
  /** Only these devices. */
  ids?: readonly string[]
  sort: DeviceSort
  order: 'asc' | 'desc'
}

/**
 * One page of devices with the total, as one statement whose `body` is `{ items, total }`: the
 * total is read from the counts the trigger keeps unless a search needs a real count.
 */
export function deviceListStatement(scope: TenantScope, query: DeviceQuery): Statement {
  const conditions = [scopeCondition(scope, 'd.group_id')]
  if (query.search) {
    const p = containing(query.search)
    conditions.push(
      sql`(d.name ILIKE ${p}::text OR d.serial_number ILIKE ${p}::text OR d.location ILIKE ${p}::text)`,
    )
  }
  if (query.status) conditions.push(sql`d.status = ${query.status}::text`)
  // As an array literal: statement parameters are scalars (the contract has checked each uuid).
  if (query.ids) conditions.push(sql`d.id = ANY(${`{${query.ids.join(',')}}`}::uuid[])`)
  const filter = join(conditions, ' AND ')
  const direction = query.order === 'desc' ? 'DESC' : 'ASC'
  const order = raw(`${SORTS[query.sort]} ${direction} NULLS LAST, d.id ${direction}`)
  const page = sql`SELECT ${raw(DEVICE_COLUMNS)} FROM devices d WHERE ${filter} ORDER BY ${order}
                LIMIT ${query.limit}::int OFFSET ${query.skip}::int`
  const total =
    query.search || query.ids
      ? sql`SELECT count(*)::int FROM devices d WHERE ${filter}`
      : sql`SELECT coalesce(sum(c.${raw(query.status ?? 'total')}), 0)::int FROM device_counts c
            WHERE ${scopeCondition(scope, 'c.group_id')}`
  const statement = sql`SELECT json_build_object('items', (${devicesJson(page, order)}), 'total', (${total})) AS body`
  return { sql: statement.text, params: statement.values as Scalar[] }
}

export const devicesRepository = (q: Queryable) => ({
  /** One device, its today_kwh in `tz` (UTC where the request names no timezone). */
  async find(scope: TenantScope, id: string, tz = 'UTC'): Promise<DeviceDto | undefined> {
    const page = sql`SELECT ${raw(DEVICE_COLUMNS)} FROM devices d
      WHERE d.id = ${id} AND ${scopeCondition(scope, 'd.group_id')}`
    const statement = sql`SELECT (${devicesJson(page, raw('d.id'))}) AS body`
    const { rows } = await q.query<{ body: DeviceDto[] }>(statement.text, statement.values)
    const [device] = await withTodayKwh(q, rows[0]!.body, tz)
    return device
  },

  async create(groupId: string, f: DeviceFields): Promise<string> {
    const { rows } = await q.query<{ id: string }>(
      `INSERT INTO devices (group_id, name, serial_number, location, description, device_model_id, handler)
       VALUES ($1, btrim($2), $3, $4, $5, $6, $7) RETURNING id`,
      [
        groupId,
        f.name,
        f.serial_number,
        f.location ?? null,
        f.description ?? null,
        f.device_model_id ?? null,
        f.handler ?? null,
      ],
    )
    return rows[0]!.id
  },

  /** Inserts devices in one statement; their ids in the order given. */
  async createMany(items: Array<DeviceFields & { groupId: string }>): Promise<string[]> {
    const column = <K extends keyof DeviceFields>(key: K) => items.map((i) => i[key] ?? null)
    const { rows } = await q.query<{ id: string; ord: number }>(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::text[])
           WITH ORDINALITY AS t (group_id, name, serial_number, location, description, device_model_id, handler, ord)),
       created AS (
         INSERT INTO devices (group_id, name, serial_number, location, description, device_model_id, handler)
         SELECT group_id, btrim(name), serial_number, location, description, device_model_id, handler
         FROM input ORDER BY ord RETURNING id, group_id, serial_number)
       SELECT c.id, i.ord FROM created c
       JOIN input i ON i.group_id = c.group_id AND i.serial_number = c.serial_number ORDER BY i.ord`,
      [
        items.map((i) => i.groupId),
        column('name'),
        column('serial_number'),
        column('location'),
        column('description'),
        column('device_model_id'),
        column('handler'),
      ],
    )
    return rows.map((r) => r.id)
  },

  /** Which of these serial numbers are taken in their group, as `group_id + "\n" + serial`. */
  async takenSerials(wanted: Array<{ groupId: string; serial: string }>): Promise<Set<string>> {
    if (wanted.length === 0) return new Set()
    const { rows } = await q.query<{ key: string }>(
      `SELECT d.group_id || E'\n' || d.serial_number AS key FROM devices d
       JOIN unnest($1::uuid[], $2::text[]) AS w (group_id, serial_number)
         ON d.group_id = w.group_id AND d.serial_number = w.serial_number`,
      [wanted.map((w) => w.groupId), wanted.map((w) => w.serial)],
    )
    return new Set(rows.map((r) => r.key))
  },

  /** Devices this transaction has just written (row-level security still applies), in the order given. */
  async findMany(ids: string[]): Promise<DeviceDto[]> {
    const page = sql`SELECT ${raw(DEVICE_COLUMNS)} FROM devices d WHERE d.id = ANY(${ids}::uuid[])`
    const order = sql`array_position(${ids}::uuid[], d.id)`
    const statement = sql`SELECT (${devicesJson(page, order)}) AS body`
    const { rows } = await q.query<{ body: DeviceDto[] }>(statement.text, statement.values)
    // Just registered: no readings yet, so today_kwh stays null.
    return rows[0]!.body
  },

  /** PUT: optional fields left out become null. */
  async replace(id: string, f: DeviceFields): Promise<boolean> {
    const { rowCount } = await q.query(
      `UPDATE devices SET name = btrim($2), serial_number = $3, location = $4, description = $5,
         device_model_id = $6, handler = $7, updated_at = now() WHERE id = $1`,
      [
        id,
        f.name,
        f.serial_number,
        f.location ?? null,
        f.description ?? null,
        f.device_model_id ?? null,
        f.handler ?? null,
      ],
    )
    return rowCount > 0
  },

  /**
   * Moves a device and everything recorded about it to another group (elevated users only); the
   * rules of its old group forget it (migration 014's trigger).
   */
  async move(id: string, to: string): Promise<void> {
    await q.query('UPDATE devices SET group_id = $2, updated_at = now() WHERE id = $1', [id, to])
    for (const table of [
      'readings',
      'readings_hourly',
      'readings_daily',
      'device_status_history',
      'attachments',
      'manual_entries',
    ]) {
      await q.query(`UPDATE ${table} SET group_id = $2 WHERE device_id = $1`, [id, to])
    }
  },

  /**
   * Deletes a device with its readings, rollups, status history and attachments; the rules of its
   * group forget it and its files are queued for removal (migration 014's triggers).
   */
  async remove(id: string): Promise<boolean> {
    await q.query('DELETE FROM readings WHERE device_id = $1', [id])
    await q.query('DELETE FROM readings_hourly WHERE device_id = $1', [id])
    await q.query('DELETE FROM readings_daily WHERE device_id = $1', [id])
    const { rowCount } = await q.query('DELETE FROM devices WHERE id = $1', [id])
    return rowCount > 0
  },
})
