/**
 * Groups' energy settings (issue 26): Northwind's bills start on the 8th, in euros, with a
 * time-of-use tariff and an emission factor; other groups have the defaults.
 */
import { HttpResponse } from 'msw'
import type {
  BillChange,
  EnergySettings,
  EnergySettingsInput,
  EnergySettingsPreview,
  Tariff,
} from '../api'
import {
  handleGetGroup,
  handleGetGroupEnergySettings,
  handlePreviewGroupEnergySettings,
  handleUpdateGroupEnergySettings,
} from '../api/__generated__/msw.gen'
import { defaultEnergy, northwindEnergy } from '../fixtures/energy'
import { groups } from './fixtures'

/** The running bill of the mocks' groups began on 8 Nov 2026 (Northwind's cycle on the 8th). */
export const RUNNING_BILL_START = '2026-11-08'

/** Northwind's two last closed bills, priced at its saved tariffs and at a dearer peak. */
export const rePricedBills: BillChange[] = [
  {
    start: '2026-09-08T00:00:00+02:00',
    end: '2026-10-08T00:00:00+02:00',
    before: {
      energy_charge: 2083.32,
      feed_in_credit: 0,
      demand_charge: 0,
      standing_charge: 13.5,
      total: 2096.82,
    },
    after: {
      energy_charge: 2285.1,
      feed_in_credit: 0,
      demand_charge: 0,
      standing_charge: 13.5,
      total: 2298.6,
    },
  },
  {
    start: '2026-10-08T00:00:00+02:00',
    end: '2026-11-08T00:00:00+01:00',
    before: {
      energy_charge: 2150.4,
      feed_in_credit: 0,
      demand_charge: 0,
      standing_charge: 13.95,
      total: 2164.35,
    },
    after: {
      energy_charge: 2358.7,
      feed_in_credit: 0,
      demand_charge: 0,
      standing_charge: 13.95,
      total: 2372.65,
    },
  },
]

/**
 * The same bills of a two-way meter under the demo's contract (issue 35): export credited at
 * €0.08/kWh and a capacity charge, before; after, a dearer peak and a feed-in price per window.
 * Each total is energy − feed-in credit + demand + standing charges.
 */
export const twoWayRePricedBills: BillChange[] = [
  {
    start: '2026-09-08T00:00:00+02:00',
    end: '2026-10-08T00:00:00+02:00',
    before: {
      energy_charge: 2083.32,
      feed_in_credit: 32.84,
      demand_charge: 26.6,
      standing_charge: 13.5,
      total: 2090.58,
    },
    after: {
      energy_charge: 2285.1,
      feed_in_credit: 36.95,
      demand_charge: 26.6,
      standing_charge: 13.5,
      total: 2288.25,
    },
  },
  {
    start: '2026-10-08T00:00:00+02:00',
    end: '2026-11-08T00:00:00+01:00',
    before: {
      energy_charge: 2150.4,
      feed_in_credit: 18.2,
      demand_charge: 26.6,
      standing_charge: 13.95,
      total: 2172.75,
    },
    after: {
      energy_charge: 2358.7,
      feed_in_credit: 20.48,
      demand_charge: 26.6,
      standing_charge: 13.95,
      total: 2378.77,
    },
  },
]

export interface BillingMockOptions {
  /** Every save (and its preview) answers 422 with this issue, as the server words one. */
  refuse?: { loc: Array<string | number>; msg: string }
  /** The closed bills a change re-prices (as the server would list them). @default rePricedBills */
  bills?: BillChange[]
  /** Told each saved body (a play checks what was sent). */
  onSave?: (body: EnergySettingsInput) => void
}

const key = (t: Tariff) => JSON.stringify(t)

/**
 * What the server's preview answers, roughly: a change that only touches tariffs from the running
 * bill on re-prices nothing; any other change re-prices `bills`; a new start day cuts them anew
 * (`after` null); a new currency shows them in it.
 */
export function previewOf(
  saved: EnergySettings,
  body: EnergySettingsInput,
  bills: BillChange[],
  timezone = 'Europe/Berlin',
): EnergySettingsPreview {
  const before = new Set(saved.tariffs.map(key))
  const after = new Set(body.tariffs.map(key))
  const removed = saved.tariffs.filter((t) => !after.has(key(t)))
  const added = body.tariffs.filter((t) => !before.has(key(t)))
  const recut = saved.billing_cycle_start_day !== body.billing_cycle_start_day
  const relabelled = saved.currency !== body.currency && saved.tariffs.length > 0
  const onlyAhead =
    removed.length === 0 && added.every((t) => t.effective_from >= RUNNING_BILL_START)
  return {
    timezone,
    current_cycle_start: RUNNING_BILL_START,
    recut,
    currency_before: saved.currency,
    currency_after: body.currency,
    bills:
      onlyAhead && !recut && !relabelled
        ? []
        : bills.map((b) => ({
            ...b,
            after: recut ? null : relabelled && onlyAhead ? b.before : b.after,
          })),
  }
}

const refusal = ({ loc, msg }: NonNullable<BillingMockOptions['refuse']>) =>
  HttpResponse.json(
    { detail: [{ loc: ['body', ...loc], msg, type: 'value_error' }] },
    { status: 422 },
  )

/**
 * A group by id, and its energy settings (`settings` for Northwind Energy, the defaults for the
 * others); a save keeps what was sent, per group, for this set of handlers only; a preview
 * answers `previewOf` the saved settings.
 */
export const billingHandlers = (
  settings: EnergySettings = northwindEnergy,
  { refuse, bills = rePricedBills, onSave }: BillingMockOptions = {},
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
    handlePreviewGroupEnergySettings(async ({ params, request }) => {
      if (refuse) return refusal(refuse)
      const body = (await request.json()) as EnergySettingsInput
      const id = String(params.id)
      const zone = groups.find((g) => g.id === id)?.timezone ?? undefined
      return HttpResponse.json(previewOf(saved.get(id) ?? defaultEnergy, body, bills, zone))
    }),
    handleUpdateGroupEnergySettings(async ({ params, request }) => {
      if (refuse) return refusal(refuse)
      const body = (await request.json()) as EnergySettingsInput
      const id = String(params.id)
      // As the server: a save that leaves credit_export_co2 out keeps the saved one.
      const credit = (saved.get(id) ?? defaultEnergy).credit_export_co2
      const kept = { ...body, credit_export_co2: body.credit_export_co2 ?? credit }
      saved.set(id, kept)
      onSave?.(body)
      return HttpResponse.json(kept)
    }),
  ]
}
