import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  getDeviceQueryKey,
  getEnergyReportQueryKey,
  getGroupQueryKey,
  getUnreadNotificationCountQueryKey,
  listAlarmsQueryKey,
  listDevicesQueryKey,
  type Device,
} from '~/api'
import { applyLiveEvent, createInvalidator } from './live-cache'

const meter = (n: number): Device => ({
  id: `9e0a7b1c-0000-4000-8000-${String(n).padStart(12, '0')}`,
  group_id: '1b6f0c9a-0000-4000-8000-000000000001',
  name: `Meter ${n}`,
  serial_number: `EM-${n}`,
  location: null,
  description: null,
  device_model_id: null,
  handler: null,
  status: 'online',
  last_seen: '2026-11-22T09:45:00Z',
  latest_kwh: 10_000 + n,
  today_kwh: 12.5,
  summary: {
    reading_count: 100,
    first_reading_at: '2025-11-22T10:00:00Z',
    last_reading_at: '2026-11-22T09:45:00Z',
  },
  has_token: false,
  token_last_used_at: null,
  created_at: '2025-11-22T10:00:00Z',
  updated_at: '2026-11-01T08:00:00Z',
})
const device = meter(1)
const other = meter(2)

function cacheWithDevices() {
  const queryClient = new QueryClient()
  const listKey = listDevicesQueryKey({ query: { limit: 50 } })
  queryClient.setQueryData(listKey, { items: [device, other], total: 2 })
  const deviceKey = getDeviceQueryKey({ path: { id: device.id } })
  queryClient.setQueryData(deviceKey, device)
  return { queryClient, listKey, deviceKey }
}

afterEach(() => vi.useRealTimers())

describe('applyLiveEvent', () => {
  it("sets a newer reading as the device's latest, in its own query and in every list", () => {
    const { queryClient, listKey, deviceKey } = cacheWithDevices()
    const later = createInvalidator()
    const timestamp = new Date(Date.parse(device.summary.last_reading_at!) + 60_000).toISOString()
    applyLiveEvent(queryClient, later, 'reading', {
      device_id: device.id,
      timestamp,
      kwh: 12_345.6,
      source: 'mqtt',
    })
    const own = queryClient.getQueryData<Device>(deviceKey)!
    expect(own.latest_kwh).toBe(12_345.6)
    expect(own.summary.last_reading_at).toBe(timestamp)
    expect(own.last_seen).toBe(timestamp)
    const list = queryClient.getQueryData<{ items: Device[] }>(listKey)!
    expect(list.items[0]!.latest_kwh).toBe(12_345.6)
    expect(list.items[1]).toBe(other)
    later.dispose()
  })

  it('keeps the latest reading when a back-filled older one arrives', () => {
    const { queryClient, deviceKey } = cacheWithDevices()
    const later = createInvalidator()
    applyLiveEvent(queryClient, later, 'reading', {
      device_id: device.id,
      timestamp: '2020-01-01T00:00:00Z',
      kwh: 1,
      source: 'bulk',
    })
    expect(queryClient.getQueryData<Device>(deviceKey)!.latest_kwh).toBe(device.latest_kwh)
    later.dispose()
  })

  it("refreshes the device a reading came from once per window: its count and its token's last use", async () => {
    vi.useFakeTimers()
    const { queryClient, listKey, deviceKey } = cacheWithDevices()
    const otherKey = getDeviceQueryKey({ path: { id: other.id } })
    queryClient.setQueryData(otherKey, other)
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const later = createInvalidator(1000)
    for (const kwh of [10_002, 10_003])
      applyLiveEvent(queryClient, later, 'reading', {
        device_id: device.id,
        timestamp: new Date(Date.parse(device.summary.last_reading_at!) + kwh).toISOString(),
        kwh,
        source: 'mqtt',
      })
    expect(queryClient.getQueryState(deviceKey)!.isInvalidated).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(queryClient.getQueryState(deviceKey)!.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(otherKey)!.isInvalidated).toBe(false)
    expect(queryClient.getQueryState(listKey)!.isInvalidated).toBe(true)
    // One job for the device's queries, one each for the device lists and the reports.
    expect(invalidate).toHaveBeenCalledTimes(3)
  })

  it("makes the dashboard's energy reports stale on a reading, once per window for a whole fleet", async () => {
    vi.useFakeTimers()
    const { queryClient } = cacheWithDevices()
    // As the dashboard's today card asks (features/dashboard/dashboard-queries.ts).
    const today = getEnergyReportQueryKey({
      query: {
        current_start: '2026-11-22T00:00:00+01:00',
        current_end: '2026-11-23T00:00:00+01:00',
        previous_start: '2026-11-21T00:00:00+01:00',
        previous_end: '2026-11-22T00:00:00+01:00',
        timezone: 'Europe/Berlin',
        granularity: 'hourly',
      },
    })
    queryClient.setQueryData(today, { periods: [] })
    const unrelated = getGroupQueryKey({ path: { id: device.group_id } })
    queryClient.setQueryData(unrelated, { id: device.group_id })
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const later = createInvalidator(1000)
    for (const d of [device, other])
      applyLiveEvent(queryClient, later, 'reading', {
        device_id: d.id,
        timestamp: '2026-11-22T10:00:00Z',
        kwh: 10_100,
        source: 'mqtt',
      })
    expect(queryClient.getQueryState(today)!.isInvalidated).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(queryClient.getQueryState(today)!.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(unrelated)!.isInvalidated).toBe(false)
    // Two devices' own queries, and the lists and the reports once each.
    expect(invalidate).toHaveBeenCalledTimes(4)
  })

  it('ignores an event it does not know', () => {
    const { queryClient, deviceKey } = cacheWithDevices()
    const later = createInvalidator()
    applyLiveEvent(queryClient, later, 'toString', { device_id: device.id })
    applyLiveEvent(queryClient, later, 'device.renamed', { device_id: device.id })
    expect(queryClient.getQueryState(deviceKey)!.isInvalidated).toBe(false)
    later.dispose()
  })

  it("sets a device's status, and invalidates the derived queries once per window", async () => {
    vi.useFakeTimers()
    const { queryClient, deviceKey } = cacheWithDevices()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const later = createInvalidator(1000)
    for (const status of ['offline', 'online', 'offline'] as const)
      applyLiveEvent(queryClient, later, 'device.status', {
        device_id: device.id,
        status,
        last_seen: device.last_seen,
      })
    expect(queryClient.getQueryData<Device>(deviceKey)!.status).toBe('offline')
    expect(invalidate).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(invalidate).toHaveBeenCalledTimes(1)
  })

  it('refreshes the alarms lists once per window however many alarms change', async () => {
    vi.useFakeTimers()
    const { queryClient, listKey } = cacheWithDevices()
    const alarms = listAlarmsQueryKey({ query: { device_id: device.id, state: ['active'] } })
    queryClient.setQueryData(alarms, { items: [] })
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const later = createInvalidator(1000)
    for (const state of ['active', 'acknowledged', 'cleared'])
      applyLiveEvent(queryClient, later, 'alarm', { alarm_id: 'a1', device_id: device.id, state })
    expect(invalidate).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1000)
    // Once per operation (the list and one alarm), not once per event.
    expect(invalidate).toHaveBeenCalledTimes(2)
    expect(queryClient.getQueryState(alarms)!.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(listKey)!.isInvalidated).toBe(false)
  })

  it('refreshes the bell, not the alarms, when notifications were read in another tab', () => {
    const { queryClient } = cacheWithDevices()
    const count = getUnreadNotificationCountQueryKey()
    const alarms = listAlarmsQueryKey()
    queryClient.setQueryData(count, { unread_count: 3 })
    queryClient.setQueryData(alarms, { items: [] })
    applyLiveEvent(queryClient, createInvalidator(1000), 'notifications.read', { unread_count: 0 })
    expect(queryClient.getQueryState(count)!.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(alarms)!.isInvalidated).toBe(false)
  })
})
