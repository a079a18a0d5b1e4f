import type { Tx } from '~/server/db/database.ts'
import { isElevated, type Actor, type TenantScope } from '~/server/context.ts'
import { forbidden, HttpError, type ValidationIssue } from '~/server/lib/http-errors.ts'
import { deviceModelsRepository, type DeviceModelDto } from './device-models-repository.ts'
import { devicesRepository, type DeviceDto, type DeviceFields } from './devices-repository.ts'

export interface BatchItem extends DeviceFields {
  group_id?: string | null
}

export const serialTaken = (serial: string) =>
  `A device with serial number ${serial} already exists`

/** Why a device's model or handler is not acceptable, or undefined when it is. */
export function modelProblem(
  model: DeviceModelDto | undefined,
  fields: DeviceFields,
): { field: 'device_model_id' | 'handler'; msg: string } | undefined {
  if (!fields.device_model_id) {
    return fields.handler
      ? { field: 'handler', msg: 'A handler needs a device_model_id' }
      : undefined
  }
  if (!model) return { field: 'device_model_id', msg: 'Device model not found' }
  if (fields.handler && !model.handlers.some((h) => h.name === fields.handler)) {
    const names = model.handlers.map((h) => h.name).join(', ')
    return { field: 'handler', msg: `Handler must be one of: ${names}` }
  }
  return undefined
}

/** Each item's group: the admin's own; for elevated users the item's, else the group header's. */
function groupsOf(actor: Actor, scope: TenantScope, items: BatchItem[]): Array<string | null> {
  if (!isElevated(actor.role)) {
    if (!actor.groupId || items.some((i) => i.group_id && i.group_id !== actor.groupId)) {
      throw forbidden('Admins can only register devices in their own group')
    }
    return items.map(() => actor.groupId)
  }
  const fallback = scope.all ? null : scope.groupId
  // Lower case, as the database spells uuids: the checks below compare them as text.
  return items.map((i) => (i.group_id ?? fallback)?.toLowerCase() ?? null)
}

/**
 * Every problem of every item, checked before anything is written: group, model and handler,
 * serial numbers repeated in the batch or already registered in the item's group.
 */
async function problems(tx: Tx, items: BatchItem[], groups: Array<string | null>) {
  const issues: ValidationIssue[] = []
  const at = (index: number, field: string, msg: string, type = 'value_error') =>
    issues.push({ loc: ['body', 'items', index, field], msg, type })
  const known = new Set(
    (
      await tx.query<{ id: string }>('SELECT id FROM groups WHERE id = ANY($1::uuid[])', [
        [...new Set(groups.filter((g) => g !== null))],
      ])
    ).rows.map((r) => r.id),
  )
  const models = new Map<string, DeviceModelDto | undefined>()
  const firstOf = new Map<string, number>()
  const taken = await devicesRepository(tx).takenSerials(
    items.flatMap((item, i) =>
      groups[i] ? [{ groupId: groups[i], serial: item.serial_number }] : [],
    ),
  )
  for (const [i, item] of items.entries()) {
    const groupId = groups[i]
    if (!groupId) {
      at(i, 'group_id', 'Choose a group: group_id or the X-Group-ID header', 'missing')
      continue
    }
    if (!known.has(groupId)) {
      at(i, 'group_id', 'Group not found')
      continue
    }
    const key = `${groupId}\n${item.serial_number}`
    const first = firstOf.get(key)
    if (first !== undefined)
      at(i, 'serial_number', `Serial number repeats item ${first}`, 'duplicate')
    else firstOf.set(key, i)
    if (taken.has(key)) at(i, 'serial_number', serialTaken(item.serial_number), 'duplicate')
    const modelKey = `${groupId}\n${item.device_model_id}`
    if (item.device_model_id && !models.has(modelKey)) {
      const scope: TenantScope = { all: false, groupId }
      models.set(modelKey, await deviceModelsRepository(tx).find(scope, item.device_model_id))
    }
    const problem = modelProblem(models.get(modelKey), item)
    if (problem) at(i, problem.field, problem.msg)
  }
  return issues
}

/**
 * Registers every item or none (one transaction). A failing item answers 422 with an issue per
 * failing field at `["body", "items", index, field]`, so the client can point at each row.
 */
export async function registerBatch(
  tx: Tx,
  actor: Actor,
  scope: TenantScope,
  items: BatchItem[],
): Promise<DeviceDto[]> {
  const groups = groupsOf(actor, scope, items)
  const issues = await problems(tx, items, groups)
  if (issues.length > 0) throw new HttpError(422, issues, 'validation_error')
  const devices = devicesRepository(tx)
  const ids = await devices.createMany(items.map((item, i) => ({ ...item, groupId: groups[i]! })))
  return devices.findMany(ids)
}
