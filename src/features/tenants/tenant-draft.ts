import type { TenantCreateWritable as TenantCreate } from '~/api'
import { atLeastChars, checks, emailAddress, filled, numberGiven } from '../shared/field-rules'
import type { FormCheck } from '../shared/use-form'

export type ThresholdWindow = 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY'

/** Everything the wizard collects, as the steps edit it. */
export interface TenantDraft {
  group: { name: string; description: string; timezone: string; weekStart: 'sunday' | 'monday' }
  admin: { full_name: string; email: string; password: string }
  rules: {
    offline: boolean
    offlineMinutes: number
    threshold: boolean
    thresholdKwh: number
    window: ThresholdWindow
  }
}

export const emptyDraft = (timezone: string): TenantDraft => ({
  group: { name: '', description: '', timezone, weekStart: 'monday' },
  admin: { full_name: '', email: '', password: '' },
  rules: {
    offline: true,
    offlineMinutes: 30,
    threshold: false,
    thresholdKwh: 500,
    window: 'DAILY',
  },
})

export const windowLabels: Record<ThresholdWindow, string> = {
  HOURLY: 'hour',
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
}

/** The starter rules, named as a person would name them. */
export function starterRules(rules: TenantDraft['rules']): NonNullable<TenantCreate['rules']> {
  return [
    ...(rules.offline
      ? [
          {
            name: `Meter offline for ${rules.offlineMinutes} minutes`,
            alert_type: 'DEVICE_OFFLINE' as const,
            offline_after_minutes: rules.offlineMinutes,
          },
        ]
      : []),
    ...(rules.threshold
      ? [
          {
            name: `Over ${rules.thresholdKwh} kWh per ${windowLabels[rules.window]}`,
            alert_type: 'CONSUMPTION_THRESHOLD' as const,
            threshold_value: rules.thresholdKwh,
            unit: 'kWh',
            window: rules.window,
          },
        ]
      : []),
  ]
}

/** The one createTenant body: group, first admin, starter rules and settings. */
export function toTenantCreate(draft: TenantDraft): TenantCreate {
  const description = draft.group.description.trim()
  return {
    group: {
      name: draft.group.name.trim(),
      description: description || null,
      timezone: draft.group.timezone,
    },
    admin: {
      full_name: draft.admin.full_name.trim(),
      email: draft.admin.email.trim(),
      password: draft.admin.password,
    },
    rules: starterRules(draft.rules),
    settings: { timezone: draft.group.timezone, week_start: draft.group.weekStart },
  }
}

export const wizardSteps = ['Group', 'First admin', 'Notification rules', 'Review'] as const
export type WizardStep = 0 | 1 | 2 | 3

/** Which step owns a field the server rejected ('admin.email' belongs to the admin step). */
export function stepOfField(field: string): WizardStep {
  if (field.startsWith('admin')) return 1
  if (field.startsWith('rules')) return 2
  return 0
}

/** Each step's checks in our words: a step blocks Next only on its own fields. */
const stepChecks: readonly FormCheck<TenantDraft>[] = [
  ({ group }) => ({ 'group.name': filled('Enter a name for the group.')(group.name) }),
  ({ admin }) => ({
    'admin.full_name': filled("Enter the admin's full name.")(admin.full_name),
    'admin.email': checks(filled("Enter the admin's e-mail address."), emailAddress)(admin.email),
    'admin.password': checks(
      filled('Enter an initial password.'),
      atLeastChars(12),
    )(admin.password),
  }),
  ({ rules }) => ({
    'rules.offlineMinutes':
      rules.offline &&
      numberGiven('Enter the minutes a device may be silent.')(rules.offlineMinutes),
    'rules.thresholdKwh':
      rules.threshold && numberGiven('Enter the budget in kWh.')(rules.thresholdKwh),
  }),
  () => ({}),
]
export const checkStep = (step: WizardStep): FormCheck<TenantDraft> => stepChecks[step]!
