import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { Device } from '~/api/__generated__/types.gen.ts'
import type { Tx } from '~/server/db/database.ts'
import { isElevated, type Actor, type TenantScope } from '~/server/context.ts'
import { conflict, forbidden, invalid, notFound } from '~/server/lib/http-errors.ts'
import { isUniqueViolation } from '~/server/lib/pg-errors.ts'
import { groupsRepository } from '../groups/groups-repository.ts'
import { modelProblem, registerBatch, serialTaken } from './device-batch.ts'
import { deviceModelsRepository } from './device-models-repository.ts'
import {
  deviceListStatement,
  devicesRepository,
  withTodayKwh,
  type DeviceFields,
} from './devices-repository.ts'
import { zoneOf } from '~/server/lib/timezones.ts'
import { audit } from '~/server/lib/audit.ts'
import { removeDeletedFiles } from '~/server/storage/file-sweep.ts'

/** A taken serial number as a 409 with `detail`; anything else passes through. */
const serialClash = (detail: string) => (error: unknown) =>
  Promise.reject(isUniqueViolation(error, 'devices_serial_key') ? conflict(detail) : error)

/** The group a new device goes to: the admin's own; for elevated users the body's or the header's. */
function targetGroup(
  actor: Actor,
  scope: TenantScope,
  requested: string | null | undefined,
): string {
  if (!isElevated(actor.role)) {
    if (!actor.groupId || (requested && requested !== actor.groupId)) {
      throw forbidden('Admins can only register devices in their own group')
    }
    return actor.groupId
  }
  const groupId = requested ?? (scope.all ? null : scope.groupId)
  if (!groupId)
    throw invalid(
      ['body', 'group_id'],
      'Choose a group: group_id or the X-Group-ID header',
      'missing',
    )
  return groupId
}

/** The model must exist for the tenant, and the handler must be one of its handlers. */
async function checkModel(tx: Tx, scope: TenantScope, fields: DeviceFields): Promise<void> {
  const model = fields.device_model_id
    ? await deviceModelsRepository(tx).find(scope, fields.device_model_id)
    : undefined
  const problem = modelProblem(model, fields)
  if (problem) throw invalid(['body', problem.field], problem.msg)
}

export const devicesHandlers = {
  async listDeviceModels(request, reply) {
    return reply
      .code(200)
      .send({ items: await request.tx((tx) => deviceModelsRepository(tx).list(request.scope)) })
  },

  async listDevices(request, reply) {
    const q = request.query ?? {}
    const query = {
      skip: q.skip ?? 0,
      limit: q.limit ?? 100,
      search: q.search,
      status: q.status,
      ids: q.device_ids,
      sort: q.sort ?? 'name',
      order: q.order ?? 'asc',
    }
    const tz = zoneOf(q.timezone)
    const page = await request.tx(async (tx) => {
      const { sql, params } = deviceListStatement(request.scope, query)
      const { rows } = await tx.query<{ body: { items: Device[]; total: number } }>(sql, params)
      const { items, total } = rows[0]!.body
      return { items: await withTodayKwh(tx, items, tz), total }
    })
    return reply.code(200).send({ ...page, skip: query.skip, limit: query.limit })
  },

  async getDevice(request, reply) {
    const tz = zoneOf(request.query?.timezone)
    const device = await request.tx((tx) =>
      devicesRepository(tx).find(request.scope, request.params.id, tz),
    )
    if (!device) throw notFound('Device')
    return reply.code(200).send(device)
  },

  async createDevice(request, reply) {
    const actor = request.actor!
    const groupId = targetGroup(actor, request.scope, request.body.group_id)
    const scope: TenantScope = { all: false, groupId }
    const run = async (tx: Tx) => {
      if (isElevated(actor.role) && !(await groupsRepository(tx).exists(groupId))) {
        throw invalid(['body', 'group_id'], 'Group not found')
      }
      await checkModel(tx, scope, request.body)
      const id = await devicesRepository(tx).create(groupId, request.body)
      return (await devicesRepository(tx).find(scope, id))!
    }
    const device = await (
      isElevated(actor.role) ? request.txAs(groupId, run) : request.tx(run)
    ).catch(serialClash(serialTaken(request.body.serial_number)))
    const created = { device_id: device.id, group_id: groupId }
    audit(request, 'device.create', created, `Registered device ${device.serial_number}`)
    return reply.code(201).send(device)
  },

  async createDevicesBatch(request, reply) {
    const actor = request.actor!
    const { items } = request.body
    const run = (tx: Tx) => registerBatch(tx, actor, request.scope, items)
    const devices = await (
      isElevated(actor.role) ? request.txAs('all', run) : request.tx(run)
    ).catch(serialClash('A serial number of this batch was registered meanwhile'))
    const created = { device_ids: devices.map((d) => d.id), count: devices.length }
    audit(request, 'device.create_batch', created, `Registered ${devices.length} devices`)
    return reply.code(201).send({ items: devices })
  },

  async updateDevice(request, reply) {
    const { id } = request.params
    const current = await request.tx((tx) => devicesRepository(tx).find(request.scope, id))
    if (!current) throw notFound('Device')
    const groupId = request.body.group_id ?? current.group_id
    const moving = groupId !== current.group_id
    if (moving && !isElevated(request.actor!.role))
      throw forbidden('Only developers and superusers can move devices')
    const run = async (tx: Tx) => {
      const devices = devicesRepository(tx)
      if (moving) {
        if (!(await groupsRepository(tx).exists(groupId)))
          throw invalid(['body', 'group_id'], 'Group not found')
        await devices.move(id, groupId)
      }
      await checkModel(tx, { all: false, groupId }, request.body)
      await devices.replace(id, request.body)
      return (await devices.find({ all: false, groupId }, id))!
    }
    const device = await (moving ? request.txAs('all', run) : request.tx(run)).catch(
      serialClash(serialTaken(request.body.serial_number)),
    )
    const changed = {
      device_id: id,
      group_id: groupId,
      moved_from: moving ? current.group_id : undefined,
    }
    audit(request, 'device.update', changed, `Updated device ${device.serial_number}`)
    return reply.code(200).send(device)
  },

  async deleteDevice(request, reply) {
    const { id } = request.params
    const removed = await request.tx(async (tx) => {
      const device = await devicesRepository(tx).find(request.scope, id)
      if (device) await devicesRepository(tx).remove(id)
      return device
    })
    if (!removed) throw notFound('Device')
    await removeDeletedFiles(request)
    const deleted = { device_id: id, group_id: removed.group_id }
    audit(request, 'device.delete', deleted, `Deleted device ${removed.serial_number}`)
    return reply.code(204).send()
  },
} satisfies Pick<
  RouteHandlers,
  | 'listDeviceModels'
  | 'listDevices'
  | 'getDevice'
  | 'createDevice'
  | 'createDevicesBatch'
  | 'updateDevice'
  | 'deleteDevice'
>
