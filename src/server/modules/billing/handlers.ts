import { untilClientLeaves } from '~/server/lib/client-gone.ts'
import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { EnergySettings } from '~/api/__generated__/types.gen.ts'
import { isElevated } from '~/server/context.ts'
import { audit } from '~/server/lib/audit.ts'
import { forbidden, notFound } from '~/server/lib/http-errors.ts'
import { groupsRepository } from '../groups/groups-repository.ts'
import { billChanges } from '../energy/energy.ts'
import { billsRepository } from './bills-repository.ts'
import { checkedSettings, withSaved } from './settings-rules.ts'
import { energySettingsRepository } from './settings-repository.ts'

const FIELDS = [
  'billing_cycle_start_day',
  'currency',
  'credit_export_co2',
  'tariffs',
  'emission_factors',
] as const

/** The fields whose value differs between two settings. */
const changed = (before: EnergySettings, after: EnergySettings) =>
  FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))

/**
 * A group's supply contract: billing cycle, currency, whether export's CO2 is credited, tariffs
 * (with feed-in prices and demand charges) and emission factors.
 */
export const billingHandlers = {
  async getGroupEnergySettings(request, reply) {
    const actor = request.actor!
    const { id } = request.params
    if (!isElevated(actor.role) && id !== actor.groupId) throw notFound('Group')
    const settings = await request.tx(async (tx) => {
      if (!(await groupsRepository(tx).exists(id))) throw notFound('Group')
      return energySettingsRepository(tx).get(id)
    })
    return reply.code(200).send(settings)
  },

  async updateGroupEnergySettings(request, reply) {
    const actor = request.actor!
    const { id } = request.params
    if (!isElevated(actor.role) && id !== actor.groupId)
      throw forbidden('Admins can only change their own group')
    const next = checkedSettings(request.body)
    const { before, after } = await request.tx(async (tx) => {
      if (!(await groupsRepository(tx).exists(id))) throw notFound('Group')
      const repository = energySettingsRepository(tx)
      const before = await repository.get(id)
      return { before, after: await repository.put(id, withSaved(next, before)) }
    })
    const fields = changed(before, after)
    audit(
      request,
      'group.energy_settings.update',
      { group_id: id, changed: fields, before, after },
      fields.length > 0
        ? `Changed energy settings of group ${id}: ${fields.join(', ')}`
        : `Saved energy settings of group ${id} unchanged`,
    )
    return reply.code(200).send(after)
  },

  /** What saving would do to closed bills (issue 32): checked as a save, nothing written. */
  async previewGroupEnergySettings(request, reply) {
    const actor = request.actor!
    const { id } = request.params
    if (!isElevated(actor.role) && id !== actor.groupId)
      throw forbidden('Admins can only change their own group')
    const proposed = checkedSettings(request.body)
    const preview = await request.tx(async (tx) => {
      const group = await billsRepository(tx).group(id)
      if (!group) throw notFound('Group')
      const saved = await energySettingsRepository(tx).get(id)
      const q = untilClientLeaves(tx, request)
      return billChanges(q, group, saved, withSaved(proposed, saved), new Date())
    })
    return reply.code(200).send(preview)
  },
} satisfies Pick<
  RouteHandlers,
  'getGroupEnergySettings' | 'updateGroupEnergySettings' | 'previewGroupEnergySettings'
>
