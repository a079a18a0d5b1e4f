import { describe, expect, it } from 'vitest'
import { exportNetLine, formatPeakAt, peakMarker, peakNote } from './peak'

const peak = {
  peak_kw: 6.4,
  peak_at: '2026-11-12T18:15:00+01:00',
  peak_estimated: false,
  peak_quarters: 96,
  peak_quarters_with_data: 96,
}

describe('formatPeakAt', () => {
  it('reads the wall clock of the offset the server gave, whatever the browser zone', () => {
    expect(formatPeakAt('2026-11-12T18:15:00+01:00')).toBe('Nov 12, 6:15 PM')
    expect(formatPeakAt('2026-11-12T23:45:00+05:45')).toBe('Nov 12, 11:45 PM')
  })
  it('refuses what is no date-time', () => {
    expect(() => formatPeakAt('yesterday')).toThrow(/not a local date-time/)
  })
})

describe('peakNote', () => {
  it('gives the time, and says when the peak is estimated', () => {
    expect(peakNote(peak)).toBe('Nov 12, 6:15 PM')
    expect(peakNote({ ...peak, peak_estimated: true })).toBe(
      'Nov 12, 6:15 PM · estimated: an edge falls between readings',
    )
  })
  it('says why there is no peak', () => {
    const none = { ...peak, peak_kw: null, peak_at: null, peak_estimated: null }
    expect(peakNote({ ...none, peak_quarters_with_data: 0 })).toBe(
      'No peak: no quarter hour has readings at most 15 minutes apart',
    )
    expect(peakNote({ ...none, peak_quarters: 0, peak_quarters_with_data: 0 })).toBe(
      'No whole quarter hour in this period yet',
    )
  })
})

describe('exportNetLine', () => {
  it('shows export and net for a two-way meter only', () => {
    expect(exportNetLine({ export_kwh: 12.3, net_kwh: -2.5 })).toBe(
      'Export 12.30 kWh · Net -2.50 kWh',
    )
    expect(exportNetLine({ export_kwh: null, net_kwh: null })).toBeNull()
    expect(exportNetLine({})).toBeNull()
  })
})

describe('peakMarker', () => {
  it("labels the power chart's peak with its value and time, and says when it is estimated", () => {
    expect(peakMarker(peak)).toEqual({
      start: '2026-11-12T18:15:00+01:00',
      label: 'Peak 6.40 kW · Nov 12, 6:15 PM',
    })
    expect(peakMarker({ ...peak, peak_estimated: true })?.label).toBe(
      'Peak 6.40 kW · Nov 12, 6:15 PM (estimated)',
    )
  })
  it('marks nothing without a peak', () => {
    expect(peakMarker({ peak_kw: null, peak_at: null, peak_estimated: null })).toBeUndefined()
  })
})
