import type { Queryable } from '~/server/db/database.ts'
import type { TenantScope } from '~/server/context.ts'
import { sql } from '~/server/db/sql.ts'
import { scopeCondition } from '../scope-sql.ts'

export interface DeviceModelDto {
  id: string
  name: string
  manufacturer: string
  handlers: Array<{ name: string; description: string; measurements: string[] }>
  handler_info: Record<string, unknown> | null
}

/** The shared catalogue plus the models of the scope's group. */
export const deviceModelsRepository = (q: Queryable) => ({
  async list(scope: TenantScope): Promise<DeviceModelDto[]> {
    const listed = sql`SELECT m.id, m.name, m.manufacturer, m.handlers, m.handler_info FROM device_models m
      WHERE m.group_id IS NULL OR ${scopeCondition(scope, 'm.group_id')}
      ORDER BY lower(m.manufacturer), lower(m.name), m.id`
    const { rows } = await q.query<DeviceModelDto>(listed.text, listed.values)
    return rows
  },

  async find(scope: TenantScope, id: string): Promise<DeviceModelDto | undefined> {
    const found = sql`SELECT m.id, m.name, m.manufacturer, m.handlers, m.handler_info FROM device_models m
      WHERE m.id = ${id} AND (m.group_id IS NULL OR ${scopeCondition(scope, 'm.group_id')})`
    const { rows } = await q.query<DeviceModelDto>(found.text, found.values)
    return rows[0]
  },
})
