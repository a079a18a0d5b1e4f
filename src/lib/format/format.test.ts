import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatPercentChange } from '~/features/reports/change'
import { formatOverage } from '~/features/notifications/render-notification'
import { chartKwh } from '~/ui/private/chart/time'
import { formatMb, formatShare } from '~/ui/ProfileCard/profile'
import { plural } from '../plural'
import {
  formatAgo,
  formatAgoShort,
  formatDuration,
  formatKwh,
  formatNumber,
  formatPercent,
  formatQuantity,
  formatQuantityFigure,
} from '.'

const browserLanguages = (...languages: string[]) => vi.stubGlobal('navigator', { languages })
afterEach(() => vi.unstubAllGlobals())

describe('numbers in the browser’s locale', () => {
  it('reads en-US as before', () => {
    browserLanguages('en-US')
    expect(formatNumber(1234.5)).toBe('1,234.5')
    expect(formatKwh(1234.567)).toBe('1,234.57 kWh')
    expect(formatQuantity(3, 'kWh/day')).toBe('3.00 kWh/day')
    expect(formatPercent(0.125, { maxDecimals: 1 })).toBe('12.5%')
    expect(formatPercent(0.046, { decimals: 1, signed: true })).toBe('+4.6%')
    expect(formatNumber(15_000, { compact: true, maxDecimals: 1 })).toBe('15K')
  })

  it('gives an en dash for no value: no data is not zero', () => {
    expect(formatNumber(null)).toBe('–')
    expect(formatKwh(undefined)).toBe('–')
    expect(formatNumber(0)).toBe('0')
  })

  it('reads de-DE the German way', () => {
    browserLanguages('de-DE')
    expect(formatNumber(1234.5)).toBe('1.234,5')
    expect(formatKwh(1234.5)).toBe('1.234,50 kWh')
    expect(formatPercent(0.125, { maxDecimals: 1 })).toBe('12,5\u00a0%')
  })

  // Every page path formats through lib/format: a German browser sees one figure everywhere.
  it('formats the same kWh the same on every page in de-DE', () => {
    browserLanguages('de-DE')
    const paths = (kwh: number) => ({
      'device table, meter registers and readings': formatKwh(kwh),
      'reports and dashboard (the report’s unit)': formatQuantity(kwh, 'kWh'),
      'stats with the unit beside them': `${formatQuantityFigure(kwh, 'kWh')} kWh`,
      'chart tooltips and tables': chartKwh(kwh),
    })
    for (const kwh of [234.5, 1234.5]) {
      const expected = kwh === 234.5 ? '234,50 kWh' : '1.234,50 kWh'
      for (const [path, text] of Object.entries(paths(kwh))) expect(text, path).toBe(expected)
    }
    expect(formatQuantity(-12, 'kWh', { signed: true })).toBe('-12,00 kWh')
    expect(formatPercentChange(4.5966)).toBe('+4,6\u00a0%')
    expect(formatOverage(92.4, 80)).toBe('15,5\u00a0%')
    expect(formatShare(1, 4)).toBe('25\u00a0%')
    expect(formatMb(2.4)).toBe('+2,40 MB')
    expect(plural(1204, 'device')).toBe('1.204 devices')
  })
})

describe('durations and relative times', () => {
  const now = new Date('2026-11-22T10:00:00Z')
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)

  it('rounds a span to its two largest units', () => {
    expect(formatDuration(20_000)).toBe('20 s')
    expect(formatDuration(12 * 60_000)).toBe('12 min')
    expect(formatDuration(185 * 60_000)).toBe('3 h 5 min')
    expect(formatDuration(180 * 60_000)).toBe('3 h')
    expect(formatDuration(93_784_000)).toBe('1 d 2 h')
  })

  it('says how long ago, strictly (never “about”)', () => {
    expect(formatAgo(ago(120), now)).toBe('2 hours ago')
    expect(formatAgo(ago(15).toISOString(), now)).toBe('15 minutes ago')
  })

  it('says it in a few characters for a phone', () => {
    expect(formatAgoShort(ago(0), now)).toBe('just now')
    expect(formatAgoShort(ago(-2), now)).toBe('just now')
    expect(formatAgoShort(ago(15), now)).toBe('15 min ago')
    expect(formatAgoShort(ago(47 * 60 + 59), now)).toBe('47 h ago')
    expect(formatAgoShort(ago(48 * 60), now)).toBe('2 d ago')
  })
})
