import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { AlarmWebhookEvent, NotificationChannelPatch } from '~/api/__generated__/types.gen.ts'
import { isElevated } from '~/server/context.ts'
import type { Tx } from '~/server/db/database.ts'
import { audit } from '~/server/lib/audit.ts'
import { conflict, forbidden, HttpError, invalid, notFound } from '~/server/lib/http-errors.ts'
import { isUniqueViolation } from '~/server/lib/pg-errors.ts'
import { isAllowed, permissions } from '~/server/permissions.ts'
import type { FastifyRequest } from 'fastify'
import { groupsRepository } from '../groups/groups-repository.ts'
import { sendDelivery } from './channel-senders.ts'
import {
  channelsRepository,
  newWebhookSecret,
  toChannel,
  type ChannelType,
} from './channels-repository.ts'
import { deliveriesRepository, toDelivery } from './outbox.ts'
import { WebhookPolicy } from './webhook-target.ts'

const nameClash = (name: string | undefined) => (error: unknown) =>
  Promise.reject(
    isUniqueViolation(error, 'notification_channels_name_key')
      ? conflict(`A channel named ${name?.trim()} already exists in this group`)
      : error,
  )

/** The server's WEBHOOK_ALLOW_HOSTS and resolver, made once per configuration. */
const policies = new WeakMap<object, WebhookPolicy>()
export function webhookPolicy(request: FastifyRequest): WebhookPolicy {
  const settings = request.server.config.webhooks
  let policy = policies.get(settings)
  if (!policy) policies.set(settings, (policy = new WebhookPolicy(settings)))
  return policy
}

/** 422 for a URL a webhook may not use: not http(s), or a host that is internal (issue 32). */
async function checkUrl(request: FastifyRequest, url: string | undefined) {
  const problem = url === undefined ? null : await webhookPolicy(request).urlProblem(url)
  if (problem) throw invalid(['body', 'url'], problem)
}

/** A caller who cannot manage channels sees where a webhook goes, not its whole URL. */
const answerChannel = (request: FastifyRequest) => {
  const mail = Boolean(request.server.config.mail.smtpUrl)
  const full = isAllowed(permissions.createNotificationChannel, request.actor?.role)
  return (row: Parameters<typeof toChannel>[0]) => toChannel(row, mail, full)
}

/** Patch fields of the other channel type answer 422, like a rule's. */
const FIELDS_OF: Record<ChannelType, readonly (keyof NotificationChannelPatch)[]> = {
  email: ['addresses'],
  webhook: ['url', 'rotate_secret'],
}

function checkPatchFits(type: ChannelType, patch: NotificationChannelPatch) {
  const other: ChannelType = type === 'email' ? 'webhook' : 'email'
  const issues = FIELDS_OF[other]
    .filter((field) => patch[field] !== undefined)
    .map((field) => ({
      loc: ['body', field],
      msg: `${field} does not apply to ${type} channels`,
      type: 'value_error',
    }))
  if (issues.length > 0) throw new HttpError(422, issues, 'validation_error')
}

const testEvent = (groupId: string, channelId: string): AlarmWebhookEvent => ({
  type: 'channel.test',
  timestamp: new Date().toISOString(),
  data: {
    group_id: groupId,
    channel_id: channelId,
    message: 'Test message from MeterDeck.',
    alarm: null,
    device: null,
  },
})

/** Channels: listed by everyone in the group, managed by admins (their own group) and above. */
export const channelsHandlers = {
  async listNotificationChannels(request, reply) {
    const rows = await request.tx((tx) => channelsRepository(tx).list(request.scope))
    const mail = Boolean(request.server.config.mail.smtpUrl)
    return reply.code(200).send({ items: rows.map(answerChannel(request)), mail_configured: mail })
  },

  async getNotificationChannel(request, reply) {
    const row = await request.tx((tx) =>
      channelsRepository(tx).find(request.scope, request.params.id),
    )
    if (!row) throw notFound('Notification channel')
    return reply.code(200).send(answerChannel(request)(row))
  },

  async createNotificationChannel(request, reply) {
    const actor = request.actor!
    const { body } = request
    if (!isElevated(actor.role) && body.group_id !== actor.groupId)
      throw forbidden('Admins can only manage the channels of their own group')
    if (body.type === 'webhook') await checkUrl(request, body.url)
    const secret = body.type === 'webhook' ? newWebhookSecret() : null
    const run = async (tx: Tx) => {
      if (!(await groupsRepository(tx).exists(body.group_id)))
        throw invalid(['body', 'group_id'], 'Group not found')
      return channelsRepository(tx).create({
        groupId: body.group_id,
        type: body.type,
        name: body.name,
        addresses: body.type === 'email' ? body.addresses : [],
        url: body.type === 'webhook' ? body.url : null,
        secret,
      })
    }
    const row = await (
      isElevated(actor.role) ? request.txAs(body.group_id, run) : request.tx(run)
    ).catch(nameClash(body.name))
    const created = { channel_id: row.id, group_id: row.group_id, type: row.type }
    audit(request, 'channel.create', created, `Created notification channel ${row.name}`)
    const channel = toChannel(row, Boolean(request.server.config.mail.smtpUrl))
    return reply.code(201).send(secret ? { ...channel, secret } : channel)
  },

  async updateNotificationChannel(request, reply) {
    const { body, params, scope } = request
    await checkUrl(request, body.url)
    const secret = body.rotate_secret ? newWebhookSecret() : undefined
    const row = await request
      .tx(async (tx) => {
        const current = await channelsRepository(tx).find(scope, params.id)
        if (!current) throw notFound('Notification channel')
        checkPatchFits(current.type, body)
        const changes = { name: body.name, addresses: body.addresses, url: body.url, secret }
        return (await channelsRepository(tx).update(scope, params.id, changes))!
      })
      .catch(nameClash(body.name))
    const fields = Object.keys(body)
    audit(
      request,
      'channel.update',
      { channel_id: row.id, group_id: row.group_id, fields },
      `Updated notification channel ${row.name}`,
    )
    const channel = toChannel(row, Boolean(request.server.config.mail.smtpUrl))
    return reply.code(200).send(secret ? { ...channel, secret } : channel)
  },

  async deleteNotificationChannel(request, reply) {
    const row = await request.tx((tx) =>
      channelsRepository(tx).remove(request.scope, request.params.id),
    )
    if (!row) throw notFound('Notification channel')
    const deleted = { channel_id: row.id, group_id: row.group_id }
    audit(request, 'channel.delete', deleted, `Deleted notification channel ${row.name}`)
    return reply.code(204).send()
  },

  /** Sends once, now, outside any transaction; the row records what happened. */
  async testNotificationChannel(request, reply) {
    const { scope, params } = request
    const { channel, delivery } = await request.tx(async (tx) => {
      const found = await channelsRepository(tx).findTarget(scope, params.id)
      if (!found) throw notFound('Notification channel')
      const payload = testEvent(found.group_id, found.id)
      return {
        channel: found,
        delivery: await deliveriesRepository(tx).createTest(found.group_id, found.id, payload),
      }
    })
    const settings = { mail: request.server.config.mail, webhooks: webhookPolicy(request) }
    const outcome = await sendDelivery(channel, delivery.webhook_id, delivery.payload, settings)
    if (outcome.detail)
      request.log.warn(
        { logger: 'channels', channel: channel.id, error: outcome.error, detail: outcome.detail },
        'Test message not delivered',
      )
    const recorded = await request.tx((tx) =>
      deliveriesRepository(tx).record(delivery.id, outcome, null),
    )
    return reply.code(200).send(toDelivery(recorded!))
  },

  async listChannelDeliveries(request, reply) {
    const limit = request.query?.limit ?? 50
    const items = await request.tx(async (tx) => {
      const channel = await channelsRepository(tx).find(request.scope, request.params.id)
      if (!channel) throw notFound('Notification channel')
      return deliveriesRepository(tx).recent(channel.id, limit)
    })
    return reply.code(200).send({ items })
  },
} satisfies Pick<
  RouteHandlers,
  | 'listNotificationChannels'
  | 'getNotificationChannel'
  | 'createNotificationChannel'
  | 'updateNotificationChannel'
  | 'deleteNotificationChannel'
  | 'testNotificationChannel'
  | 'listChannelDeliveries'
>
