/**
 * A device fleet behind a mock `GET /api/v1/devices/` that filters, sorts and pages like the server,
 * so device-list stories (and the 10,000-device benchmark) behave as against the real API.
 */
import { HttpResponse } from 'msw'
import type { Device } from '../api'
import { handleListDevices } from '../api/__generated__/msw.gen'
import { devices as fixtureDevices, groups } from './fixtures'

const sortKeys = ['name', 'serial_number', 'location', 'created_at', 'last_seen'] as const
type SortKey = (typeof sortKeys)[number]

/** Answers a list query over `devices` exactly as the contract describes it. */
export function queryFleet(devices: readonly Device[], params: URLSearchParams) {
  const search = (params.get('search') ?? '').trim().toLowerCase()
  const status = params.get('status')
  const sort = (sortKeys as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as SortKey)
    : 'name'
  const direction = params.get('order') === 'desc' ? -1 : 1
  const skip = Number(params.get('skip') ?? 0)
  const limit = Number(params.get('limit') ?? 100)
  const ids = params.getAll('device_ids')
  const matching = devices.filter(
    (d) =>
      (!status || d.status === status) &&
      (ids.length === 0 || ids.includes(d.id)) &&
      (!search ||
        [d.name, d.serial_number, d.location ?? ''].some((f) => f.toLowerCase().includes(search))),
  )
  const sorted = [...matching].sort(
    (a, b) => direction * String(a[sort] ?? '').localeCompare(String(b[sort] ?? '')),
  )
  return { items: sorted.slice(skip, skip + limit), total: matching.length, skip, limit }
}

export const fleetHandler = (devices: readonly Device[] = fixtureDevices) =>
  handleListDevices(({ request }) =>
    HttpResponse.json(queryFleet(devices, new URL(request.url).searchParams)),
  )

const places = ['Berlin', 'Hamburg', 'Bremen', 'Kiel', 'Lübeck', 'Rostock', 'Hannover', 'Boston']
const sites = ['Hall', 'Floor', 'Plant', 'Substation', 'Depot']

/** A deterministic fleet of any size (the benchmark uses 10,000). */
export function makeFleet(count: number): Device[] {
  const group = groups[0]!
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1
    const offline = n % 17 === 0
    return {
      id: `9e0a7b1c-0000-4000-8000-${String(100_000 + n).padStart(12, '0')}`,
      group_id: group.id,
      name: `${sites[n % sites.length]} meter ${String(n).padStart(5, '0')}`,
      serial_number: `EM-${2020 + (n % 6)}-${String(n).padStart(5, '0')}`,
      location:
        n % 11 === 0
          ? null
          : `${places[n % places.length]}, ${sites[(n >> 2) % sites.length]} ${1 + (n % 9)}`,
      description: null,
      device_model_id: null,
      handler: null,
      status: offline ? 'offline' : 'online',
      last_seen: offline ? '2026-11-20T06:30:00Z' : '2026-11-22T09:45:00Z',
      latest_kwh: 1000 + n * 37.5,
      today_kwh: offline ? 0 : 5 + (n % 40) * 0.75,
      summary: {
        reading_count: 35_040,
        first_reading_at: '2025-11-22T10:00:00Z',
        last_reading_at: '2026-11-22T09:45:00Z',
      },
      has_token: n % 3 === 0,
      token_last_used_at: n % 3 === 0 && !offline ? '2026-11-22T09:45:00Z' : null,
      created_at: new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString(),
      updated_at: '2026-11-01T08:00:00Z',
    }
  })
}
