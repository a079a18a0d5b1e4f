/**
 * The rule form's values (create and edit) and their client-side validation: the contract's limits
 * (openapi.yaml DeviceOfflineRuleInput / ConsumptionThresholdRuleInput) in the user's words, so a
 * bad value is caught before the server sees it.
 */
import * as z from 'zod/mini'
import type {
  AlarmSeverity,
  AlertType,
  NotificationRule,
  NotificationRuleInput,
  NotificationRulePatch,
  ThresholdWindow,
} from '~/api'
import { plural } from '~/lib/plural'
import { formatQuantity } from '~/lib/format'

export const thresholdWindows = [
  'HOURLY',
  'DAILY',
  'WEEKLY',
  'MONTHLY',
] as const satisfies readonly ThresholdWindow[]
export const windowLabels: Record<ThresholdWindow, string> = {
  HOURLY: 'Hourly',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
}
const windowNouns: Record<ThresholdWindow, string> = {
  HOURLY: 'hour',
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
}

export const alertTypeLabels: Record<AlertType, string> = {
  DEVICE_OFFLINE: 'Device offline',
  CONSUMPTION_THRESHOLD: 'Consumption threshold',
}

export const severities = [
  'info',
  'warning',
  'critical',
] as const satisfies readonly AlarmSeverity[]
export const severityLabels: Record<AlarmSeverity, string> = {
  info: 'Info',
  warning: 'Warning',
  critical: 'Critical',
}

export const OFFLINE_MINUTES = { min: 5, max: 10_080 } as const
export const NAME_MAX = 100
export const UNIT_MAX = 16

export interface RuleFormValues {
  name: string
  alert_type: AlertType
  /** NaN while the field is empty (react-aria NumberField). */
  offline_after_minutes: number
  threshold_value: number
  unit: string
  window: ThresholdWindow
  /** Empty means every device of the group. */
  device_ids: string[]
  severity: AlarmSeverity
  /** Channels the rule's alarms go out on (e-mail, webhooks). */
  channel_ids: string[]
}

export const emptyRuleForm: RuleFormValues = {
  name: '',
  alert_type: 'DEVICE_OFFLINE',
  offline_after_minutes: 30,
  threshold_value: Number.NaN,
  unit: 'kWh',
  window: 'DAILY',
  device_ids: [],
  severity: 'warning',
  channel_ids: [],
}

const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter a name for the rule'),
    z.maxLength(NAME_MAX, `Use at most ${NAME_MAX} characters`),
  )

const offline = z.object({
  name,
  // z.number() refuses NaN, which is what an emptied NumberField holds.
  offline_after_minutes: z
    .number('Enter the minutes a device may be silent')
    .check(
      z.multipleOf(1, 'Use whole minutes'),
      z.minimum(OFFLINE_MINUTES.min, `Use at least ${OFFLINE_MINUTES.min} minutes`),
      z.maximum(OFFLINE_MINUTES.max, 'Use at most 10080 minutes (7 days)'),
    ),
})

const threshold = z.object({
  name,
  threshold_value: z
    .number('Enter a threshold')
    .check(z.minimum(0, 'The threshold must be zero or more')),
  unit: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter a unit, e.g. kWh'),
      z.maxLength(UNIT_MAX, `Use at most ${UNIT_MAX} characters`),
    ),
  window: z.enum(thresholdWindows, 'Choose a window'),
})

export type RuleFormErrors = Partial<Record<keyof RuleFormValues, string>>

/** The first message per field of the chosen alert type; none when every field is valid. */
export function checkRule(values: RuleFormValues): RuleFormErrors {
  const schema = values.alert_type === 'DEVICE_OFFLINE' ? offline : threshold
  const errors: RuleFormErrors = {}
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    errors[issue.path[0] as keyof RuleFormValues] ??= issue.message
  }
  return errors
}

/** The fields of the rule's alert type as the API takes them (never the other type's: 422). */
function typeFields(values: RuleFormValues) {
  return values.alert_type === 'DEVICE_OFFLINE'
    ? { offline_after_minutes: values.offline_after_minutes }
    : { threshold_value: values.threshold_value, unit: values.unit.trim(), window: values.window }
}

/** The create body for the group, from values that pass `checkRule`. */
export function toRuleInput(values: RuleFormValues, groupId: string): NotificationRuleInput {
  const common = {
    group_id: groupId,
    name: values.name.trim(),
    device_ids: values.device_ids,
    severity: values.severity,
    channel_ids: values.channel_ids,
  }
  return values.alert_type === 'DEVICE_OFFLINE'
    ? {
        ...common,
        alert_type: 'DEVICE_OFFLINE',
        offline_after_minutes: values.offline_after_minutes,
      }
    : {
        ...common,
        alert_type: 'CONSUMPTION_THRESHOLD',
        threshold_value: values.threshold_value,
        unit: values.unit.trim(),
        window: values.window,
      }
}

/** An edit's patch: the name, the devices and the fields of the rule's alert type. */
export function toRulePatch(values: RuleFormValues): NotificationRulePatch {
  return {
    name: values.name.trim(),
    device_ids: values.device_ids,
    severity: values.severity,
    channel_ids: values.channel_ids,
    ...typeFields(values),
  }
}

/** An existing rule as form values; a field of the other alert type keeps its default. */
export function ruleFormValues(rule: NotificationRule): RuleFormValues {
  return {
    name: rule.name,
    alert_type: rule.alert_type,
    offline_after_minutes: rule.offline_after_minutes ?? emptyRuleForm.offline_after_minutes,
    threshold_value: rule.threshold_value ?? emptyRuleForm.threshold_value,
    unit: rule.unit ?? emptyRuleForm.unit,
    window: rule.window ?? emptyRuleForm.window,
    device_ids: rule.device_ids,
    severity: rule.severity,
    channel_ids: rule.channel_ids,
  }
}

/** One line saying when a rule fires ('Alerts after 30 minutes without contact'). */
export function describeRule(
  rule: Pick<
    NotificationRule,
    'alert_type' | 'offline_after_minutes' | 'threshold_value' | 'unit' | 'window'
  >,
): string {
  if (rule.alert_type === 'DEVICE_OFFLINE') {
    return `Alerts after ${rule.offline_after_minutes ?? '?'} minutes without contact`
  }
  const parts = [
    `Alerts above ${formatQuantity(rule.threshold_value ?? 0, rule.unit ?? '')}`,
    rule.window && `per ${windowNouns[rule.window]}`,
  ]
  return parts.filter(Boolean).join(' ')
}

/** How many device names a rule's summary spells out before 'and N more'. */
export const NAMED_DEVICES = 2

/**
 * 'All devices in the group', 'Main meter', 'Main meter and Warehouse north',
 * 'Main meter, Warehouse north and 3 more': the first names of the devices a rule watches
 * (`names` by id; a count stands in while they load). A rule that lost its last device watches
 * none: only a person's choice widens it to all.
 */
export function describeDevices(
  rule: Pick<NotificationRule, 'device_ids' | 'deactivated_reason'>,
  names: ReadonlyMap<string, string> = new Map(),
): string {
  const deviceIds = rule.device_ids
  if (deviceIds.length === 0)
    return rule.deactivated_reason ? 'No devices' : 'All devices in the group'
  const named = deviceIds.slice(0, NAMED_DEVICES).map((id) => names.get(id))
  if (named.some((name) => name === undefined)) return plural(deviceIds.length, 'device')
  const rest = deviceIds.length - named.length
  if (rest === 0) return named.length === 1 ? named[0]! : `${named[0]} and ${named[1]}`
  return `${named.join(', ')} and ${plural(rest, 'more device', 'more devices')}`
}
