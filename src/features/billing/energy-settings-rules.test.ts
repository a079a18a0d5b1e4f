import { describe, expect, it } from 'vitest'
import { northwindEnergy, twoWayEnergy } from '~/fixtures/energy'
import {
  checkEnergySettings,
  energyFieldNames,
  newTariff,
  peakOffPeakWindows,
  tariffsFrom,
  toSettings,
  toValues,
  windowProblems,
  type EnergySettingsValues,
  type TariffDraft,
} from './energy-settings-rules'

const empty: EnergySettingsValues = {
  startDay: 1,
  currency: '',
  tariffs: [],
  factors: [],
  creditExportCo2: false,
}

describe('energy settings drafts', () => {
  it('round-trip the API’s settings', () => {
    expect(toSettings(toValues(northwindEnergy))).toEqual(northwindEnergy)
    expect(toSettings(toValues(twoWayEnergy))).toEqual(twoWayEnergy)
  })

  it('send no currency as null, and a lower-case code in capitals', () => {
    expect(toSettings(empty).currency).toBeNull()
    expect(toSettings({ ...empty, currency: ' eur ' }).currency).toBe('EUR')
  })

  it('pass the defaults and the demo group’s settings', () => {
    expect(checkEnergySettings(empty)).toEqual({})
    expect(checkEnergySettings(toValues(northwindEnergy))).toEqual({})
  })
})

describe('client checks mirror the server’s', () => {
  const flat = { ...newTariff('2026-01-01'), price: 0.31 }

  it('keep the start day to 1-28 and the currency to ISO 4217', () => {
    expect(checkEnergySettings({ ...empty, startDay: 29 })).toEqual({
      billing_cycle_start_day: 'Choose a day from 1 to 28: every month has it.',
    })
    expect(checkEnergySettings({ ...empty, currency: 'XYZ' }).currency).toBe(
      'Unknown ISO 4217 currency: XYZ',
    )
    expect(checkEnergySettings({ ...empty, tariffs: [flat] }).currency).toBe(
      'Choose the currency of the tariffs',
    )
  })

  it('refuse two tariffs from the same date and a missing price', () => {
    const problems = checkEnergySettings({
      ...empty,
      currency: 'EUR',
      tariffs: [flat, { ...flat, price: NaN }],
    })
    expect(problems).toEqual({
      'tariffs.1.effective_from': 'Entries 1 and 2 both take effect on 2026-01-01',
      'tariffs.1.price_per_kwh': 'Enter a price per kWh.',
    })
  })

  it('refuse overlapping windows, naming both, the day and the times', () => {
    const windows = peakOffPeakWindows(0.38, 0.22)
    windows[1] = { ...windows[1]!, end: '08:00' }
    expect(windowProblems(windows, 'tariffs.0.windows')).toEqual({
      'tariffs.0.windows.1':
        'Windows 1 (Mon-Fri 07:00-22:00) and 2 (Mon-Fri 00:00-08:00) overlap on Monday from 07:00 to 08:00',
    })
  })

  it('refuse a week left partly without a price, and a window ending before it starts', () => {
    const windows = peakOffPeakWindows(0.38, 0.22).slice(0, 3)
    expect(windowProblems(windows, 'w')).toEqual({
      w: 'The windows leave Saturday 00:00 to 24:00 without a price: every half hour of the week needs exactly one',
    })
    const backwards = [{ days: [6, 7], start: '22:00', end: '07:00', price: 0.2, feedIn: NaN }]
    expect(windowProblems(backwards, 'w')).toEqual({
      'w.0.end':
        'Window 1 (Sat, Sun 22:00-07:00) ends before it starts: write a window across midnight as two',
    })
  })

  it('name every field the server’s loc can point at', () => {
    const names = energyFieldNames(toValues(northwindEnergy))
    expect(names).toContain('tariffs.1.windows.3.end')
    expect(names).toContain('emission_factors.0.g_co2e_per_kwh')
    expect(names).toContain('tariffs.0.feed_in_price_per_kwh')
    expect(names).toContain('tariffs.1.windows.2.feed_in_price_per_kwh')
    expect(names).toContain('tariffs.0.demand_charge.floor_kw')
    expect(names).toContain('credit_export_co2')
  })
})

describe('feed-in prices and demand charges (issue 35)', () => {
  const values = { ...toValues(twoWayEnergy) }
  const [flat, tou] = values.tariffs as [TariffDraft, TariffDraft]
  const check = (tariffs: TariffDraft[]) => checkEnergySettings({ ...values, tariffs })

  it('pass the two-way settings, and send nothing of issue 35 for a tariff without it', () => {
    expect(check([flat, tou])).toEqual({})
    const plain = { ...flat, feedInKind: 'none' as const, demand: { ...flat.demand, on: false } }
    expect(toSettings({ ...values, tariffs: [plain] }).tariffs[0]).toEqual({
      effective_from: '2026-01-01',
      standing_charge_per_day: 0.45,
      price_per_kwh: 0.31,
    })
  })

  it('ask for the feed-in price of the tariff, or of each window', () => {
    expect(check([{ ...flat, feedIn: NaN }, tou])).toEqual({
      'tariffs.0.feed_in_price_per_kwh': 'Enter a feed-in price per kWh.',
    })
    const windows = tou.windows.map((w, i) => (i === 2 ? { ...w, feedIn: NaN } : w))
    expect(check([flat, { ...tou, windows }])).toEqual({
      'tariffs.1.windows.2.feed_in_price_per_kwh': 'Enter a feed-in price per kWh.',
    })
  })

  it('send a flat tariff’s feed-in price once, even when its windows had their own', () => {
    // Time of use with prices per window, switched to one price per kWh.
    const switched = { ...tou, kind: 'flat' as const, price: 0.3, feedIn: 0.05 }
    const sent = toSettings({ ...values, tariffs: [switched] }).tariffs[0]!
    expect(sent).toMatchObject({ price_per_kwh: 0.3, feed_in_price_per_kwh: 0.05 })
    expect(sent.windows).toBeUndefined()
  })

  it('ask for the price per kW, and take an empty floor as none', () => {
    const demand = (change: Partial<TariffDraft['demand']>) => ({
      ...flat,
      demand: { ...flat.demand, ...change },
    })
    expect(check([demand({ price: NaN }), tou])).toEqual({
      'tariffs.0.demand_charge.price_per_kw': 'Enter a price per kW.',
    })
    expect(check([demand({ floor: -1 }), tou])).toEqual({
      'tariffs.0.demand_charge.floor_kw':
        'Enter a floor from 0 to 1,000,000 kW, or leave it empty.',
    })
    const noFloor = toSettings({ ...values, tariffs: [demand({ floor: NaN })] }).tariffs[0]!
    expect(noFloor.demand_charge).toEqual({ price_per_kw: 4.36, basis: 'rolling_mean_12' })
  })

  it('send whether exported CO2 is credited', () => {
    expect(toSettings(values).credit_export_co2).toBe(true)
    expect(toSettings({ ...values, creditExportCo2: false }).credit_export_co2).toBe(false)
  })
})

describe('new prices from a date (issue 32)', () => {
  const flat = (effective_from: string, price_per_kwh: number) => ({
    effective_from,
    standing_charge_per_day: 0.45,
    price_per_kwh,
  })
  const saved = [flat('2026-01-01', 0.31), flat('2026-07-01', 0.33)]

  it('keep the saved tariffs before the date and start the proposal’s price on it', () => {
    const proposed = [flat('2026-01-01', 0.31), flat('2026-07-01', 0.4)]
    expect(tariffsFrom(saved, proposed, '2026-11-08')).toEqual([...saved, flat('2026-11-08', 0.4)])
  })

  it('keep the proposal’s later tariffs, and add none where the price stays the same', () => {
    const proposed = [flat('2026-01-01', 0.25), flat('2026-07-01', 0.33), flat('2027-01-01', 0.5)]
    expect(tariffsFrom(saved, proposed, '2026-11-08')).toEqual([...saved, flat('2027-01-01', 0.5)])
  })

  it('compare windows whatever their days’ order', () => {
    const window = { days: [2, 1], start: '00:00', end: '24:00', price_per_kwh: 0.2 }
    const tou = (effective_from: string, days: number[]) => ({
      effective_from,
      standing_charge_per_day: 0,
      windows: [{ ...window, days }],
    })
    expect(
      tariffsFrom([tou('2026-01-01', [1, 2])], [tou('2026-01-01', [2, 1])], '2026-03-01'),
    ).toEqual([tou('2026-01-01', [1, 2])])
  })

  it('start a new feed-in price or demand charge on the date as new prices', () => {
    const paid = { ...flat('2026-07-01', 0.33), feed_in_price_per_kwh: 0.05 }
    expect(tariffsFrom(saved, [saved[0]!, paid], '2026-11-08')).toEqual([
      ...saved,
      { ...paid, effective_from: '2026-11-08' },
    ])
    const demand = {
      ...flat('2026-07-01', 0.33),
      demand_charge: { price_per_kw: 4, basis: 'bill_peak' as const },
    }
    expect(tariffsFrom(saved, [saved[0]!, demand], '2026-11-08')).toEqual([
      ...saved,
      { ...demand, effective_from: '2026-11-08' },
    ])
    // No floor and a floor of 0 are the same charge.
    const floored = { ...demand, demand_charge: { ...demand.demand_charge, floor_kw: 0 } }
    expect(tariffsFrom([saved[0]!, demand], [saved[0]!, floored], '2026-11-08')).toEqual([
      saved[0]!,
      demand,
    ])
  })

  it('cannot say "no price from then" after a saved one', () => {
    expect(tariffsFrom(saved, [flat('2027-01-01', 0.5)], '2026-11-08')).toBeUndefined()
    // Nothing saved before the date: the proposal stands as it is.
    expect(tariffsFrom([], [flat('2027-01-01', 0.5)], '2026-11-08')).toEqual([
      flat('2027-01-01', 0.5),
    ])
  })
})
