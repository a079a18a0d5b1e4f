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
import { groups } from './fixtures'

export const northwindEnergy: EnergySettings = {
  billing_cycle_start_day: 8,
  currency: 'EUR',
  tariffs: [
    { effective_from: '2026-01-01', standing_charge_per_day: 0.45, price_per_kwh: 0.31 },
    {
      effective_from: '2026-07-01',
      standing_charge_per_day: 0.45,
      windows: [
        { days: [1, 2, 3, 4, 5], start: '07:00', end: '22:00', price_per_kwh: 0.38 },
        { days: [1, 2, 3, 4, 5], start: '00:00', end: '07:00', price_per_kwh: 0.22 },
        { days: [1, 2, 3, 4, 5], start: '22:00', end: '24:00', price_per_kwh: 0.22 },
        { days: [6, 7], start: '00:00', end: '24:00', price_per_kwh: 0.22 },
      ],
    },
  ],
  emission_factors: [{ effective_from: '2026-01-01', g_co2e_per_kwh: 380 }],
}

export const defaultEnergy: EnergySettings = {
  billing_cycle_start_day: 1,
  currency: null,
  tariffs: [],
  emission_factors: [],
}

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
