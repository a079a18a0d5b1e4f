import { randomBytes } from 'node:crypto'
import type { TenantScope } from '~/server/context.ts'
import type { Queryable } from '~/server/db/database.ts'
import { raw, sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'

export type ChannelType = 'email' | 'webhook'

interface ChannelRow {
  id: string
  group_id: string
  type: ChannelType
  name: string
  addresses: string[]
  url: string | null
  created_at: Date
  updated_at: Date
}

const COLUMNS = `c.id, c.group_id, c.type, c.name, c.addresses, c.url, c.created_at, c.updated_at`

/** `https://hooks.slack.com/…`: where a webhook goes, without the path that is its credential. */
export const redactedUrl = (url: string) => {
  try {
    return `${new URL(url).origin}/…`
  } catch {
    return '…'
  }
}

/**
 * `mailConfigured`: whether the server has SMTP_URL; the answer tells the console. `fullUrl`:
 * whether the caller may manage channels and so see a webhook's whole URL (issue 32).
 */
export const toChannel = (row: ChannelRow, mailConfigured: boolean, fullUrl = true) => ({
  ...row,
  url: row.url === null || fullUrl ? row.url : redactedUrl(row.url),
  mail_configured: row.type === 'email' ? mailConfigured : null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})

/** Standard Webhooks: `whsec_` and the base64 of the key (32 random bytes, 256 bits). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`

export interface NewChannel {
  groupId: string
  type: ChannelType
  name: string
  addresses: readonly string[]
  url: string | null
  secret: string | null
}

export interface ChannelChanges {
  name?: string
  addresses?: readonly string[]
  url?: string
  secret?: string
}

/** Notification channels, always read and written through the caller's tenant scope. */
export const channelsRepository = (q: Queryable) => ({
  async list(scope: TenantScope): Promise<ChannelRow[]> {
    const listed = sql`SELECT ${raw(COLUMNS)} FROM notification_channels c
      WHERE ${scopeCondition(scope, 'c.group_id')} ORDER BY lower(c.name), c.id`
    const { rows } = await q.query<ChannelRow>(listed.text, listed.values)
    return rows
  },

  async find(scope: TenantScope, id: string): Promise<ChannelRow | undefined> {
    const found = sql`SELECT ${raw(COLUMNS)} FROM notification_channels c
      WHERE c.id = ${id} AND ${scopeCondition(scope, 'c.group_id')}`
    const { rows } = await q.query<ChannelRow>(found.text, found.values)
    return rows[0]
  },

  /** The channel with what sending needs, its secret included (never sent to a client). */
  async findTarget(scope: TenantScope, id: string) {
    const found = sql`SELECT ${raw(COLUMNS)}, c.secret, g.name AS group_name, g.timezone AS group_timezone
      FROM notification_channels c JOIN groups g ON g.id = c.group_id
      WHERE c.id = ${id} AND ${scopeCondition(scope, 'c.group_id')}`
    const { rows } = await q.query<
      ChannelRow & { secret: string | null; group_name: string; group_timezone: string }
    >(found.text, found.values)
    return rows[0]
  },

  async create(channel: NewChannel): Promise<ChannelRow> {
    const { rows } = await q.query<ChannelRow>(
      `INSERT INTO notification_channels AS c (group_id, type, name, addresses, url, secret)
       VALUES ($1, $2, btrim($3), $4::text[], $5, $6) RETURNING ${COLUMNS}`,
      [channel.groupId, channel.type, channel.name, channel.addresses, channel.url, channel.secret],
    )
    return rows[0]!
  },

  async update(
    scope: TenantScope,
    id: string,
    changes: ChannelChanges,
  ): Promise<ChannelRow | undefined> {
    const update = sql`UPDATE notification_channels c
       SET name = coalesce(btrim(${changes.name ?? null}), c.name),
         addresses = coalesce(${changes.addresses ?? null}::text[], c.addresses),
         url = coalesce(${changes.url ?? null}, c.url),
         secret = coalesce(${changes.secret ?? null}, c.secret), updated_at = now()
       WHERE c.id = ${id} AND ${scopeCondition(scope, 'c.group_id')} RETURNING ${raw(COLUMNS)}`
    const { rows } = await q.query<ChannelRow>(update.text, update.values)
    return rows[0]
  },

  async remove(scope: TenantScope, id: string): Promise<ChannelRow | undefined> {
    const removed = sql`DELETE FROM notification_channels c
      WHERE c.id = ${id} AND ${scopeCondition(scope, 'c.group_id')} RETURNING ${raw(COLUMNS)}`
    const { rows } = await q.query<ChannelRow>(removed.text, removed.values)
    return rows[0]
  },

  /** The ids that are not channels of the group (a rule may only name its group's channels). */
  async foreign(groupId: string, channelIds: readonly string[]): Promise<string[]> {
    if (channelIds.length === 0) return []
    const { rows } = await q.query<{ id: string }>(
      `WITH mine AS (SELECT c.id FROM notification_channels c
                     WHERE c.id = ANY ($2::uuid[]) AND c.group_id = $1 FOR SHARE)
       SELECT x.id::text AS id FROM unnest($2::uuid[]) AS x(id) WHERE x.id NOT IN (SELECT id FROM mine)`,
      [groupId, channelIds],
    )
    return rows.map((r) => r.id)
  },
})
