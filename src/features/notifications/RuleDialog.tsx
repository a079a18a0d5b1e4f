import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import {
  createNotificationRuleMutation,
  invalidate,
  updateNotificationRuleMutation,
  type AlertType,
  type NotificationRule,
  type ThresholdWindow,
} from '../../api'
import { Button, Dialog, NumberField, Select, SelectItem, TextField } from '../../ui'
import {
  NAME_MAX,
  OFFLINE_MINUTES,
  UNIT_MAX,
  alertTypeLabels,
  checkRule,
  emptyRuleForm,
  ruleFormValues,
  thresholdWindows,
  toRuleInput,
  toRulePatch,
  windowLabels,
  type RuleFormValues,
} from './rule-form'
import { ServerForm } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import { RuleDevicePicker } from './RuleDevices'
import { useNotify } from './use-notify'
import * as page from './page.css'

export interface RuleDialogProps {
  groupId: string
  /** The rule to edit; without one the dialog creates a rule. */
  rule?: NotificationRule
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

const alertTypes = Object.keys(alertTypeLabels) as AlertType[]

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
          <div className={page.formRow}>
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
          </div>
        )}
        <RuleDevicePicker value={form.values.device_ids} onChange={form.set('device_ids')} />
      </ServerForm>
    </Dialog>
  )
}
