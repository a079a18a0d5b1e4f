/**
 * Groups' energy settings (issue 26): Northwind's bills start on the 8th, in euros, with a
 * time-of-use tariff and an emission factor; other groups have the defaults.
 */
import { HttpResponse } from 'msw'
import type { EnergySettings } from '../api'
import {
  handleGetGroup,
  handleGetGroupEnergySettings,
  handleUpdateGroupEnergySettings,
} from '../api/__generated__/msw.gen'
import { defaultEnergy, northwindEnergy } from '../fixtures/energy'
import { groups } from './fixtures'

export interface BillingMockOptions {
  /** Every save answers 422 with this issue, as the server words one (loc in the body). */
  refuse?: { loc: Array<string | number>; msg: string }
}

/**
 * A group by id, and its energy settings (`settings` for Northwind Energy, the defaults for the
 * others); a save keeps what was sent, per group, for this set of handlers only.
 */
export const billingHandlers = (
  settings: EnergySettings = northwindEnergy,
  { refuse }: BillingMockOptions = {},
) => {
  const saved = new Map<string, EnergySettings>([[groups[0]!.id, settings]])
  return [
    handleGetGroup(({ params }) => {
      const group = groups.find((g) => g.id === params.id)
      return group
        ? HttpResponse.json(group)
        : HttpResponse.json({ detail: 'Group not found' }, { status: 404 })
    }),
    handleGetGroupEnergySettings(({ params }) =>
      HttpResponse.json(saved.get(String(params.id)) ?? defaultEnergy),
    ),
    handleUpdateGroupEnergySettings(async ({ params, request }) => {
      if (refuse)
        return HttpResponse.json(
          { detail: [{ loc: ['body', ...refuse.loc], msg: refuse.msg, type: 'value_error' }] },
          { status: 422 },
        )
      const body = (await request.json()) as EnergySettings
      saved.set(String(params.id), body)
      return HttpResponse.json(body)
    }),
  ]
}
