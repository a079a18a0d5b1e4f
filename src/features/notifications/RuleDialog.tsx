import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
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
  emptyRuleForm,
  ruleFormValues,
  thresholdWindows,
  ruleServerErrors,
  validateRuleEdit,
  validateRuleForm,
  windowLabels,
  type RuleFormErrors,
  type RuleFormValues,
} from './rule-form'
import { fieldErrors } from '../shared/form-errors'
import { useFocusFirstInvalid } from '../shared/ServerForm'
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

/**
 * Create and edit send different calls with different toasts; the form is the same. A refusal
 * that names a field the form shows goes to that field (`onRejected`), anything else to a toast.
 */
function useSaveRule(onSaved: () => void, onRejected: (errors: RuleFormErrors) => void) {
  const queryClient = useQueryClient()
  const notify = useNotify()
  const saved = (title: string, message: string) => () => {
    notify.success(title, message)
    void invalidate(queryClient, 'listNotificationRules')
    onSaved()
  }
  const failed = (title: string) => (error: unknown) => {
    const found = ruleServerErrors(fieldErrors(error).fields)
    if (found) onRejected(found)
    else notify.failure(title)(error)
  }
  const create = useMutation({
    ...createNotificationRuleMutation(),
    onSuccess: saved('Notification rule created', 'The rule is now active for the selected scope.'),
    onError: failed('Failed to create notification rule'),
  })
  const update = useMutation({
    ...updateNotificationRuleMutation(),
    onSuccess: saved('Notification rule updated', 'Changes apply from the next evaluation.'),
    onError: failed('Failed to update notification rule'),
  })
  return { create, update, isPending: create.isPending || update.isPending }
}

/** Creates a rule of either alert type in the group, or edits one; validated before it is sent. */
export function RuleDialog({ groupId, rule, isOpen, onOpenChange }: RuleDialogProps) {
  const formId = useId()
  const initial = rule ? ruleFormValues(rule) : emptyRuleForm
  const [values, setValues] = useState<RuleFormValues>(initial)
  const [errors, setErrors] = useState<RuleFormErrors>({})
  const [rejected, setRejected] = useState<RuleFormErrors | null>(null)
  const reject = (found: RuleFormErrors) => {
    setErrors(found)
    setRejected(found)
  }
  const save = useSaveRule(() => {
    if (!rule) setValues(emptyRuleForm)
    onOpenChange(false)
  }, reject)
  const formRef = useFocusFirstInvalid<HTMLFormElement>(rejected)
  const set =
    <K extends keyof RuleFormValues>(key: K) =>
    (value: RuleFormValues[K]) => {
      setValues((v) => ({ ...v, [key]: value }))
      setErrors((e) => ({ ...e, [key]: undefined }))
    }
  // Opening again starts from the rule as it is now, not from an abandoned edit.
  const changeOpen = (open: boolean) => {
    if (open || !rule) return onOpenChange(open)
    setValues(initial)
    setErrors({})
    onOpenChange(false)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (rule) {
      const result = validateRuleEdit(values)
      if (!result.ok) return reject(result.errors)
      save.update.mutate({ path: { id: rule.id }, body: result.input })
    } else {
      const result = validateRuleForm(values, groupId)
      if (!result.ok) return reject(result.errors)
      save.create.mutate({ body: result.input })
    }
  }

  const field = (key: keyof RuleFormValues) => ({
    isInvalid: Boolean(errors[key]),
    errorMessage: errors[key],
  })
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
      <form ref={formRef} id={formId} className={page.form} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          value={values.name}
          onChange={set('name')}
          maxLength={NAME_MAX}
          {...field('name')}
        />
        <Select
          label="Alert type"
          selectedKey={values.alertType}
          onSelectionChange={(key) => set('alertType')(key as AlertType)}
          // The contract keeps a rule's alert type: a new type is a new rule.
          isDisabled={Boolean(rule)}
        >
          {alertTypes.map((type) => (
            <SelectItem key={type} id={type}>
              {alertTypeLabels[type]}
            </SelectItem>
          ))}
        </Select>
        {values.alertType === 'DEVICE_OFFLINE' ? (
          <NumberField
            label="Offline after (minutes)"
            description="How long a device may stay silent before the rule alerts: 5 minutes to 7 days."
            value={values.offlineAfterMinutes}
            onChange={set('offlineAfterMinutes')}
            minValue={OFFLINE_MINUTES.min}
            maxValue={OFFLINE_MINUTES.max}
            {...field('offlineAfterMinutes')}
          />
        ) : (
          <div className={page.formRow}>
            <NumberField
              label="Threshold"
              value={values.thresholdValue}
              onChange={set('thresholdValue')}
              minValue={0}
              {...field('thresholdValue')}
            />
            <TextField
              label="Unit"
              value={values.unit}
              onChange={set('unit')}
              maxLength={UNIT_MAX}
              {...field('unit')}
            />
            <Select
              label="Window"
              selectedKey={values.window}
              onSelectionChange={(key) => set('window')(key as ThresholdWindow)}
            >
              {thresholdWindows.map((window) => (
                <SelectItem key={window} id={window}>
                  {windowLabels[window]}
                </SelectItem>
              ))}
            </Select>
          </div>
        )}
        <RuleDevicePicker value={values.deviceIds} onChange={set('deviceIds')} />
      </form>
    </Dialog>
  )
}
