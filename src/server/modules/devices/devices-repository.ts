import type { Queryable } from '../../db/database.ts'
import type { TenantScope } from '../../context.ts'
import { ENERGY } from '../readings/readings-repository.ts'
import { scopeFilter } from '../scope-sql.ts'

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

interface DeviceRow {
  id: string
  group_id: string
  name: string
  serial_number: string
  location: string | null
  description: string | null
  device_model_id: string | null
  handler: string | null
  status: DeviceStatus
  last_seen: Date | null
  latest_kwh: number | null
  today_kwh: number | null
  reading_count: number
  first_reading_at: Date | null
  last_reading_at: Date | null
  created_at: Date
  updated_at: Date
}

const iso = (d: Date | null) => d?.toISOString() ?? null

export const toDevice = (r: DeviceRow) => ({
  id: r.id,
  group_id: r.group_id,
  name: r.name,
  serial_number: r.serial_number,
  location: r.location,
  description: r.description,
  device_model_id: r.device_model_id,
  handler: r.handler,
  status: r.status,
  last_seen: iso(r.last_seen),
  latest_kwh: r.latest_kwh,
  today_kwh: r.today_kwh,
  summary: {
    reading_count: r.reading_count,
    first_reading_at: iso(r.first_reading_at),
    last_reading_at: iso(r.last_reading_at),
  },
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

export type DeviceDto = ReturnType<typeof toDevice>

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

/**
 * Devices with their figures. today_kwh is the rise since local midnight in the group's timezone
 * (readings at midnight belong to the day before), null without readings today. Where local
 * midnight falls on a whole UTC hour it sums at most 24 rows of the hourly rollup; in half-hour
 * zones it sums today's readings themselves.
 */
const WITH_FIGURES = (source: string) => `
  SELECT d.*, t.today_kwh
  FROM ${source} d
  JOIN (SELECT g.id, date_trunc('day', now() AT TIME ZONE g.timezone) AT TIME ZONE g.timezone AS midnight FROM groups g) g
    ON g.id = d.group_id
  LEFT JOIN LATERAL (
    SELECT CASE WHEN sum(n) = 0 THEN NULL ELSE round(greatest(sum(kwh), 0)::numeric, 3)::float8 END AS today_kwh
    FROM (
      SELECT coalesce(sum(h.reading_count), 0)::bigint AS n, coalesce(sum(h.kwh), 0) AS kwh
      FROM readings_hourly h
      WHERE extract(minute FROM g.midnight) = 0 AND h.device_id = d.id AND h.hour >= g.midnight
      UNION ALL
      SELECT count(*)::bigint, coalesce(sum(r.delta_kwh), 0)
      FROM readings r
      WHERE extract(minute FROM g.midnight) <> 0 AND r.device_id = d.id AND r.reading_type = '${ENERGY}' AND r.ts > g.midnight
    ) parts
  ) t ON true`

/** `%text%` for ILIKE, with the wildcard characters of the search text taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface DeviceQuery {
  skip: number
  limit: number
  search?: string
  status?: 'online' | 'offline'
  sort: DeviceSort
  order: 'asc' | 'desc'
}

export const devicesRepository = (q: Queryable) => ({
  async list(scope: TenantScope, query: DeviceQuery) {
    const where = scopeFilter(scope, 'd.group_id', 1)
    const conditions = [where.sql]
    const params = [...where.params]
    if (query.search) {
      params.push(containing(query.search))
      const p = `$${params.length}`
      conditions.push(`(d.name ILIKE ${p} OR d.serial_number ILIKE ${p} OR d.location ILIKE ${p})`)
    }
    if (query.status) {
      params.push(query.status)
      conditions.push(`d.status = $${params.length}`)
    }
    const filter = conditions.join(' AND ')
    const direction = query.order === 'desc' ? 'DESC' : 'ASC'
    const orderBy = (alias: string) =>
      `${SORTS[query.sort].replace(/\bd\./g, `${alias}.`)} ${direction} NULLS LAST, ${alias}.id ${direction}`
    const page = `(SELECT ${DEVICE_COLUMNS} FROM devices d WHERE ${filter} ORDER BY ${orderBy('d')}
                   LIMIT $${params.length + 1} OFFSET $${params.length + 2})`
    // One statement: the page with its figures, and the total as an uncorrelated subquery, read
    // from the counts the trigger keeps unless a search needs a real count.
    const counted = scopeFilter(scope, 'c.group_id', 1)
    const totalSql = query.search
      ? `SELECT count(*)::int FROM devices d WHERE ${filter}`
      : `SELECT coalesce(sum(c.${query.status ?? 'total'}), 0)::int FROM device_counts c WHERE ${counted.sql}`
    const { rows } = await q.query<DeviceRow & { total: number }>(
      `SELECT page.*, (${totalSql}) AS total
       FROM (${WITH_FIGURES(page)}) page ORDER BY ${orderBy('page')}`,
      [...params, query.limit, query.skip],
    )
    const total =
      rows[0]?.total ??
      (
        await q.query<{ n: number }>(
          `SELECT (${totalSql}) AS n`,
          query.search ? params : counted.params,
        )
      ).rows[0]!.n
    return { items: rows.map(toDevice), total, skip: query.skip, limit: query.limit }
  },

  async find(scope: TenantScope, id: string): Promise<DeviceDto | undefined> {
    const where = scopeFilter(scope, 'd.group_id', 2)
    const { rows } = await q.query<DeviceRow>(
      `${WITH_FIGURES('devices')} WHERE d.id = $1 AND ${where.sql}`,
      [id, ...where.params],
    )
    return rows[0] && toDevice(rows[0])
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

  /** Moves a device and everything recorded about it to another group (elevated users only). */
  async move(id: string, from: string, to: string): Promise<void> {
    await q.query('UPDATE devices SET group_id = $2, updated_at = now() WHERE id = $1', [id, to])
    for (const table of ['readings', 'readings_hourly', 'device_status_history', 'attachments']) {
      await q.query(`UPDATE ${table} SET group_id = $2 WHERE device_id = $1`, [id, to])
    }
    await q.query(
      'UPDATE notification_rules SET device_ids = array_remove(device_ids, $1::uuid) WHERE group_id = $2 AND $1::uuid = ANY(device_ids)',
      [id, from],
    )
  },

  /** Deletes a device with its readings, rollups, status history and attachments. */
  async remove(id: string): Promise<boolean> {
    await q.query('DELETE FROM readings WHERE device_id = $1', [id])
    await q.query('DELETE FROM readings_hourly WHERE device_id = $1', [id])
    await q.query(
      'UPDATE notification_rules SET device_ids = array_remove(device_ids, $1::uuid) WHERE $1::uuid = ANY(device_ids)',
      [id],
    )
    const { rowCount } = await q.query('DELETE FROM devices WHERE id = $1', [id])
    return rowCount > 0
  },
})
