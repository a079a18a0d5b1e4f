import type { QueryClient } from '@tanstack/react-query'
import {
  invalidate,
  LIVE_STALENESS,
  type Device,
  type LiveDeviceStatus,
  type LiveEventName,
  type LiveReading,
  type QueryOperation,
  type Staleness,
} from '~/api'

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

/**
 * Invalidates what the event makes stale, as the table says (src/api/live-staleness.ts): at once,
 * or gathered with the window's other events (one job per operation, and per device for the
 * device's own operations, so a burst across a fleet refetches each list once).
 */
function markStale(
  queryClient: QueryClient,
  later: ReturnType<typeof createInvalidator>,
  name: LiveEventName,
  data: unknown,
): void {
  const { device, any, now } = LIVE_STALENESS[name] as Staleness<{ device_id: string }>
  const run = (key: string, job: () => Promise<unknown>) => (now ? void job() : later.add(key, job))
  if (any === 'all') run('all', () => invalidate(queryClient, 'all'))
  else for (const op of any ?? []) run(op, () => invalidate(queryClient, op))
  const deviceId = (data as { device_id?: unknown } | null)?.device_id
  if (device && typeof deviceId === 'string')
    run(`${name}:${deviceId}`, () => invalidate(queryClient, device, { path: { id: deviceId } }))
}

const isLiveEvent = (name: string): name is LiveEventName => Object.hasOwn(LIVE_STALENESS, name)

/**
 * What one live event does to the cache (issue 23): sets what the event carries (a device's
 * latest reading, status, last seen) and invalidates what follows from it (LIVE_STALENESS).
 * An event this console does not know is ignored.
 */
export function applyLiveEvent(
  queryClient: QueryClient,
  later: ReturnType<typeof createInvalidator>,
  name: string,
  data: unknown,
): void {
  if (!isLiveEvent(name)) return
  if (name === 'reading') {
    const reading = data as LiveReading
    updateDevice(queryClient, reading.device_id, (d) => withReading(d, reading))
  } else if (name === 'device.status') {
    const event = data as LiveDeviceStatus
    updateDevice(queryClient, event.device_id, (d) => withStatus(d, event))
  }
  markStale(queryClient, later, name, data)
}
