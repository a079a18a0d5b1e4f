import { describe, expect, it } from 'vitest'
import { northwindEnergy } from '~/fixtures/energy'
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
} from './energy-settings-rules'

const empty: EnergySettingsValues = { startDay: 1, currency: '', tariffs: [], factors: [] }

describe('energy settings drafts', () => {
  it('round-trip the API’s settings', () => {
    expect(toSettings(toValues(northwindEnergy))).toEqual(northwindEnergy)
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
    const backwards = [{ days: [6, 7], start: '22:00', end: '07:00', price: 0.2 }]
    expect(windowProblems(backwards, 'w')).toEqual({
      'w.0.end':
        'Window 1 (Sat, Sun 22:00-07:00) ends before it starts: write a window across midnight as two',
    })
  })

  it('name every field the server’s loc can point at', () => {
    const names = energyFieldNames(toValues(northwindEnergy))
    expect(names).toContain('tariffs.1.windows.3.end')
    expect(names).toContain('emission_factors.0.g_co2e_per_kwh')
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

  it('cannot say "no price from then" after a saved one', () => {
    expect(tariffsFrom(saved, [flat('2027-01-01', 0.5)], '2026-11-08')).toBeUndefined()
    // Nothing saved before the date: the proposal stands as it is.
    expect(tariffsFrom([], [flat('2027-01-01', 0.5)], '2026-11-08')).toEqual([
      flat('2027-01-01', 0.5),
    ])
  })
})
