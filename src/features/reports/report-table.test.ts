import { describe, expect, it } from 'vitest'
import { sortDevices, twoWayColumns } from './report-table'

const row = (device_name: string, absolute_change: number, percent_change: number | null) => ({
  device_id: device_name,
  device_name,
  current_kwh: 0,
  previous_full_kwh: null,
  previous_kwh: 0,
  absolute_change,
  percent_change,
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
})
const rows = [row('A', 10, 5), row('B', -20, -10), row('C', 5, null), row('D', 30, 12)]

describe('sortDevices', () => {
  it('sorts by change either way', () => {
    expect(sortDevices(rows, 'absolute_change', 'descending').map((r) => r.device_name)).toEqual([
      'D',
      'A',
      'C',
      'B',
    ])
    expect(sortDevices(rows, 'absolute_change', 'ascending').map((r) => r.device_name)).toEqual([
      'B',
      'C',
      'A',
      'D',
    ])
  })

  it('keeps N/A percentages last in both directions', () => {
    expect(sortDevices(rows, 'percent_change', 'descending').map((r) => r.device_name)).toEqual([
      'D',
      'A',
      'B',
      'C',
    ])
    expect(sortDevices(rows, 'percent_change', 'ascending').map((r) => r.device_name)).toEqual([
      'B',
      'A',
      'D',
      'C',
    ])
  })

  it('sorts names alphabetically', () => {
    expect(sortDevices(rows, 'device_name', 'descending').map((r) => r.device_name)).toEqual([
      'D',
      'C',
      'B',
      'A',
    ])
  })
})

describe('twoWayColumns', () => {
  it('asks for export and net where a device exports, for the peak where a device has one', () => {
    expect(twoWayColumns(rows)).toEqual({ exportNet: false, peak: false })
    const exporting = { ...row('E', 1, 1), current_export_kwh: 3.2, current_net_kwh: -3.2 }
    const peaking = { ...row('P', 1, 1), current_peak_kw: 4.5 }
    expect(twoWayColumns([...rows, exporting])).toEqual({ exportNet: true, peak: false })
    expect(twoWayColumns([...rows, peaking])).toEqual({ exportNet: false, peak: true })
    expect(
      twoWayColumns([{ ...row('N', 1, 1), current_export_kwh: null, current_peak_kw: null }]),
    ).toEqual({ exportNet: false, peak: false })
  })
})

describe('sortDevices by two-way figures', () => {
  it('sorts by peak, devices without one (or without the field) last either way', () => {
    const withPeaks = [
      { ...row('A', 0, 0), current_peak_kw: 2 },
      { ...row('B', 0, 0), current_peak_kw: null },
      row('C', 0, 0),
      { ...row('D', 0, 0), current_peak_kw: 7 },
    ]
    const names = (direction: 'ascending' | 'descending') =>
      sortDevices(withPeaks, 'current_peak_kw', direction).map((r) => r.device_name)
    expect(names('descending')).toEqual(['D', 'A', 'B', 'C'])
    expect(names('ascending')).toEqual(['A', 'D', 'B', 'C'])
  })
})
