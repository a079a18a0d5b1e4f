import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import {
  createNotificationRuleMutation,
  listNotificationRulesQueryKey,
  type AlertType,
  type ThresholdWindow,
} from '../../api'
import { Button, Dialog, NumberField, Select, SelectItem, TextField } from '../../ui'
import {
  NAME_MAX,
  OFFLINE_MINUTES,
  UNIT_MAX,
  alertTypeLabels,
  emptyRuleForm,
  thresholdWindows,
  validateRuleForm,
  windowLabels,
  type RuleFormErrors,
  type RuleFormValues,
} from './rule-form'
import { useNotify } from './use-notify'
import * as page from './page.css'

export interface CreateRuleDialogProps {
  groupId: string
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

const alertTypes = Object.keys(alertTypeLabels) as AlertType[]

/** Creates a rule of either alert type in the selected group, validated before it is sent. */
export function CreateRuleDialog({ groupId, isOpen, onOpenChange }: CreateRuleDialogProps) {
  const formId = useId()
  const queryClient = useQueryClient()
  const notify = useNotify()
  const [values, setValues] = useState<RuleFormValues>(emptyRuleForm)
  const [errors, setErrors] = useState<RuleFormErrors>({})
  const set =
    <K extends keyof RuleFormValues>(key: K) =>
    (value: RuleFormValues[K]) => {
      setValues((v) => ({ ...v, [key]: value }))
      setErrors((e) => ({ ...e, [key]: undefined }))
    }
  const create = useMutation({
    ...createNotificationRuleMutation(),
    onSuccess: () => {
      notify.success('Notification rule created', 'The rule is now active for the selected scope.')
      void queryClient.invalidateQueries({ queryKey: listNotificationRulesQueryKey() })
      setValues(emptyRuleForm)
      onOpenChange(false)
    },
    onError: notify.failure('Failed to create notification rule'),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const result = validateRuleForm(values, groupId)
    if (!result.ok) return setErrors(result.errors)
    create.mutate({ body: result.input })
  }

  const field = (key: keyof RuleFormValues) => ({
    isInvalid: Boolean(errors[key]),
    errorMessage: errors[key],
  })
  return (
    <Dialog
      title="New notification rule"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isKeyboardDismissDisabled={create.isPending}
      footer={({ close }) => (
        <>
          <Button intent="formSecondary" isDisabled={create.isPending} onPress={close}>
            Cancel
          </Button>
          <Button intent="formPrimary" type="submit" form={formId} isPending={create.isPending}>
            Create rule
          </Button>
        </>
      )}
    >
      <form id={formId} className={page.form} onSubmit={submit} noValidate>
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
        <p className={page.footnote}>The rule watches every device of the group.</p>
      </form>
    </Dialog>
  )
}
