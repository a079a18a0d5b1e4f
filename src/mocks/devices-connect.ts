/** Mock API for a device's Connect card: its connection details, token, and first message. */
import { HttpResponse, type HttpHandler } from 'msw'
import type { DeviceConnection, Reading } from '../api'
import {
  handleCreateDeviceCredentials,
  handleDeleteDeviceCredentials,
  handleGetDeviceConnection,
  handleGetLatestDeviceReading,
} from '../api/__generated__/msw.gen'
import { device } from './devices-detail'

export const connection: DeviceConnection = {
  device_id: device.id,
  mqtt: {
    enabled: true,
    mode: 'embedded',
    reason: null,
    host: 'meterdeck.example.com',
    port: 1883,
    topic: `meterdeck/v1/devices/${device.id}/readings`,
    username: device.id,
    qos: 1,
  },
  http: { readings_url: `https://meterdeck.example.com/api/v1/devices/${device.id}/readings` },
}

export const mqttOff: DeviceConnection = {
  ...connection,
  mqtt: {
    ...connection.mqtt,
    enabled: false,
    mode: 'off',
    reason: 'port 1883 on 127.0.0.1 is already in use',
    host: null,
    port: null,
  },
}

/** The token the card shows once (base64url, as the server makes them). */
export const TOKEN = 'q3Jx0vZ8b1m2N4c5D6e7F8g9H0i1J2k3L4m5N6o7P8Q'

export const firstMessage: Reading = {
  id: 424242,
  device_id: device.id,
  timestamp: '2026-11-22T09:59:30Z',
  kwh: 48_215.9,
  export_kwh: null,
  status: 'ok',
  reading_type: 'energy_kwh',
  source: 'mqtt',
  entered_by: null,
  entered_by_name: null,
  note: null,
  attachment_id: null,
}

const noReadings = () =>
  HttpResponse.json({ detail: 'Device has no readings yet', code: 'no_readings' }, { status: 404 })

/**
 * The card's calls. `arrivesAfter`: how many latest-reading calls after a token is made find
 * nothing before the first message is there (Infinity: it never comes).
 */
export const connectHandlers = (
  options: { connection?: DeviceConnection; arrivesAfter?: number } = {},
): HttpHandler[] => {
  let asked = 0
  const arrivesAfter = options.arrivesAfter ?? Infinity
  return [
    handleGetDeviceConnection({ body: options.connection ?? connection }),
    handleCreateDeviceCredentials(() => {
      asked = 0
      return HttpResponse.json({ token: TOKEN }, { status: 201 })
    }),
    handleDeleteDeviceCredentials(() => new HttpResponse(null, { status: 204 })),
    handleGetLatestDeviceReading(() =>
      asked++ < arrivesAfter ? noReadings() : HttpResponse.json(firstMessage),
    ),
  ]
}
