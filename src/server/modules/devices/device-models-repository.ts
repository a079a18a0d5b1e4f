import type { Queryable } from '~/server/db/database.ts'
import type { TenantScope } from '~/server/context.ts'
import { scopeFilter } from '../scope-sql.ts'

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
    const where = scopeFilter(scope, 'm.group_id', 1)
    const { rows } = await q.query<DeviceModelDto>(
      `SELECT m.id, m.name, m.manufacturer, m.handlers, m.handler_info FROM device_models m
       WHERE m.group_id IS NULL OR ${where.sql} ORDER BY lower(m.manufacturer), lower(m.name), m.id`,
      where.params,
    )
    return rows
  },

  async find(scope: TenantScope, id: string): Promise<DeviceModelDto | undefined> {
    const where = scopeFilter(scope, 'm.group_id', 2)
    const { rows } = await q.query<DeviceModelDto>(
      `SELECT m.id, m.name, m.manufacturer, m.handlers, m.handler_info FROM device_models m
       WHERE m.id = $1 AND (m.group_id IS NULL OR ${where.sql})`,
      [id, ...where.params],
    )
    return rows[0]
  },
})
