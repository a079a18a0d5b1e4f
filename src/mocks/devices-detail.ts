/** Mock API for one device's pages: the device, its models, measurements, status, readings and photos. */
import { HttpResponse, delay, type HttpHandler } from 'msw'
import type { Attachment, DeviceModel, Reading, StatusEntry } from '../api'
import {
  handleCreateManualReading,
  handleDeleteDevice,
  handleGetDevice,
  handleGetPreferences,
  handleGetDeviceStatusSummary,
  handleGetReading,
  handleListDeviceAttachments,
  handleListDeviceMeasurements,
  handleListDeviceModels,
  handleListDeviceReadings,
  handleListDeviceStatus,
  handleListNotifications,
  handleUpdateDevice,
} from '../api/__generated__/msw.gen'
import { NOW, devices, users } from './fixtures'

export const device = devices[0]!

export const deviceModels: DeviceModel[] = [
  {
    id: '5a1e2b3c-0000-4000-8000-000000000001',
    name: 'EM340',
    manufacturer: 'Carlo Gavazzi',
    handlers: [
      {
        name: 'modbus_tcp',
        description: 'Polls the meter over Modbus TCP every 15 minutes.',
        measurements: ['energy_kwh', 'power_w'],
      },
      {
        name: 'mbus',
        description: 'Reads the M-Bus register hourly.',
        measurements: ['energy_kwh'],
      },
    ],
    handler_info: { protocol: 'modbus', polling_interval_s: 900 },
  },
  {
    id: '5a1e2b3c-0000-4000-8000-000000000002',
    name: 'Smart Meter Gateway',
    manufacturer: 'Theben',
    handlers: [
      {
        name: 'smgw_push',
        description: 'The gateway pushes readings through the bulk API.',
        measurements: ['energy_kwh'],
      },
    ],
    handler_info: null,
  },
]

/** A small 1x1 PNG so the gallery has real images to show without network access. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

export const attachments: Attachment[] = [
  {
    id: 'a7f0c1d2-0000-4000-8000-000000000001',
    device_id: device.id,
    reading_id: 9001,
    filename: 'meter-2026-11-20.jpg',
    content_type: 'image/png',
    size_bytes: 182_000,
    created_at: '2026-11-20T08:12:00Z',
    entered_by: users[2]!.id,
    entered_by_name: 'Ada Admin',
    url: PIXEL,
  },
  {
    id: 'a7f0c1d2-0000-4000-8000-000000000002',
    device_id: device.id,
    reading_id: 8800,
    filename: 'meter-2026-10-31.jpg',
    content_type: 'image/png',
    size_bytes: 204_000,
    created_at: '2026-10-31T16:40:00Z',
    entered_by: users[3]!.id,
    entered_by_name: 'Uma User',
    url: PIXEL,
  },
]

export const manualReadings: Reading[] = [
  {
    id: 9001,
    device_id: device.id,
    timestamp: '2026-11-20T08:10:00Z',
    kwh: 22_398.4,
    export_kwh: null,
    status: 'manual',
    reading_type: 'energy_kwh',
    source: 'manual',
    entered_by: users[2]!.id,
    entered_by_name: 'Ada Admin',
    note: 'Read during the monthly walk-through; the display was fogged, wiped before the photo.',
    attachment_id: attachments[0]!.id,
  },
  {
    id: 8850,
    device_id: device.id,
    timestamp: '2026-11-05T12:00:00Z',
    kwh: 22_011.0,
    export_kwh: null,
    status: 'manual',
    reading_type: 'energy_kwh',
    source: 'manual',
    entered_by: users[2]!.id,
    entered_by_name: 'Ada Admin',
    note: null,
    attachment_id: null,
  },
  {
    id: 8800,
    device_id: device.id,
    timestamp: '2026-10-31T16:38:00Z',
    kwh: 21_902.7,
    export_kwh: null,
    status: 'manual',
    reading_type: 'energy_kwh',
    source: 'manual',
    entered_by: users[3]!.id,
    entered_by_name: 'Uma User',
    note: null,
    attachment_id: attachments[1]!.id,
  },
]

export const statusEntries: StatusEntry[] = Array.from({ length: 14 }, (_, i) => ({
  id: 500 - i,
  device_id: device.id,
  status: i % 2 === 0 ? 'online' : 'offline',
  timestamp: new Date(new Date(NOW).getTime() - (i * 9 + 2) * 3_600_000).toISOString(),
  reason: i % 2 === 0 ? 'Readings resumed' : 'No reading for 30 minutes',
}))

const byId = (id: unknown) => devices.find((d) => d.id === id)

export const deviceHandlers = (): HttpHandler[] => [
  // A user who never saved preferences: the pages take the browser's calendar.
  handleGetPreferences({
    body: { theme: 'system', timezone: 'UTC', week_start: 'sunday', month_start_day: 1 },
  }),
  handleGetDevice(({ params }) => {
    const found = byId(params.id)
    return found
      ? HttpResponse.json(found)
      : HttpResponse.json({ detail: 'Device not found', code: 'not_found' }, { status: 404 })
  }),
  handleUpdateDevice(async ({ params, request }) => {
    const body = await request.json()
    return HttpResponse.json({ ...byId(params.id)!, ...body, updated_at: NOW })
  }),
  handleDeleteDevice(() => new HttpResponse(null, { status: 204 })),
  handleListDeviceModels({ body: { items: deviceModels } }),
  handleListDeviceMeasurements({ body: { items: measurements } }),
  handleListDeviceStatus(({ request }) => {
    const q = new URL(request.url).searchParams
    const page = Number(q.get('page') ?? 1)
    const size = Number(q.get('page_size') ?? 100)
    return HttpResponse.json({
      items: statusEntries.slice((page - 1) * size, page * size),
      total: statusEntries.length,
      page,
      page_size: size,
    })
  }),
  handleGetDeviceStatusSummary(({ request }) => {
    const window = (new URL(request.url).searchParams.get('window') ?? '24h') as
      '1h' | '24h' | '7d' | '30d'
    return HttpResponse.json({
      device_id: device.id,
      window,
      online_ratio: 0.936,
      transitions: 6,
      current_status: 'online',
      last_seen: device.last_seen,
      uptime_minutes: 1348,
      downtime_minutes: 92,
    })
  }),
  listReadings(energyReadings),
  handleListDeviceAttachments({ body: { items: attachments } }),
  handleGetReading(({ params }) => {
    const found = manualReadings.find((r) => String(r.id) === String(params.id))
    return found
      ? HttpResponse.json(found)
      : HttpResponse.json({ detail: 'Reading not found' }, { status: 404 })
  }),
  handleCreateManualReading(async ({ params }) => {
    await delay(150)
    return HttpResponse.json(
      { ...manualReadings[0]!, id: 9100, device_id: String(params.id), timestamp: NOW },
      { status: 201 },
    )
  }),
  handleListNotifications({
    body: {
      deliveries: [
        {
          id: 'd0000000-0000-4000-8000-000000000001',
          notification_id: 'n0000000-0000-4000-8000-000000000001',
          user_id: users[2]!.id,
          read_at: null,
          delivered_at: '2026-11-21T06:00:00Z',
          notification: {
            id: 'n0000000-0000-4000-8000-000000000001',
            group_id: device.group_id,
            device_id: device.id,
            title: 'Consumption above threshold',
            message: 'Main meter – Building A used 61.20 kWh yesterday (threshold 50.00 kWh).',
            triggered_at: '2026-11-21T06:00:00Z',
            format_version: 1,
            template: null,
            template_id: null,
            event_type: 'consumption.threshold.v1',
            params: {},
          },
        },
      ],
      total: 1,
      unread_count: 1,
    },
  }),
]

const measurements = [
  {
    name: 'energy_kwh',
    unit: 'kWh',
    latest_value: device.latest_kwh,
    latest_at: device.last_seen,
  },
  { name: 'power_w', unit: 'W', latest_value: 3120, latest_at: device.last_seen },
]

/** As the server lists readings: oldest first, one page at a time, by reading type and source. */
const listReadings = (energy: Reading[]) =>
  handleListDeviceReadings(({ request }) => {
    const q = new URL(request.url).searchParams
    const types = q.getAll('reading_type_names')
    const source = q.get('source')
    const page = Number(q.get('page') ?? 1)
    const size = Number(q.get('page_size') ?? 100)
    const matching = [...powerReadings, ...energy]
      .filter(
        (r) =>
          (types.length === 0 || types.includes(r.reading_type)) &&
          (!source || r.source === source),
      )
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    return HttpResponse.json({
      items: matching.slice((page - 1) * size, page * size),
      total: matching.length,
      page,
      page_size: size,
    })
  })

const powerReadings: Reading[] = Array.from({ length: 96 }, (_, i) => ({
  id: 20_000 + i,
  device_id: device.id,
  timestamp: new Date(new Date(NOW).getTime() - (96 - i) * 900_000).toISOString(),
  kwh: 2800 + Math.round(900 * Math.sin(i / 9)),
  export_kwh: null,
  status: 'ok',
  reading_type: 'power_w',
  source: 'mqtt',
  entered_by: null,
  entered_by_name: null,
  note: null,
  attachment_id: null,
}))

/** A day of hourly meter readings up to NOW (over MQTT, two over HTTP, two pushed in bulk), and the manual ones. */
export const energyReadings: Reading[] = [
  ...Array.from({ length: 24 }, (_, i): Reading => ({
    id: 30_000 + i,
    device_id: device.id,
    timestamp: new Date(new Date(NOW).getTime() - (23 - i) * 3_600_000).toISOString(),
    kwh: 22_398.4 + 120 + i * 2.35,
    export_kwh: null,
    status: i === 5 ? 'estimated' : 'ok',
    reading_type: 'energy_kwh',
    source: i === 20 || i === 21 ? 'bulk' : i === 22 || i === 23 ? 'http' : 'mqtt',
    entered_by: null,
    entered_by_name: null,
    note: null,
    attachment_id: null,
  })),
  ...manualReadings,
]

/**
 * The same meter as a two-way one (solar on the roof): its hourly readings carry the export
 * register, the hand-read ones do not (nobody read it then). Put before `deviceHandlers()`.
 */
export const twoWayHandlers = (): HttpHandler[] => {
  const exportAt = (i: number) => Math.round((1520.4 + i * 0.85) * 100) / 100
  const energy = energyReadings.map((r, i) =>
    r.source === 'manual' ? r : { ...r, export_kwh: exportAt(i) },
  )
  return [
    handleListDeviceMeasurements({
      body: {
        items: [
          ...measurements,
          {
            name: 'export_kwh',
            unit: 'kWh',
            latest_value: energy.findLast((r) => r.export_kwh !== null)!.export_kwh,
            latest_at: device.last_seen,
          },
        ],
      },
    }),
    listReadings(energy),
  ]
}
