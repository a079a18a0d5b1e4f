/**
 * Notification channel fixtures and a small stateful mock of the channels API for stories:
 * create, edit, rotate, delete and "Send test" change the list and its delivery logs; `reset()`
 * puts them back. Times are fixed (absolute times are shown, and baselines compare them).
 */
import { HttpResponse } from 'msw'
import type { ChannelDelivery, NotificationChannel } from '../api'
import {
  handleCreateNotificationChannel,
  handleDeleteNotificationChannel,
  handleListChannelDeliveries,
  handleListNotificationChannels,
  handleTestNotificationChannel,
  handleUpdateNotificationChannel,
} from '../api/__generated__/msw.gen'
import { groups } from './fixtures'

const NOW = Date.parse('2026-03-14T09:00:00Z')
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()
const id = (n: number) => `9e1f2a3b-0000-4000-8000-${String(n).padStart(12, '0')}`
const group = groups[0]!
export const MOCK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4Vb2ZSxSZTs='

export const channelFixtures: NotificationChannel[] = [
  {
    id: id(1),
    group_id: group.id,
    type: 'email',
    name: 'On-call',
    addresses: ['oncall@northwind.example', 'facilities@northwind.example'],
    url: null,
    mail_configured: true,
    created_at: minutesAgo(9000),
    updated_at: minutesAgo(9000),
  },
  {
    id: id(2),
    group_id: group.id,
    type: 'webhook',
    name: 'Team chat',
    addresses: [],
    url: 'https://hooks.northwind.example/meterdeck/alarms',
    mail_configured: null,
    created_at: minutesAgo(8000),
    updated_at: minutesAgo(8000),
  },
]

const delivery = (
  n: number,
  channelId: string,
  patch: Partial<ChannelDelivery>,
): ChannelDelivery => ({
  id: `6d7e8f9a-0000-4000-8000-${String(n).padStart(12, '0')}`,
  channel_id: channelId,
  alarm_id: '2a7c9e1f-0000-4000-8000-000000000001',
  device_name: 'Cold storage hall',
  rule_name: 'Meter offline for 30 minutes',
  event: 'raise',
  status: 'sent',
  attempts: 1,
  next_attempt_at: null,
  last_attempt_at: minutesAgo(n * 30),
  response_code: 200,
  error: null,
  webhook_id: `msg_${n}`,
  created_at: minutesAgo(n * 30),
  sent_at: minutesAgo(n * 30),
  ...patch,
})

export const deliveryFixtures: ChannelDelivery[] = [
  delivery(1, id(2), {
    status: 'pending',
    attempts: 3,
    response_code: 503,
    error: 'Could not deliver: the receiver answered 503 Service Unavailable',
    sent_at: null,
    next_attempt_at: minutesAgo(-2),
  }),
  delivery(2, id(2), { event: 'clear' }),
  delivery(3, id(2), {
    event: 'test',
    status: 'failed',
    alarm_id: null,
    device_name: null,
    rule_name: null,
    response_code: 400,
    error: 'Could not deliver: the receiver answered 400 Bad Request',
    sent_at: null,
  }),
  delivery(4, id(2), { attempts: 2 }),
  delivery(5, id(1), { response_code: 250 }),
]

export interface ChannelsMockOptions {
  channels?: NotificationChannel[]
  deliveries?: ChannelDelivery[]
  mailConfigured?: boolean
  /** What "Send test" answers: the receiver's status code. */
  testAnswers?: number
}

/** The channels API over in-memory lists, as the server answers it. */
/** The server's answer to an internal webhook target (webhook-target.ts), for a few examples. */
const INTERNAL = /^(127\.|10\.|192\.168\.|169\.254\.|localhost$)/
const internalTarget = (url: string | undefined) => {
  const host = url ? URL.parse(url)?.hostname : undefined
  if (!host || !INTERNAL.test(host)) return null
  return HttpResponse.json(
    {
      detail: [
        {
          loc: ['body', 'url'],
          msg: `${host} is ${host.startsWith('169.254.') ? 'a link-local address (such as cloud metadata)' : 'an internal address'}: webhooks may not reach internal addresses (the server's WEBHOOK_ALLOW_HOSTS can allow a receiver)`,
          type: 'value_error',
        },
      ],
      code: 'validation_error',
    },
    { status: 422 },
  )
}

/** What a user (who cannot manage channels) sees of a webhook's URL: scheme and host. */
export const redactedChannels = (channels: NotificationChannel[]) =>
  channels.map((c) => (c.url ? { ...c, url: `${new URL(c.url).origin}/…` } : c))

export function channelsMock({
  channels = channelFixtures,
  deliveries = deliveryFixtures,
  mailConfigured = true,
  testAnswers = 200,
}: ChannelsMockOptions = {}) {
  const initial = () =>
    channels.map((c) => ({ ...c, mail_configured: c.type === 'email' ? mailConfigured : null }))
  let list = initial()
  let log = deliveries.map((d) => ({ ...d }))
  let serial = 100
  const now = () => minutesAgo(0)
  const notFound = () => HttpResponse.json({ detail: 'Channel not found' }, { status: 404 })
  const handlers = [
    handleListNotificationChannels(() =>
      HttpResponse.json({
        items: [...list].sort((a, b) => a.name.localeCompare(b.name)),
        mail_configured: mailConfigured,
      }),
    ),
    handleCreateNotificationChannel(async ({ request }) => {
      const body = (await request.json()) as {
        group_id: string
        type: 'email' | 'webhook'
        name: string
        addresses?: string[]
        url?: string
      }
      const refused = body.type === 'webhook' ? internalTarget(body.url) : null
      if (refused) return refused
      if (list.some((c) => c.name === body.name))
        return HttpResponse.json(
          { detail: `A channel named ${body.name} already exists in this group` },
          { status: 409 },
        )
      const channel: NotificationChannel = {
        id: id(serial++),
        group_id: body.group_id,
        type: body.type,
        name: body.name,
        addresses: body.addresses ?? [],
        url: body.url ?? null,
        mail_configured: body.type === 'email' ? mailConfigured : null,
        created_at: now(),
        updated_at: now(),
      }
      list = [...list, channel]
      return HttpResponse.json(
        body.type === 'webhook' ? { ...channel, secret: MOCK_SECRET } : channel,
        { status: 201 },
      )
    }),
    handleUpdateNotificationChannel(async ({ params, request }) => {
      const { rotate_secret, ...patch } = (await request.json()) as Partial<NotificationChannel> & {
        rotate_secret?: boolean
      }
      const found = list.find((c) => c.id === params.id)
      if (!found) return notFound()
      const channel = { ...found, ...patch, updated_at: now() }
      list = list.map((c) => (c.id === channel.id ? channel : c))
      return HttpResponse.json(rotate_secret ? { ...channel, secret: MOCK_SECRET } : channel)
    }),
    handleDeleteNotificationChannel(({ params }) => {
      if (!list.some((c) => c.id === params.id)) return notFound()
      list = list.filter((c) => c.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
    handleTestNotificationChannel(({ params }) => {
      const channel = list.find((c) => c.id === params.id)
      if (!channel) return notFound()
      const noMail = channel.type === 'email' && !mailConfigured
      const ok = !noMail && testAnswers < 300
      const sent = delivery(serial++, channel.id, {
        event: 'test',
        alarm_id: null,
        device_name: null,
        rule_name: null,
        created_at: now(),
        last_attempt_at: now(),
        status: ok ? 'sent' : 'failed',
        response_code: noMail ? null : channel.type === 'email' ? 250 : testAnswers,
        error: noMail
          ? 'Mail is not configured'
          : ok
            ? null
            : `Could not deliver: the receiver answered ${testAnswers} Service Unavailable`,
        sent_at: ok ? now() : null,
      })
      log = [sent, ...log]
      return HttpResponse.json(sent)
    }),
    handleListChannelDeliveries(({ params }) =>
      list.some((c) => c.id === params.id)
        ? HttpResponse.json({ items: log.filter((d) => d.channel_id === params.id) })
        : notFound(),
    ),
  ]
  return {
    handlers,
    reset: () => {
      list = initial()
      log = deliveries.map((d) => ({ ...d }))
    },
  }
}
