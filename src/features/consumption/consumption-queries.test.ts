import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { consumptionOperations } from '../shared/consumption-operations'
import {
  intervalsQuery,
  powerFits,
  prefetchConsumption,
  quarterHoursIn,
  viewOrDaily,
} from './consumption-queries'
import { intervalWindow } from '~/lib/periods/view-window'

const context = { deviceId: 'dev-1', timeZone: 'Europe/Berlin', weekStart: 'monday' as const }
const now = new Date('2026-11-22T10:00:00Z')

/** Records what would be prefetched instead of calling the API. */
function recordingClient(fail = false) {
  const client = new QueryClient()
  const seen: { _id: string; query?: Record<string, unknown>; silent: boolean }[] = []
  vi.spyOn(client, 'prefetchQuery').mockImplementation(async (options) => {
    const head = (
      options.queryKey as unknown as [{ _id: string; query?: Record<string, unknown> }]
    )[0]
    seen.push({ _id: head._id, query: head.query, silent: options.meta?.silent === true })
    if (fail) throw new Error('should never surface')
  })
  return { client, seen }
}

describe('prefetchConsumption', () => {
  it('prefetches the six presets, the three bills and the current month daily in daily view', async () => {
    const { client, seen } = recordingClient()
    await prefetchConsumption(client, 'daily', now, context)
    expect(seen.map((s) => s._id)).toEqual([
      'getCumulativeConsumptionToday',
      'getCumulativeConsumptionYesterday',
      'getCumulativeConsumptionThisWeek',
      'getCumulativeConsumptionLastWeek',
      'getCumulativeConsumptionThisMonth',
      'getCumulativeConsumptionLastMonth',
      'getCumulativeConsumptionThisBill',
      'getCumulativeConsumptionLastBill',
      'getCumulativeConsumptionBillYearAgo',
      'getConsumptionIntervals',
    ])
    expect(seen[0]!.query).toEqual({ timezone: 'Europe/Berlin' })
    expect(seen[2]!.query).toEqual({ timezone: 'Europe/Berlin', week_start: 'monday' })
    expect(seen[9]!.query).toMatchObject({
      start_datetime: '2026-11-01T00:00:00+01:00',
      end_datetime: '2026-12-01T00:00:00+01:00',
      granularity: 'daily',
      include_metadata: true,
    })
    expect(seen.every((s) => s.silent)).toBe(true)
  })

  it('adds the 12 monthly intervals in monthly view', async () => {
    const { client, seen } = recordingClient()
    await prefetchConsumption(client, 'monthly', now, context)
    expect(seen).toHaveLength(11)
    expect(seen[10]!.query).toMatchObject({
      granularity: 'monthly',
      start_datetime: '2025-12-01T00:00:00+01:00',
      end_datetime: '2026-12-01T00:00:00+01:00',
    })
  })

  it('adds the window the URL asks for: a past day, per hour', async () => {
    const { client, seen } = recordingClient()
    await prefetchConsumption(client, 'hourly', now, context, '2026-10-25')
    expect(seen).toHaveLength(11)
    // The day the clocks went back in Berlin: 25 hours.
    expect(seen[10]!.query).toMatchObject({
      granularity: 'hourly',
      start_datetime: '2026-10-25T00:00:00+02:00',
      end_datetime: '2026-10-26T00:00:00+01:00',
    })
  })

  it('treats an invalid view as daily', async () => {
    const { client, seen } = recordingClient()
    await prefetchConsumption(client, 'hourly?', now, context)
    expect(seen).toHaveLength(10)
    expect(viewOrDaily('weekly')).toBe('weekly')
    expect(viewOrDaily(undefined)).toBe('daily')
  })

  it('ignores failures: a real client with a failing API still resolves', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'))
    await expect(prefetchConsumption(client, 'monthly', now, context)).resolves.toBeUndefined()
    fetchSpy.mockRestore()
  })
})

describe('consumptionOperations', () => {
  it('names every call the page makes, so leaving the page cancels them all', async () => {
    const { client, seen } = recordingClient()
    await prefetchConsumption(client, 'monthly', now, context)
    const cancelled: readonly string[] = consumptionOperations
    expect(seen.map((s) => s._id).filter((id) => !cancelled.includes(id))).toEqual([])
  })
})

describe('power per quarter hour', () => {
  const now = new Date('2026-11-22T10:00:00Z')
  const window = (view: 'hourly' | 'daily' | 'weekly' | 'monthly', day?: string) =>
    intervalWindow(view, now, 'Europe/Berlin', 'monday', day)

  it("fits a day's quarter hours in one request, clock changes included, and no longer window", () => {
    expect(quarterHoursIn(window('hourly'))).toBe(96)
    expect(quarterHoursIn(window('hourly', '2026-10-25'))).toBe(100)
    expect(quarterHoursIn(window('hourly', '2026-03-29'))).toBe(92)
    expect(powerFits(window('hourly'))).toBe(true)
    // A month is 2,880 quarter hours: over the 1,000 buckets the server answers.
    expect(powerFits(window('daily'))).toBe(false)
    expect(powerFits(window('weekly'))).toBe(false)
    expect(powerFits(window('monthly'))).toBe(false)
  })

  it('asks for the same window per quarter hour, in its own cache entry', () => {
    const context = { deviceId: 'd1', timeZone: 'Europe/Berlin', weekStart: 'monday' as const }
    const energy = intervalsQuery('hourly', now, context)
    const power = intervalsQuery('hourly', now, context, undefined, 'power')
    const query = (key: unknown) => (key as [{ query: Record<string, unknown> }])[0].query
    expect(query(power.queryKey)).toMatchObject({
      granularity: 'quarter_hour',
      start_datetime: query(energy.queryKey).start_datetime,
      end_datetime: query(energy.queryKey).end_datetime,
    })
    expect(query(energy.queryKey).granularity).toBe('hourly')
  })
})
