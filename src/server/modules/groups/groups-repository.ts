import type { Queryable } from '~/server/db/database.ts'

export interface GroupDto {
  id: string
  name: string
  description: string | null
  timezone: string
  member_count: number
  device_count: number
  created_at: string
}

interface GroupRow extends Omit<GroupDto, 'created_at'> {
  created_at: Date
}

export interface GroupInput {
  name: string
  description?: string | null
  timezone?: string
}

const COLUMNS = `g.id, g.name, g.description, g.timezone, g.created_at,
  (SELECT count(*)::int FROM users u WHERE u.group_id = g.id) AS member_count,
  coalesce((SELECT c.total FROM device_counts c WHERE c.group_id = g.id), 0) AS device_count`

const toGroup = (row: GroupRow): GroupDto => ({ ...row, created_at: row.created_at.toISOString() })

export const groupsRepository = (q: Queryable) => ({
  /** Every group (onlyId null) or just one, by name. */
  async list(onlyId: string | null | undefined, page: { skip: number; limit: number }) {
    const filter = onlyId === undefined ? 'true' : 'g.id = $3'
    const params: unknown[] = [page.limit, page.skip, ...(onlyId === undefined ? [] : [onlyId])]
    const { rows } = await q.query<GroupRow>(
      `SELECT ${COLUMNS} FROM groups g WHERE ${filter} ORDER BY lower(g.name), g.id LIMIT $1 OFFSET $2`,
      params,
    )
    const { rows: count } = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM groups g WHERE ${filter.replace('$3', '$1')}`,
      onlyId === undefined ? [] : [onlyId],
    )
    return { items: rows.map(toGroup), total: count[0]!.n, skip: page.skip, limit: page.limit }
  },

  async find(id: string): Promise<GroupDto | undefined> {
    const { rows } = await q.query<GroupRow>(`SELECT ${COLUMNS} FROM groups g WHERE g.id = $1`, [
      id,
    ])
    return rows[0] && toGroup(rows[0])
  },

  async exists(id: string): Promise<boolean> {
    const { rows } = await q.query('SELECT 1 FROM groups WHERE id = $1', [id])
    return rows.length > 0
  },

  async create(input: GroupInput): Promise<GroupDto> {
    const { rows } = await q.query<{ id: string }>(
      `INSERT INTO groups (name, description, timezone) VALUES (btrim($1), $2, $3) RETURNING id`,
      [input.name, input.description ?? null, input.timezone ?? 'UTC'],
    )
    return (await this.find(rows[0]!.id))!
  },

  /** PUT: fields left out go back to their defaults. */
  async replace(id: string, input: GroupInput): Promise<GroupDto | undefined> {
    const { rowCount } = await q.query(
      `UPDATE groups SET name = btrim($2), description = $3, timezone = $4, updated_at = now() WHERE id = $1`,
      [id, input.name, input.description ?? null, input.timezone ?? 'UTC'],
    )
    return rowCount > 0 ? this.find(id) : undefined
  },

  async dependents(id: string): Promise<{ devices: number; rules: number }> {
    const { rows } = await q.query<{ devices: number; rules: number }>(
      `SELECT (SELECT count(*)::int FROM devices WHERE group_id = $1) AS devices,
              (SELECT count(*)::int FROM notification_rules WHERE group_id = $1) AS rules`,
      [id],
    )
    return rows[0]!
  },

  /** Unassigns the members (they keep their accounts) and deletes the group. */
  async remove(id: string): Promise<boolean> {
    await q.query('UPDATE users SET group_id = NULL, updated_at = now() WHERE group_id = $1', [id])
    const { rowCount } = await q.query('DELETE FROM groups WHERE id = $1', [id])
    return rowCount > 0
  },
})
