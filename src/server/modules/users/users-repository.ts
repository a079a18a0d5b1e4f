import type { Queryable, Role } from '~/server/db/database.ts'
import type { TenantScope } from '~/server/context.ts'
import { USER_COLUMNS, type UserRow } from '../auth/sessions-repository.ts'
import { containing } from '~/server/lib/sql-text.ts'
import { raw, sql, type Sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'

export interface UserDto {
  id: string
  email: string
  full_name: string | null
  role: Role
  group_id: string | null
  created_at: string
}

export const toUser = (row: UserRow): UserDto => ({
  id: row.id,
  email: row.email,
  full_name: row.full_name,
  role: row.role,
  group_id: row.group_id,
  created_at: row.created_at.toISOString(),
})

export interface NewUser {
  email: string
  fullName: string
  passwordHash: string
  role: Role
  groupId: string | null
}

export interface UserChanges {
  email?: string
  fullName?: string
  passwordHash?: string
  role?: Role
  groupId?: string | null
}

export const usersRepository = (q: Queryable) => ({
  /** One page ordered by e-mail; `search` keeps names and e-mails containing it (any case). */
  async list(scope: TenantScope, page: { skip: number; limit: number; search?: string }) {
    const listed = sql`SELECT ${raw(USER_COLUMNS)}, count(*) OVER () AS total FROM users u
       WHERE ${this.filter(scope, page.search)} ORDER BY u.email
       LIMIT ${page.limit} OFFSET ${page.skip}`
    const { rows } = await q.query<UserRow & { total: number }>(listed.text, listed.values)
    const total = rows[0]?.total ?? (page.skip > 0 ? await this.count(scope, page.search) : 0)
    return { items: rows.map(toUser), total, skip: page.skip, limit: page.limit }
  },

  async count(scope: TenantScope, search?: string): Promise<number> {
    const counted = sql`SELECT count(*)::int AS n FROM users u WHERE ${this.filter(scope, search)}`
    const { rows } = await q.query<{ n: number }>(counted.text, counted.values)
    return rows[0]!.n
  },

  /** The users in the scope, and with `search` only those whose name or e-mail contains it. */
  filter(scope: TenantScope, search: string | undefined): Sql {
    const where = scopeCondition(scope, 'u.group_id')
    if (!search) return where
    const p = containing(search)
    return sql`${where} AND (u.email ILIKE ${p} OR u.full_name ILIKE ${p})`
  },

  /** A user in the scope, or the actor's own row. */
  async find(scope: TenantScope, id: string, selfId?: string): Promise<UserRow | undefined> {
    const found = sql`SELECT ${raw(USER_COLUMNS)} FROM users u
      WHERE u.id = ${id} AND (${scopeCondition(scope, 'u.group_id')} OR u.id = ${selfId ?? null})`
    const { rows } = await q.query<UserRow>(found.text, found.values)
    return rows[0]
  },

  /** Whether an account in the scope has this e-mail address (any case). */
  async hasEmail(scope: TenantScope, email: string): Promise<boolean> {
    const found = sql`SELECT 1 FROM users u
      WHERE lower(u.email) = lower(${email}) AND ${scopeCondition(scope, 'u.group_id')}`
    const { rows } = await q.query(found.text, found.values)
    return rows.length > 0
  },

  async create(user: NewUser): Promise<UserRow> {
    const { rows } = await q.query<UserRow>(
      `INSERT INTO users AS u (email, full_name, password_hash, role, group_id)
       VALUES (lower($1), $2, $3, $4, $5) RETURNING ${USER_COLUMNS}`,
      [user.email, user.fullName, user.passwordHash, user.role, user.groupId],
    )
    return rows[0]!
  },

  async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
    const { rows } = await q.query<UserRow>(
      `UPDATE users AS u SET
         email = coalesce(lower($2), email), full_name = coalesce($3, full_name),
         password_hash = coalesce($4, password_hash), role = coalesce($5, role),
         group_id = CASE WHEN $6 THEN $7::uuid ELSE group_id END, updated_at = now()
       WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [
        id,
        changes.email ?? null,
        changes.fullName ?? null,
        changes.passwordHash ?? null,
        changes.role ?? null,
        'groupId' in changes,
        changes.groupId ?? null,
      ],
    )
    return rows[0]
  },

  async remove(id: string): Promise<boolean> {
    const { rowCount } = await q.query('DELETE FROM users WHERE id = $1', [id])
    return rowCount > 0
  },

  async members(groupId: string): Promise<UserDto[]> {
    const { rows } = await q.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users u WHERE u.group_id = $1 ORDER BY u.email`,
      [groupId],
    )
    return rows.map(toUser)
  },
})
