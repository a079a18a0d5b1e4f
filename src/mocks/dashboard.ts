/**
 * The dashboard's mock API: preferences, the fleet, reports and a notification feed, all on the
 * fixtures' clock (NOW), so relative times and report figures are the same on every run.
 */
import { HttpResponse } from 'msw'
import type { Device, NotificationDelivery, Preferences } from '../api'
import {
  handleGetPreferences,
  handleListDevices,
  handleListNotifications,
  handleGetUnreadNotificationCount,
} from '../api/__generated__/msw.gen'
import { NOW, devices as fixtureDevices, groups, page, users } from './fixtures'
import type { TariffKind } from './consumption'
import { reportsHandlers, type ReportMockOptions } from './reports'

export const dashboardNow = new Date(NOW)

export const berlinPreferences: Preferences = {
  theme: 'light',
  timezone: 'Europe/Berlin',
  week_start: 'monday',
  month_start_day: 1,
}

const hoursBefore = (hours: number) =>
  new Date(dashboardNow.getTime() - hours * 3_600_000).toISOString()

export function offlineDelivery(
  n: number,
  device: Device,
  hours: number,
  read: boolean,
): NotificationDelivery {
  const id = `5a0d1e2f-0000-4000-8000-${String(n).padStart(12, '0')}`
  return {
    id,
    notification_id: id,
    user_id: users[2]!.id,
    read_at: read ? hoursBefore(hours - 1) : null,
    delivered_at: hoursBefore(hours),
    notification: {
      id,
      group_id: groups[0]!.id,
      device_id: device.id,
      title: 'Device offline',
      message: `${device.name} has been offline for ${hours * 60} minutes.`,
      triggered_at: hoursBefore(hours),
      format_version: 1,
      template: { id: 'device.offline.v1', version: 1 },
      template_id: null,
      event_type: 'device.offline.v1',
      params: {
        device_id: device.id,
        device_name: device.name,
        location: device.location ?? undefined,
        last_seen: hoursBefore(hours + 1),
        offline_duration_minutes: hours * 60,
      },
    },
  }
}

/** Three unread offline alerts and one read one. */
export const dashboardDeliveries: NotificationDelivery[] = [
  offlineDelivery(1, fixtureDevices[2]!, 2, false),
  offlineDelivery(2, fixtureDevices[1]!, 5, false),
  offlineDelivery(3, fixtureDevices[3]!, 26, false),
  offlineDelivery(4, fixtureDevices[0]!, 50, true),
]

export interface DashboardMockOptions {
  devices?: Device[]
  deliveries?: NotificationDelivery[]
  preferences?: Preferences
  /** Reports carry cost and CO2 in euros (a group with a tariff). @default false */
  priced?: boolean
  /** Reports' device rows carry peak demand (issue 35): see `ReportMockOptions.peak`. */
  peak?: ReportMockOptions['peak']
  /** The first device is a two-way meter (issue 35): see `ReportMockOptions.twoWay`. */
  twoWay?: boolean
  /** With `priced`, what the cost is made of (reports.ts). @default 'energyOnly' */
  tariff?: TariffKind
}

/** Handlers keyed by area, to spread over `baseHandlers`. */
/** The admin's tenant: Northwind Energy's devices. */
export const northwindDevices = fixtureDevices.filter((d) => d.group_id === groups[0]!.id)

export function dashboardHandlers({
  devices = northwindDevices,
  deliveries = dashboardDeliveries,
  preferences = berlinPreferences,
  priced = false,
  peak,
  twoWay,
  tariff = 'energyOnly',
}: DashboardMockOptions = {}) {
  const unread = deliveries.filter((d) => d.read_at === null).length
  return {
    preferences: [handleGetPreferences({ body: preferences })],
    devices: [handleListDevices({ body: page(devices, 0, 500) })],
    reports: reportsHandlers({ devices, priced, peak, twoWay, tariff }),
    notifications: [
      handleListNotifications(({ request }) => {
        const query = new URL(request.url).searchParams
        const listed =
          query.get('unread_only') === 'true'
            ? deliveries.filter((d) => d.read_at === null)
            : deliveries
        return HttpResponse.json({
          deliveries: listed.slice(0, Number(query.get('limit') ?? 50)),
          total: listed.length,
          unread_count: unread,
        })
      }),
      handleGetUnreadNotificationCount({ body: { unread_count: unread } }),
    ],
  }
}
