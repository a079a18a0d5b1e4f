import type { CreateTenantData } from '~/api/__generated__/types.gen.ts'
import type { Tx } from '~/server/db/database.ts'
import { conflict } from '~/server/lib/http-errors.ts'
import { isUniqueViolation } from '~/server/lib/pg-errors.ts'
import { groupsRepository } from '../groups/groups-repository.ts'
import { nameTaken } from '../groups/handlers.ts'
import { emailTaken } from '../users/handlers.ts'
import {
  DEFAULT_PREFERENCES,
  preferencesRepository,
} from '../preferences/preferences-repository.ts'
import { rulesRepository, type NewRule } from '../notifications/rules-repository.ts'
import { toUser, usersRepository } from '../users/users-repository.ts'

type TenantInput = CreateTenantData['body']
type RuleInput = NonNullable<TenantInput['rules']>[number]

const toNewRule = (rule: RuleInput, groupId: string, createdBy: string): NewRule =>
  rule.alert_type === 'DEVICE_OFFLINE'
    ? {
        groupId,
        createdBy,
        name: rule.name,
        alertType: rule.alert_type,
        offlineAfterMinutes: rule.offline_after_minutes,
      }
    : {
        groupId,
        createdBy,
        name: rule.name,
        alertType: rule.alert_type,
        thresholdValue: rule.threshold_value,
        unit: rule.unit,
        window: rule.window,
      }

/**
 * The tenant setup wizard in one transaction: the group (its timezone from the settings first),
 * the first admin, the starter rules and the admin's preferences. Any clash rolls all of it back.
 */
export async function setUpTenant(
  tx: Tx,
  input: TenantInput,
  passwordHash: string,
  createdBy: string,
) {
  const { group: groupInput, admin, rules = [], settings } = input
  const timezone = settings?.timezone ?? groupInput.timezone ?? 'UTC'
  const group = await groupsRepository(tx).create({ ...groupInput, timezone })
  const user = await usersRepository(tx).create({
    email: admin.email,
    fullName: admin.full_name,
    passwordHash,
    role: 'admin',
    groupId: group.id,
  })
  const created = []
  for (const rule of rules)
    created.push(await rulesRepository(tx).create(toNewRule(rule, group.id, createdBy)))
  if (settings?.week_start || settings?.timezone) {
    const weekStart = settings.week_start ?? DEFAULT_PREFERENCES.week_start
    await preferencesRepository(tx).put(user.id, {
      ...DEFAULT_PREFERENCES,
      timezone,
      week_start: weekStart,
    })
  }
  return { group: { ...group, member_count: 1 }, admin: toUser(user), rules: created }
}

/**
 * The clashes a tenant setup can meet, in words the wizard can show. A taken name or address
 * belongs to another tenant: named only to a caller who sees every tenant (`elevated`).
 */
export function tenantConflict(error: unknown, input: TenantInput, elevated: boolean): unknown {
  if (isUniqueViolation(error, 'groups_name_key')) return nameTaken(input.group.name, elevated)
  if (isUniqueViolation(error, 'users_email_key')) return emailTaken(input.admin.email, elevated)
  if (isUniqueViolation(error, 'notification_rules_name_key'))
    return conflict('Two starter rules have the same name')
  return error
}
