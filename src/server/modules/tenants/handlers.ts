import type { RouteHandlers } from '../../../api/__generated__/fastify.gen.ts'
import { conflict } from '../../lib/http-errors.ts'
import { isUniqueViolation } from '../../lib/pg-errors.ts'
import { hashPassword } from '../auth/passwords.ts'
import { assertTimeZone, nameTaken } from '../groups/handlers.ts'
import { groupsRepository } from '../groups/groups-repository.ts'
import {
  preferencesRepository,
  DEFAULT_PREFERENCES,
} from '../preferences/preferences-repository.ts'
import { rulesRepository } from '../notifications/rules-repository.ts'
import { toUser, usersRepository } from '../users/users-repository.ts'

export const tenantsHandlers = {
  /** Group, first admin, starter rules and settings in one transaction: all of it or nothing. */
  async createTenant(request, reply) {
    const actor = request.actor!
    const { group: groupInput, admin, rules = [], settings } = request.body
    assertTimeZone(groupInput.timezone, ['body', 'group', 'timezone'])
    assertTimeZone(settings?.timezone, ['body', 'settings', 'timezone'])
    const passwordHash = await hashPassword(admin.password, request.server.config.scryptLogN)
    const timezone = settings?.timezone ?? groupInput.timezone ?? 'UTC'
    const created = await request
      .txAs('all', async (tx) => {
        const group = await groupsRepository(tx).create({ ...groupInput, timezone })
        const user = await usersRepository(tx).create({
          email: admin.email,
          fullName: admin.full_name,
          passwordHash,
          role: 'admin',
          groupId: group.id,
        })
        const createdRules = []
        for (const rule of rules) {
          createdRules.push(
            await rulesRepository(tx).create({
              groupId: group.id,
              name: rule.name,
              alertType: rule.alert_type,
              offlineAfterMinutes:
                rule.alert_type === 'DEVICE_OFFLINE' ? rule.offline_after_minutes : null,
              thresholdValue:
                rule.alert_type === 'CONSUMPTION_THRESHOLD' ? rule.threshold_value : null,
              unit: rule.alert_type === 'CONSUMPTION_THRESHOLD' ? rule.unit : null,
              window: rule.alert_type === 'CONSUMPTION_THRESHOLD' ? rule.window : null,
              createdBy: actor.id,
            }),
          )
        }
        if (settings?.week_start || settings?.timezone) {
          await preferencesRepository(tx).put(user.id, {
            ...DEFAULT_PREFERENCES,
            timezone,
            week_start: settings.week_start ?? DEFAULT_PREFERENCES.week_start,
          })
        }
        return { group: { ...group, member_count: 1 }, admin: toUser(user), rules: createdRules }
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'groups_name_key')) throw nameTaken(groupInput.name)
        if (isUniqueViolation(error, 'users_email_key'))
          throw conflict(`A user with e-mail ${admin.email.toLowerCase()} already exists`)
        if (isUniqueViolation(error, 'notification_rules_name_key'))
          throw conflict('Two starter rules have the same name')
        throw error
      })
    request.server.logs.audit.info(
      {
        action: 'tenant.create',
        user_id: actor.id,
        group_id: created.group.id,
        admin_id: created.admin.id,
        request_id: request.id,
      },
      `Set up tenant ${created.group.name}`,
    )
    return reply.code(201).send(created)
  },
} satisfies Pick<RouteHandlers, 'createTenant'>
