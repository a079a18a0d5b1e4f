import { describe, expect, it } from 'vitest'
import type { EnergyReportDevice } from '~/api'
import { highestPeak } from './bill-peak'

const device = (id: string, fields: Partial<EnergyReportDevice> = {}): EnergyReportDevice => ({
  device_id: id,
  device_name: `Meter ${id}`,
  current_kwh: 10,
  previous_kwh: 9,
  absolute_change: 1,
  percent_change: 11.1,
  previous_full_kwh: 9,
  current_cost: null,
  previous_cost: null,
  current_co2_kg: null,
  previous_co2_kg: null,
  current_cost_breakdown: null,
  previous_cost_breakdown: null,
  current_export_kwh: null,
  previous_export_kwh: null,
  current_net_kwh: null,
  previous_net_kwh: null,
  current_peak_kw: null,
  current_peak_at: null,
  current_peak_estimated: null,
  current_peak_coverage: 0,
  previous_peak_kw: null,
  previous_peak_at: null,
  previous_peak_estimated: null,
  previous_peak_coverage: 0,
  ...fields,
})

describe('highestPeak', () => {
  it('picks the device with the highest peak, with its time and whether it is estimated', () => {
    expect(
      highestPeak([
        device('a', { current_peak_kw: 4.2, current_peak_at: '2026-11-20T18:00:00+01:00' }),
        device('b', {
          current_peak_kw: 6.4,
          current_peak_at: '2026-11-22T08:15:00+01:00',
          current_peak_estimated: true,
        }),
        device('c', { current_peak_kw: null, current_peak_at: null }),
      ]),
    ).toEqual({
      deviceId: 'b',
      deviceName: 'Meter b',
      kw: 6.4,
      at: '2026-11-22T08:15:00+01:00',
      estimated: true,
    })
  })

  it('takes the earlier quarter hour on a tie, whatever the order of the rows', () => {
    const later = device('late', {
      current_peak_kw: 5,
      current_peak_at: '2026-11-21T09:00:00+01:00',
    })
    const earlier = device('early', {
      current_peak_kw: 5,
      current_peak_at: '2026-11-20T09:00:00+01:00',
    })
    expect(highestPeak([later, earlier])?.deviceId).toBe('early')
    expect(highestPeak([earlier, later])?.deviceId).toBe('early')
  })

  it('is null when no device has a peak, or the report leaves the fields out', () => {
    expect(highestPeak([device('a'), device('b', { current_peak_kw: null })])).toBeNull()
    expect(highestPeak([])).toBeNull()
  })
})
