import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import { SYSTEM } from '~/server/db/database.ts'
import { conflict, invalid, notFound } from '~/server/lib/http-errors.ts'
import { alarmsCommitted } from './alarm-events.ts'
import { alarmsRepository } from './alarms.ts'
import { rulesRepository } from './rules-repository.ts'
import { snoozesRepository } from './snoozes-repository.ts'

/** The longest snooze: a month of silence is as far as "for a while" goes. */
const MAX_SNOOZE_MS = 30 * 24 * 60 * 60_000

function checkUntil(until: Date) {
  if (until.getTime() <= Date.now()) throw invalid(['body', 'until'], 'Choose a time in the future')
  if (until.getTime() > Date.now() + MAX_SNOOZE_MS)
    throw invalid(['body', 'until'], 'A snooze lasts at most 30 days')
}

/** Alarms: every role sees, acknowledges, clears and snoozes within its scope. */
export const alarmsHandlers = {
  async listAlarms(request, reply) {
    const q = request.query ?? {}
    const filters = {
      states: q.state ?? [],
      severities: q.severity ?? [],
      deviceId: q.device_id,
      skip: q.skip ?? 0,
      limit: q.limit ?? 100,
    }
    const page = await request.tx((tx) => alarmsRepository(tx).list(request.scope, filters))
    return reply.code(200).send(page)
  },

  async getAlarm(request, reply) {
    const alarm = await request.tx((tx) =>
      alarmsRepository(tx).find(request.scope, request.params.id),
    )
    if (!alarm) throw notFound('Alarm')
    return reply.code(200).send(alarm)
  },

  async acknowledgeAlarm(request, reply) {
    const note = request.body.note?.trim() || null
    const alarm = await request.tx(async (tx) => {
      const alarms = alarmsRepository(tx)
      await alarms.acknowledge(request.scope, request.params.id, request.actor!.id, note)
      const found = await alarms.find(request.scope, request.params.id)
      if (!found) throw notFound('Alarm')
      if (found.state === 'cleared')
        throw conflict('This alarm is cleared already', 'alarm_cleared')
      return found
    })
    return reply.code(200).send(alarm)
  },

  /**
   * The clear and what it tells (a notification to every member of the group, including people
   * the caller's row-level security does not show, and the channels' outbox rows) commit together,
   * as the evaluator's do: a system transaction, limited to the caller's scope by the repository.
   */
  async clearAlarm(request, reply) {
    const { scope, params } = request
    const { alarm, cleared } = await request.server.db.transaction(SYSTEM, async (tx) => {
      const alarms = alarmsRepository(tx)
      const cleared = await alarms.clearByHand(scope, params.id, request.actor!.id)
      return { alarm: await alarms.find(scope, params.id), cleared }
    })
    if (!alarm) throw notFound('Alarm')
    if (cleared) alarmsCommitted(request.log, { raised: [], cleared: [alarm.id] })
    return reply.code(200).send(alarm)
  },

  async listRuleSnoozes(request, reply) {
    const items = await request.tx(async (tx) => {
      const rule = await rulesRepository(tx).find(request.scope, request.params.id)
      if (!rule) throw notFound('Notification rule')
      return snoozesRepository(tx).running(rule.id)
    })
    return reply.code(200).send({ items })
  },

  async snoozeRule(request, reply) {
    const { body, params } = request
    const until = new Date(body.until)
    const snooze = await request.tx(async (tx) => {
      const rule = await rulesRepository(tx).find(request.scope, params.id)
      if (!rule) throw notFound('Notification rule')
      const foreign = await rulesRepository(tx).foreignDevices(rule.group_id, [body.device_id])
      if (foreign.length > 0)
        throw invalid(['body', 'device_id'], "The device is not a device of the rule's group")
      checkUntil(until)
      return snoozesRepository(tx).upsert({
        groupId: rule.group_id,
        ruleId: rule.id,
        deviceId: body.device_id,
        until,
        createdBy: request.actor!.id,
      })
    })
    return reply.code(201).send(snooze)
  },

  async endRuleSnooze(request, reply) {
    const { params } = request
    await request.tx(async (tx) => {
      const rule = await rulesRepository(tx).find(request.scope, params.id)
      if (!rule) throw notFound('Notification rule')
      if (!(await snoozesRepository(tx).end(rule.id, params.device_id))) throw notFound('Snooze')
    })
    return reply.code(204).send()
  },
} satisfies Pick<
  RouteHandlers,
  | 'listAlarms'
  | 'getAlarm'
  | 'acknowledgeAlarm'
  | 'clearAlarm'
  | 'listRuleSnoozes'
  | 'snoozeRule'
  | 'endRuleSnooze'
>
