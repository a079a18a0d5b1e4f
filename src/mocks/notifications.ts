/**
 * Notification fixtures and a small stateful mock of the notifications API for stories. Times are
 * relative to when the story loads, so relative times ('5 minutes ago') read the same every run.
 */
import { HttpResponse, delay } from 'msw'
import type { Notification, NotificationDelivery, NotificationRule } from '../api'
import {
  handleCreateNotificationRule,
  handleDeactivateNotificationRule,
  handleDeleteNotificationRule,
  handleGetUnreadNotificationCount,
  handleListNotificationRules,
  handleListNotifications,
  handleMarkAllNotificationsRead,
  handleMarkNotificationRead,
  handleUpdateNotificationRule,
} from '../api/__generated__/msw.gen'
import { devices, groups, users } from './fixtures'

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
/*
 * Delivery n was raised 2n+1 hours ago: every time shown is far from a rounding boundary of
 * date-fns ('about 3 hours ago' flips to 4 at 3h30), so screenshots stay the same however long a
 * story file runs.
 */
const raisedAgo = (n: number) => (2 * n + 1) * 60
const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`

const [meter17, meter18, coldStorage, evChargers] = devices as [
  (typeof devices)[0],
  (typeof devices)[0],
  (typeof devices)[0],
  (typeof devices)[0],
]
const northwind = groups[0]!
const admin = users[2]!

function offline(n: number, device: (typeof devices)[0], minutes: number): Notification {
  return {
    id: id('5a1e0b2c', n),
    group_id: northwind.id,
    device_id: device.id,
    title: `Device offline: ${device.name}`,
    message: `${device.name} stopped reporting.`,
    triggered_at: minutesAgo(raisedAgo(n)),
    format_version: 1,
    template: { id: 'device.offline.v1', version: 1 },
    template_id: null,
    event_type: 'device.offline.v1',
    params: {
      device_id: device.id,
      device_name: device.name,
      location: device.location,
      last_seen: minutesAgo(raisedAgo(n) + minutes),
      offline_duration_minutes: minutes,
    },
  }
}

function threshold(
  n: number,
  device: (typeof devices)[0],
  actual: number,
  limit: number,
): Notification {
  return {
    id: id('5a1e0b2c', n),
    group_id: northwind.id,
    device_id: device.id,
    title: `Consumption threshold exceeded: ${device.name}`,
    message: `${device.name} is above its daily threshold.`,
    triggered_at: minutesAgo(raisedAgo(n)),
    format_version: 1,
    template: null,
    template_id: 'consumption.threshold.v1',
    event_type: 'consumption.threshold.v1',
    params: {
      device_id: device.id,
      device_name: device.name,
      location: device.location,
      threshold_value: limit,
      actual_value: actual,
      unit: 'kWh',
      window: 'DAILY',
      timestamp: minutesAgo(raisedAgo(n)),
    },
  }
}

/** A notification the console cannot render from a template: shown as its plain text. */
function legacy(n: number): Notification {
  return {
    id: id('5a1e0b2c', n),
    group_id: northwind.id,
    device_id: null,
    title: 'Scheduled maintenance',
    message: 'The data pipeline will be paused on Sunday between 02:00 and 03:00 UTC.',
    triggered_at: minutesAgo(raisedAgo(n)),
    format_version: 2,
    template: null,
    template_id: null,
    event_type: 'system.maintenance.v2',
    params: {},
  }
}

const kinds = [
  (n: number) => offline(n, coldStorage, n === 0 ? 45 : 125 + n * 60),
  (n: number) => threshold(n, evChargers, 92.4 + n, 80),
  (n: number) => offline(n, meter18, 125 + n * 60),
  (n: number) => threshold(n, meter17, 40, 0),
  (n: number) => legacy(n),
]

/** `total` deliveries, newest first, the first `unread` of them unread. */
export function makeDeliveries(total: number, unread: number): NotificationDelivery[] {
  return Array.from({ length: total }, (_, i) => {
    const notification = kinds[i % kinds.length]!(i)
    return {
      id: id('d0c5e1a7', i + 1),
      notification_id: notification.id,
      user_id: admin.id,
      read_at: i < unread ? null : minutesAgo(raisedAgo(i) - 30),
      delivered_at: notification.triggered_at,
      notification,
    }
  })
}

export interface NotificationsMockOptions {
  deliveries?: NotificationDelivery[]
  /** Mark-read calls answer this status (500 for failure stories). */
  markReadStatus?: number
  /** Mark-all never answers (pending story). */
  markAllPending?: boolean
}

/** A feed that marks read for real, so stories see the badge and bold items change. */
export function notificationsHandlers({
  deliveries = makeDeliveries(8, 3),
  markReadStatus = 200,
  markAllPending = false,
}: NotificationsMockOptions = {}) {
  let feed = deliveries.map((d) => ({ ...d }))
  const unreadCount = () => feed.filter((d) => d.read_at === null).length
  const failure = () =>
    HttpResponse.json({ detail: 'Notification service unavailable' }, { status: markReadStatus })
  return [
    handleListNotifications(({ request }) => {
      const url = new URL(request.url)
      const limit = Number(url.searchParams.get('limit') ?? 20)
      const matching =
        url.searchParams.get('unread_only') === 'true'
          ? feed.filter((d) => d.read_at === null)
          : feed
      return HttpResponse.json({
        deliveries: matching.slice(0, limit),
        total: matching.length,
        unread_count: unreadCount(),
      })
    }),
    handleGetUnreadNotificationCount(() => HttpResponse.json({ unread_count: unreadCount() })),
    handleMarkNotificationRead(({ params }) => {
      if (markReadStatus !== 200) return failure()
      const now = new Date().toISOString()
      feed = feed.map((d) =>
        d.id === params.id && d.read_at === null ? { ...d, read_at: now } : d,
      )
      const delivery = feed.find((d) => d.id === params.id)
      return delivery
        ? HttpResponse.json(delivery)
        : HttpResponse.json({ detail: 'Not found' }, { status: 404 })
    }),
    handleMarkAllNotificationsRead(async () => {
      if (markAllPending) await delay('infinite')
      if (markReadStatus !== 200) return failure()
      const updated = unreadCount()
      const now = new Date().toISOString()
      feed = feed.map((d) => (d.read_at === null ? { ...d, read_at: now } : d))
      return HttpResponse.json({ updated })
    }),
  ]
}

export const ruleFixtures: NotificationRule[] = [
  {
    id: id('7e1a0c3d', 1),
    group_id: northwind.id,
    name: 'Meters offline for 30 minutes',
    alert_type: 'DEVICE_OFFLINE',
    is_active: true,
    device_ids: [],
    offline_after_minutes: 30,
    threshold_value: null,
    unit: null,
    window: null,
    created_by: admin.id,
    created_at: '2026-03-01T09:00:00Z',
    updated_at: '2026-03-01T09:00:00Z',
    last_triggered_at: minutesAgo(3 * 60),
    deactivated_reason: null,
    severity: 'warning',
    channel_ids: [],
  },
  {
    id: id('7e1a0c3d', 2),
    group_id: northwind.id,
    name: 'EV chargers above 80 kWh a day',
    alert_type: 'CONSUMPTION_THRESHOLD',
    is_active: true,
    device_ids: [evChargers.id],
    offline_after_minutes: null,
    threshold_value: 80,
    unit: 'kWh',
    window: 'DAILY',
    created_by: admin.id,
    created_at: '2026-04-12T14:00:00Z',
    updated_at: '2026-04-12T14:00:00Z',
    last_triggered_at: minutesAgo(26 * 60),
    deactivated_reason: null,
    severity: 'warning',
    channel_ids: [],
  },
  {
    id: id('7e1a0c3d', 3),
    group_id: northwind.id,
    name: 'Cold storage weekly budget',
    alert_type: 'CONSUMPTION_THRESHOLD',
    is_active: false,
    device_ids: [coldStorage.id, meter18.id],
    offline_after_minutes: null,
    threshold_value: 1200,
    unit: 'kWh',
    window: 'WEEKLY',
    created_by: null,
    created_at: '2026-05-20T08:30:00Z',
    updated_at: '2026-06-02T08:30:00Z',
    last_triggered_at: null,
    deactivated_reason: null,
    severity: 'warning',
    channel_ids: [],
  },
]

export interface RulesMockOptions {
  rules?: NotificationRule[]
  /** Status and detail the create call answers with (409/422 stories). */
  createError?: { status: number; detail: unknown }
  /** Status update, deactivate and delete answer with (500 stories). */
  changeStatus?: number
}

/**
 * A rules API over an in-memory list: create, update, deactivate and delete change the list, and
 * `reset()` puts it back (a story loader calls it, so stories and their retries share no edits).
 */
export function rulesMock({
  rules = ruleFixtures,
  createError,
  changeStatus = 200,
}: RulesMockOptions = {}) {
  const initial = () => rules.map((r) => ({ ...r }))
  let list = initial()
  const groupOf = (ruleId: unknown) => list.find((r) => r.id === ruleId)?.group_id
  const failure = () =>
    HttpResponse.json({ detail: 'Rule service unavailable' }, { status: changeStatus })
  const handlers = [
    handleListNotificationRules(({ request }) => {
      const url = new URL(request.url)
      const groupId = url.searchParams.get('group_id')
      const includeInactive = url.searchParams.get('include_inactive') === 'true'
      const items = groupId
        ? list.filter((r) => r.group_id === groupId && (includeInactive || r.is_active))
        : []
      return HttpResponse.json({ items })
    }),
    handleCreateNotificationRule(async ({ request }) => {
      if (createError)
        return HttpResponse.json({ detail: createError.detail }, { status: createError.status })
      const body = (await request.json()) as Record<string, unknown>
      const now = new Date().toISOString()
      const rule = {
        id: id('7e1a0c3d', list.length + 10),
        device_ids: [],
        offline_after_minutes: null,
        threshold_value: null,
        unit: null,
        window: null,
        ...body,
        is_active: true,
        created_by: admin.id,
        created_at: now,
        updated_at: now,
        last_triggered_at: null,
      } as unknown as NotificationRule
      list = [...list, rule].sort((a, b) => a.name.localeCompare(b.name))
      return HttpResponse.json(rule, { status: 201 })
    }),
    handleUpdateNotificationRule(async ({ params, request }) => {
      if (changeStatus !== 200) return failure()
      const patch = (await request.json()) as Partial<NotificationRule>
      const taken = list.some(
        (r) => r.id !== params.id && r.group_id === groupOf(params.id) && r.name === patch.name,
      )
      if (taken)
        return HttpResponse.json(
          { detail: 'A rule of this group already has that name' },
          { status: 409 },
        )
      list = list.map((r) =>
        r.id === params.id ? { ...r, ...patch, updated_at: new Date().toISOString() } : r,
      )
      return HttpResponse.json(list.find((r) => r.id === params.id)!)
    }),
    handleDeactivateNotificationRule(({ params }) => {
      if (changeStatus !== 200) return failure()
      list = list.map((r) =>
        r.id === params.id ? { ...r, is_active: false, updated_at: new Date().toISOString() } : r,
      )
      return HttpResponse.json(list.find((r) => r.id === params.id)!)
    }),
    handleDeleteNotificationRule(({ params }) => {
      if (changeStatus !== 200) return failure()
      list = list.filter((r) => r.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
  ]
  return {
    handlers,
    reset: () => {
      list = initial()
    },
  }
}

/** The rules API of one story that needs no reset (its calls change nothing, or it runs alone). */
export const rulesHandlers = (options?: RulesMockOptions) => rulesMock(options).handlers
