import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { NotificationRuleInput, NotificationRulePatch } from '~/api/__generated__/types.gen.ts'
import type { Tx } from '~/server/db/database.ts'
import { isElevated, type TenantScope } from '~/server/context.ts'
import { audit } from '~/server/lib/audit.ts'
import { conflict, forbidden, HttpError, invalid, notFound } from '~/server/lib/http-errors.ts'
import { isUniqueViolation } from '~/server/lib/pg-errors.ts'
import { groupsRepository } from '../groups/groups-repository.ts'
import { channelsRepository } from './channels-repository.ts'
import { notificationsRepository } from './notifications-repository.ts'
import {
  rulesRepository,
  type AlertType,
  type NewRule,
  type RuleChanges,
  type RuleDto,
} from './rules-repository.ts'

/** Patch fields that belong to one alert type only (the contract answers 422 for the others). */
const FIELDS_OF: Record<AlertType, readonly (keyof NotificationRulePatch)[]> = {
  DEVICE_OFFLINE: ['offline_after_minutes'],
  CONSUMPTION_THRESHOLD: ['threshold_value', 'unit', 'window'],
}

const inScope = (scope: TenantScope, groupId: string) => scope.all || scope.groupId === groupId

const nameClash = (name: string | undefined) => (error: unknown) =>
  Promise.reject(
    isUniqueViolation(error, 'notification_rules_name_key')
      ? conflict(`A rule named ${name?.trim()} already exists in this group`)
      : error,
  )

function checkPatchFits(alertType: AlertType, patch: NotificationRulePatch): void {
  const other: AlertType =
    alertType === 'DEVICE_OFFLINE' ? 'CONSUMPTION_THRESHOLD' : 'DEVICE_OFFLINE'
  const issues = FIELDS_OF[other]
    .filter((field) => patch[field] !== undefined)
    .map((field) => ({
      loc: ['body', field],
      msg: `${field} does not apply to ${alertType} rules`,
      type: 'value_error',
    }))
  if (issues.length > 0) throw new HttpError(422, issues, 'validation_error')
}

/**
 * A rule the server deactivated because its last device went watches nothing: activating it
 * as it is would make it watch every device. The patch has to say which devices it watches.
 */
function checkReactivation(current: RuleDto, patch: NotificationRulePatch): void {
  const widens = current.deactivated_reason && current.device_ids.length === 0
  if (patch.is_active && widens && patch.device_ids === undefined)
    throw invalid(
      ['body', 'device_ids'],
      `${current.deactivated_reason} Choose the devices the rule watches to activate it again.`,
    )
}

async function checkDevices(tx: Tx, groupId: string, deviceIds: readonly string[] = []) {
  const foreign = await rulesRepository(tx).foreignDevices(groupId, deviceIds)
  if (foreign.length > 0) {
    const issues = foreign.map((id) => ({
      loc: ['body', 'device_ids', deviceIds.indexOf(id)],
      msg: `Device ${id} is not a device of the rule's group`,
      type: 'value_error',
    }))
    throw new HttpError(422, issues, 'validation_error')
  }
}

async function checkChannels(tx: Tx, groupId: string, channelIds: readonly string[] = []) {
  const foreign = await channelsRepository(tx).foreign(groupId, channelIds)
  if (foreign.length > 0) {
    const issues = foreign.map((id) => ({
      loc: ['body', 'channel_ids', channelIds.indexOf(id)],
      msg: `Channel ${id} is not a channel of the rule's group`,
      type: 'value_error',
    }))
    throw new HttpError(422, issues, 'validation_error')
  }
}

const minutesText = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`)

/**
 * An offline rule shorter than a watched device's reporting interval would call a healthy device
 * offline between two of its readings: refused, naming the interval.
 */
async function checkOfflineAfter(
  tx: Tx,
  groupId: string,
  minutes: number | null | undefined,
  deviceIds: readonly string[] = [],
) {
  if (minutes == null) return
  const slowest = await rulesRepository(tx).slowestReport(groupId, deviceIds)
  if (!slowest || minutes * 60 >= slowest.seconds) return
  const interval = Math.ceil(slowest.seconds / 60)
  throw invalid(
    ['body', 'offline_after_minutes'],
    `${slowest.device} reports every ${minutesText(interval)}: an offline rule for it needs at least ${minutesText(interval)}`,
  )
}

const toNewRule = (body: NotificationRuleInput, createdBy: string): NewRule => ({
  groupId: body.group_id,
  name: body.name,
  alertType: body.alert_type,
  deviceIds: body.device_ids,
  severity: body.severity,
  channelIds: body.channel_ids,
  createdBy,
  ...(body.alert_type === 'DEVICE_OFFLINE'
    ? { offlineAfterMinutes: body.offline_after_minutes }
    : { thresholdValue: body.threshold_value, unit: body.unit, window: body.window }),
})

const toChanges = (patch: NotificationRulePatch): RuleChanges => ({
  name: patch.name,
  deviceIds: patch.device_ids,
  isActive: patch.is_active,
  offlineAfterMinutes: patch.offline_after_minutes,
  thresholdValue: patch.threshold_value,
  unit: patch.unit,
  window: patch.window,
  severity: patch.severity,
  channelIds: patch.channel_ids,
})

/** The feed: always the signed-in user's own deliveries, within the request's tenant scope. */
export const notificationsHandlers = {
  async listNotifications(request, reply) {
    const q = request.query ?? {}
    const query = { limit: q.limit ?? 20, skip: q.skip ?? 0, unreadOnly: q.unread_only ?? false }
    const feed = await request.tx((tx) =>
      notificationsRepository(tx).feed(request.scope, request.actor!.id, query),
    )
    return reply.code(200).send(feed)
  },

  async getUnreadNotificationCount(request, reply) {
    const unread = await request.tx((tx) =>
      notificationsRepository(tx).unreadCount(request.scope, request.actor!.id),
    )
    return reply.code(200).send({ unread_count: unread })
  },

  async markNotificationRead(request, reply) {
    const delivery = await request.tx((tx) =>
      notificationsRepository(tx).markRead(request.scope, request.actor!.id, request.params.id),
    )
    if (!delivery) throw notFound('Notification')
    return reply.code(200).send(delivery)
  },

  async markAllNotificationsRead(request, reply) {
    const updated = await request.tx((tx) =>
      notificationsRepository(tx).markAllRead(request.scope, request.actor!.id),
    )
    return reply.code(200).send({ updated })
  },
} satisfies Pick<
  RouteHandlers,
  | 'listNotifications'
  | 'getUnreadNotificationCount'
  | 'markNotificationRead'
  | 'markAllNotificationsRead'
>

/** Rules: read by everyone in the group, managed by admins (their own group) and above. */
export const rulesHandlers = {
  async listNotificationRules(request, reply) {
    const { group_id: groupId, include_inactive: includeInactive = false } = request.query ?? {}
    // The console lists rules only once a group is chosen.
    if (!groupId) return reply.code(200).send({ items: [] })
    const items = await request.tx(async (tx) => {
      if (!inScope(request.scope, groupId) || !(await groupsRepository(tx).exists(groupId)))
        throw notFound('Group')
      return rulesRepository(tx).list(request.scope, groupId, includeInactive)
    })
    return reply.code(200).send({ items })
  },

  async getNotificationRule(request, reply) {
    const rule = await request.tx((tx) =>
      rulesRepository(tx).find(request.scope, request.params.id),
    )
    if (!rule) throw notFound('Notification rule')
    return reply.code(200).send(rule)
  },

  async createNotificationRule(request, reply) {
    const actor = request.actor!
    const { body } = request
    if (!isElevated(actor.role) && body.group_id !== actor.groupId)
      throw forbidden('Admins can only manage the rules of their own group')
    const run = async (tx: Tx) => {
      if (!(await groupsRepository(tx).exists(body.group_id)))
        throw invalid(['body', 'group_id'], 'Group not found')
      await checkDevices(tx, body.group_id, body.device_ids)
      await checkChannels(tx, body.group_id, body.channel_ids)
      if (body.alert_type === 'DEVICE_OFFLINE')
        await checkOfflineAfter(tx, body.group_id, body.offline_after_minutes, body.device_ids)
      return rulesRepository(tx).create(toNewRule(body, actor.id))
    }
    const rule = await (
      isElevated(actor.role) ? request.txAs(body.group_id, run) : request.tx(run)
    ).catch(nameClash(body.name))
    const created = { rule_id: rule.id, group_id: rule.group_id, alert_type: rule.alert_type }
    audit(request, 'rule.create', created, `Created notification rule ${rule.name}`)
    return reply.code(201).send(rule)
  },

  async updateNotificationRule(request, reply) {
    const { params, body, scope } = request
    const rule = await request
      .tx(async (tx) => {
        const current = await rulesRepository(tx).find(scope, params.id)
        if (!current) throw notFound('Notification rule')
        checkPatchFits(current.alert_type, body)
        checkReactivation(current, body)
        await checkDevices(tx, current.group_id, body.device_ids)
        await checkChannels(tx, current.group_id, body.channel_ids)
        // Checked when what it depends on changes: a device added later does not block a rename.
        if (body.offline_after_minutes !== undefined || body.device_ids !== undefined)
          await checkOfflineAfter(
            tx,
            current.group_id,
            body.offline_after_minutes ?? current.offline_after_minutes,
            body.device_ids ?? current.device_ids,
          )
        return (await rulesRepository(tx).update(scope, params.id, toChanges(body)))!
      })
      .catch(nameClash(body.name))
    const changed = { rule_id: rule.id, group_id: rule.group_id, fields: Object.keys(body) }
    audit(request, 'rule.update', changed, `Updated notification rule ${rule.name}`)
    return reply.code(200).send(rule)
  },

  async deactivateNotificationRule(request, reply) {
    const rule = await request.tx((tx) =>
      rulesRepository(tx).deactivate(request.scope, request.params.id),
    )
    if (!rule) throw notFound('Notification rule')
    const changed = { rule_id: rule.id, group_id: rule.group_id }
    audit(request, 'rule.deactivate', changed, `Deactivated notification rule ${rule.name}`)
    return reply.code(200).send(rule)
  },

  async deleteNotificationRule(request, reply) {
    const rule = await request.tx((tx) =>
      rulesRepository(tx).remove(request.scope, request.params.id),
    )
    if (!rule) throw notFound('Notification rule')
    const deleted = { rule_id: rule.id, group_id: rule.group_id }
    audit(request, 'rule.delete', deleted, `Deleted notification rule ${rule.name}`)
    return reply.code(204).send()
  },
} satisfies Pick<
  RouteHandlers,
  | 'listNotificationRules'
  | 'getNotificationRule'
  | 'createNotificationRule'
  | 'updateNotificationRule'
  | 'deactivateNotificationRule'
  | 'deleteNotificationRule'
>
