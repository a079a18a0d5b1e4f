import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import {
  createNotificationRuleMutation,
  invalidate,
  listNotificationChannelsOptions,
  type AlarmSeverity,
  updateNotificationRuleMutation,
  type AlertType,
  type NotificationRule,
  type ThresholdWindow,
} from '~/api'
import {
  Button,
  Checkbox,
  Dialog,
  NumberField,
  Select,
  SelectItem,
  Stack,
  Text,
  TextField,
  Tiles,
} from '~/ui'
import {
  NAME_MAX,
  OFFLINE_MINUTES,
  UNIT_MAX,
  alertTypeLabels,
  checkRule,
  emptyRuleForm,
  ruleFormValues,
  severities,
  severityLabels,
  thresholdWindows,
  toRuleInput,
  toRulePatch,
  windowLabels,
  type RuleFormValues,
} from './rule-form'
import { ServerForm } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import { WidgetBody } from '../shared/WidgetBody'
import { channelTypeLabels } from './channel-form'
import { RuleDevicePicker } from './RuleDevices'
import { useNotify } from './use-notify'

export interface RuleDialogProps {
  groupId: string
  /** The rule to edit; without one the dialog creates a rule. */
  rule?: NotificationRule
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

const alertTypes = Object.keys(alertTypeLabels) as AlertType[]

/** The group's channels as checkboxes: the rule's alarms go out on the chosen ones. */
function RuleChannelPicker({
  groupId,
  value,
  onChange,
}: {
  groupId: string
  value: readonly string[]
  onChange: (ids: string[]) => void
}) {
  const labelId = useId()
  const channels = useQuery(listNotificationChannelsOptions())
  const ofGroup = (channels.data?.items ?? []).filter((c) => c.group_id === groupId)
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value, id] : value.filter((v) => v !== id))
  return (
    <Stack space="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" weight="medium">
        Send alarms to
      </Text>
      <WidgetBody
        query={channels}
        what="the channels"
        loading={
          <Text size="sm" tone="muted">
            Loading channels...
          </Text>
        }
        empty={
          ofGroup.length === 0 && (
            <Text size="sm" tone="muted">
              No channels yet: the bell and the history still show every alarm. Add e-mail or
              webhook channels in the Channels tab.
            </Text>
          )
        }
      >
        {() =>
          ofGroup.map((c) => (
            <Checkbox
              key={c.id}
              isSelected={value.includes(c.id)}
              onChange={(on) => toggle(c.id, on)}
            >
              {c.name} ({channelTypeLabels[c.type]})
            </Checkbox>
          ))
        }
      </WidgetBody>
    </Stack>
  )
}

/** Create and edit send different calls with different toasts; the form is the same. */
function useSaveRule(onSaved: () => void, onRejected: (error: unknown) => void) {
  const queryClient = useQueryClient()
  const notify = useNotify()
  const saved = (title: string, message: string) => () => {
    notify.success(title, message)
    void invalidate(queryClient, 'listNotificationRules')
    onSaved()
  }
  const create = useMutation({
    ...createNotificationRuleMutation(),
    onSuccess: saved('Notification rule created', 'The rule is now active for the selected scope.'),
    onError: (error) => {
      onRejected(error)
      notify.failure('Failed to create notification rule')(error)
    },
  })
  const update = useMutation({
    ...updateNotificationRuleMutation(),
    onSuccess: saved('Notification rule updated', 'Changes apply from the next evaluation.'),
    onError: (error) => {
      onRejected(error)
      notify.failure('Failed to update notification rule')(error)
    },
  })
  return { create, update, isPending: create.isPending || update.isPending }
}

/** Creates a rule of either alert type in the group, or edits one; validated before it is sent. */
export function RuleDialog({ groupId, rule, isOpen, onOpenChange }: RuleDialogProps) {
  const formId = useId()
  const initial = rule ? ruleFormValues(rule) : emptyRuleForm
  const form = useForm<RuleFormValues>(initial, checkRule)
  const save = useSaveRule(
    () => {
      if (!rule) form.reset(emptyRuleForm)
      onOpenChange(false)
    },
    // The fields say where; the toast (hideFormError) says the rest.
    (error) => form.rejectError(error),
  )
  // Opening again starts from the rule as it is now, not from an abandoned edit.
  const changeOpen = (open: boolean) => {
    if (open || !rule) return onOpenChange(open)
    form.reset(initial)
    onOpenChange(false)
  }
  const submit = (values: RuleFormValues) =>
    rule
      ? save.update.mutate({ path: { id: rule.id }, body: toRulePatch(values) })
      : save.create.mutate({ body: toRuleInput(values, groupId) })

  return (
    <Dialog
      title={rule ? 'Edit notification rule' : 'New notification rule'}
      isOpen={isOpen}
      onOpenChange={changeOpen}
      isKeyboardDismissDisabled={save.isPending}
      footer={({ close }) => (
        <>
          <Button intent="formSecondary" isDisabled={save.isPending} onPress={close}>
            Cancel
          </Button>
          <Button intent="formPrimary" type="submit" form={formId} isPending={save.isPending}>
            {rule ? 'Save changes' : 'Create rule'}
          </Button>
        </>
      )}
    >
      <ServerForm form={form} onSubmit={submit} id={formId} hideFormError>
        <TextField label="Name" maxLength={NAME_MAX} {...form.field('name')} />
        <Select
          label="Alert type"
          selectedKey={form.values.alert_type}
          onSelectionChange={(key) => form.set('alert_type')(key as AlertType)}
          // The contract keeps a rule's alert type: a new type is a new rule.
          isDisabled={Boolean(rule)}
        >
          {alertTypes.map((type) => (
            <SelectItem key={type} id={type}>
              {alertTypeLabels[type]}
            </SelectItem>
          ))}
        </Select>
        {form.values.alert_type === 'DEVICE_OFFLINE' ? (
          <NumberField
            label="Offline after (minutes)"
            description="How long a device may stay silent before the rule alerts: 5 minutes to 7 days."
            minValue={OFFLINE_MINUTES.min}
            maxValue={OFFLINE_MINUTES.max}
            {...form.field('offline_after_minutes')}
          />
        ) : (
          <Tiles space="md" minItemWidth="10rem">
            <NumberField label="Threshold" minValue={0} {...form.field('threshold_value')} />
            <TextField label="Unit" maxLength={UNIT_MAX} {...form.field('unit')} />
            <Select
              label="Window"
              selectedKey={form.values.window}
              onSelectionChange={(key) => form.set('window')(key as ThresholdWindow)}
            >
              {thresholdWindows.map((window) => (
                <SelectItem key={window} id={window}>
                  {windowLabels[window]}
                </SelectItem>
              ))}
            </Select>
          </Tiles>
        )}
        <RuleDevicePicker value={form.values.device_ids} onChange={form.set('device_ids')} />
        <Select
          label="Severity"
          selectedKey={form.values.severity}
          onSelectionChange={(key) => form.set('severity')(key as AlarmSeverity)}
        >
          {severities.map((severity) => (
            <SelectItem key={severity} id={severity}>
              {severityLabels[severity]}
            </SelectItem>
          ))}
        </Select>
        <RuleChannelPicker
          groupId={groupId}
          value={form.values.channel_ids}
          onChange={form.set('channel_ids')}
        />
      </ServerForm>
    </Dialog>
  )
}
