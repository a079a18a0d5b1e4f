import type { QueryClient } from '@tanstack/react-query'
import {
  invalidate,
  type Device,
  type LiveDeviceRef,
  type LiveDeviceStatus,
  type LiveReading,
  type QueryOperation,
} from '~/api'

/**
 * What a device's new reading changes: the device itself (what the event does not carry: its
 * reading count, when its token was last used, which the overview's summary and the Connect card
 * show), its figures, charts and tables.
 */
const READING_DERIVED: readonly QueryOperation[] = [
  'getDevice',
  'getLatestDeviceReading',
  'listDeviceReadings',
  'listDeviceMeasurements',
  'getCumulativeConsumptionToday',
  'getCumulativeConsumptionThisWeek',
  'getCumulativeConsumptionThisMonth',
  'getConsumptionIntervalsToday',
  'getConsumptionIntervals',
]
const STATUS_DERIVED: readonly QueryOperation[] = ['listDeviceStatus', 'getDeviceStatusSummary']

type DeviceList = { items: Device[] }

const isDeviceList = (data: unknown): data is DeviceList =>
  typeof data === 'object' && data !== null && Array.isArray((data as DeviceList).items)

/** Newer of two instants (ISO strings), null-safe. */
const newerOf = (a: string | null | undefined, b: string) =>
  a && Date.parse(a) >= Date.parse(b) ? a : b

/** The device as a reading leaves it: latest value and time if newer, last seen. */
function withReading(device: Device, reading: LiveReading): Device {
  const newest =
    !device.summary.last_reading_at ||
    Date.parse(reading.timestamp) >= Date.parse(device.summary.last_reading_at)
  return {
    ...device,
    last_seen: newerOf(device.last_seen, reading.timestamp),
    ...(newest
      ? {
          latest_kwh: reading.kwh,
          summary: { ...device.summary, last_reading_at: reading.timestamp },
        }
      : {}),
  }
}

function withStatus(device: Device, event: LiveDeviceStatus): Device {
  return {
    ...device,
    status: event.status,
    last_seen: event.last_seen ? newerOf(device.last_seen, event.last_seen) : device.last_seen,
  }
}

/** Applies `change` to the device wherever the cache holds it: its own query and every list. */
function updateDevice(queryClient: QueryClient, deviceId: string, change: (d: Device) => Device) {
  queryClient.setQueriesData<unknown>(
    { predicate: (q) => isOperation(q.queryKey, 'listDevices') },
    (data: unknown) =>
      isDeviceList(data)
        ? { ...data, items: data.items.map((d) => (d.id === deviceId ? change(d) : d)) }
        : data,
  )
  queryClient.setQueriesData<unknown>(
    {
      predicate: (q) => isOperation(q.queryKey, 'getDevice') && pathId(q.queryKey) === deviceId,
    },
    (data: unknown) => (data && typeof data === 'object' ? change(data as Device) : data),
  )
}

function isOperation(queryKey: readonly unknown[], op: QueryOperation): boolean {
  const head = queryKey[0] as { _id?: unknown } | undefined
  return typeof head === 'object' && head !== null && head._id === op
}

function pathId(queryKey: readonly unknown[]): unknown {
  return (queryKey[0] as { path?: { id?: unknown } } | undefined)?.path?.id
}

/**
 * Invalidations gathered over a short window and run together: a fleet publishing every second
 * must not refetch the device list once per device.
 */
export function createInvalidator(windowMs = 1000) {
  const pending = new Map<string, () => void>()
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    timer = undefined
    const jobs = [...pending.values()]
    pending.clear()
    for (const job of jobs) job()
  }
  return {
    /** `key` names the job: asked twice in one window, it runs once. */
    add(key: string, job: () => Promise<unknown>) {
      pending.set(key, () => void job())
      timer ??= setTimeout(run, windowMs)
    },
    dispose() {
      clearTimeout(timer)
      pending.clear()
    },
  }
}

export type LiveEventName =
  | 'reading'
  | 'device.status'
  | 'notification'
  | 'notifications.read'
  | 'alarm'
  | 'device.changed'
  | 'device.deleted'
  | 'reset'

/**
 * What one live event does to the cache (issue 23): sets what the event carries (a device's
 * latest reading, status, last seen) and invalidates what follows from it (today's figures and
 * charts, the readings table, the status history, the bell's feed and count, the alarms).
 */
export function applyLiveEvent(
  queryClient: QueryClient,
  later: ReturnType<typeof createInvalidator>,
  name: string,
  data: unknown,
): void {
  switch (name as LiveEventName) {
    case 'reading': {
      const reading = data as LiveReading
      updateDevice(queryClient, reading.device_id, (d) => withReading(d, reading))
      const path = { path: { id: reading.device_id } }
      later.add(`reading:${reading.device_id}`, () =>
        invalidate(queryClient, READING_DERIVED, path),
      )
      // Today's kWh in the device list is summed by the server.
      later.add('listDevices', () => invalidate(queryClient, 'listDevices'))
      return
    }
    case 'device.status': {
      const event = data as LiveDeviceStatus
      updateDevice(queryClient, event.device_id, (d) => withStatus(d, event))
      later.add(`status:${event.device_id}`, () =>
        invalidate(queryClient, STATUS_DERIVED, { path: { id: event.device_id } }),
      )
      return
    }
    case 'notification':
      void invalidate(queryClient, ['listNotifications', 'getUnreadNotificationCount'])
      return
    case 'alarm':
      // The alarms page and devices' overviews; an evaluator run may raise hundreds at once.
      later.add('listAlarms', () => invalidate(queryClient, ['listAlarms', 'getAlarm']))
      return
    case 'notifications.read':
      // Read here or in another tab: the bell and the list follow.
      void invalidate(queryClient, ['listNotifications', 'getUnreadNotificationCount'])
      return
    case 'device.changed':
    case 'device.deleted': {
      const { device_id } = data as LiveDeviceRef
      later.add('listDevices', () => invalidate(queryClient, 'listDevices'))
      later.add(`device:${device_id}`, () =>
        invalidate(queryClient, ['getDevice', 'getDeviceConnection'], { path: { id: device_id } }),
      )
      return
    }
    case 'reset':
      void invalidate(queryClient, 'all')
      return
  }
}
