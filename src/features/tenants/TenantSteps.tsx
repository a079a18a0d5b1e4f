import { Form } from 'react-aria-components'
import type { FormEvent, ReactNode } from 'react'
import { Button, Checkbox, NumberField, Select, SelectItem, Spinner, TextField } from '../../ui'
import { TimezoneSelect } from '../settings/TimezoneSelect'
import { atLeastChars, checks, emailAddress, filled, numberGiven } from '../shared/field-rules'
import type { FieldErrors } from '../shared/form-errors'
import * as page from '../shared/page.css'
import { starterRules, windowLabels, type TenantDraft, type ThresholdWindow } from './tenant-draft'
import * as styles from './tenants.css'

export interface StepProps {
  draft: TenantDraft
  onChange: (draft: TenantDraft) => void
  onNext: () => void
  onBack?: () => void
  errors: FieldErrors
}

/** A step's form: the fields' checks (in our words) stop Next until its required fields are filled. */
function StepForm({
  children,
  onNext,
  onBack,
  errors,
  nextLabel = 'Next',
  isPending,
}: {
  children: ReactNode
  onNext: () => void
  onBack?: () => void
  errors: FieldErrors
  nextLabel?: string
  isPending?: boolean
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onNext()
  }
  return (
    <Form className={page.form} validationErrors={errors} onSubmit={submit}>
      {children}
      <div className={page.formActions}>
        {onBack && (
          <Button intent="formSecondary" onPress={onBack} isDisabled={isPending}>
            Back
          </Button>
        )}
        {/* A status line rather than the button's pending state: the step may change under it. */}
        {isPending && <Spinner size="sm" label="Creating the tenant" showLabel />}
        <Button intent="formPrimary" type="submit" isDisabled={isPending}>
          {nextLabel}
        </Button>
      </div>
    </Form>
  )
}

const weekStarts = [
  { id: 'sunday', name: 'Sunday' },
  { id: 'monday', name: 'Monday' },
] as const

export function GroupStep({ draft, onChange, ...props }: StepProps) {
  const group = (patch: Partial<TenantDraft['group']>) =>
    onChange({ ...draft, group: { ...draft.group, ...patch } })
  return (
    <StepForm {...props}>
      <TextField
        name="group.name"
        label="Group name"
        isRequired
        validate={filled('Enter a name for the group.')}
        maxLength={100}
        value={draft.group.name}
        onChange={(name) => group({ name })}
        description="Unique across the console, e.g. the customer's company."
      />
      <TextField
        name="group.description"
        label="Description"
        multiline
        maxLength={500}
        value={draft.group.description}
        onChange={(description) => group({ description })}
      />
      <div className={page.formRow}>
        <TimezoneSelect
          value={draft.group.timezone}
          onChange={(timezone) => group({ timezone })}
          description="Days and months of the group's devices start here."
        />
        <Select
          label="Week starts on"
          items={weekStarts}
          selectedKey={draft.group.weekStart}
          onSelectionChange={(key) => group({ weekStart: key as 'sunday' | 'monday' })}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
      </div>
    </StepForm>
  )
}

export function AdminStep({ draft, onChange, ...props }: StepProps) {
  const admin = (patch: Partial<TenantDraft['admin']>) =>
    onChange({ ...draft, admin: { ...draft.admin, ...patch } })
  return (
    <StepForm {...props}>
      <TextField
        name="admin.full_name"
        label="Full name"
        isRequired
        validate={filled("Enter the admin's full name.")}
        maxLength={200}
        value={draft.admin.full_name}
        onChange={(full_name) => admin({ full_name })}
      />
      <TextField
        name="admin.email"
        type="email"
        label="E-mail"
        isRequired
        validate={checks(filled("Enter the admin's e-mail address."), emailAddress)}
        maxLength={254}
        value={draft.admin.email}
        onChange={(email) => admin({ email })}
      />
      <TextField
        name="admin.password"
        type="password"
        label="Initial password"
        isRequired
        validate={checks(filled('Enter an initial password.'), atLeastChars(12))}
        minLength={12}
        maxLength={128}
        autoComplete="new-password"
        value={draft.admin.password}
        onChange={(password) => admin({ password })}
        description="At least 12 characters. Share it safely; they can change it in their settings."
      />
    </StepForm>
  )
}

const windows = (Object.keys(windowLabels) as ThresholdWindow[]).map((id) => ({
  id,
  name: `Per ${windowLabels[id]}`,
}))

export function RulesStep({ draft, onChange, ...props }: StepProps) {
  const rules = (patch: Partial<TenantDraft['rules']>) =>
    onChange({ ...draft, rules: { ...draft.rules, ...patch } })
  return (
    <StepForm {...props}>
      <p className={page.note}>
        Starter rules watch every device of the new group. They can be changed later under
        Notifications.
      </p>
      <div className={styles.ruleBox}>
        <Checkbox isSelected={draft.rules.offline} onChange={(offline) => rules({ offline })}>
          Alert when a device goes offline
        </Checkbox>
        {draft.rules.offline && (
          <NumberField
            label="Offline after (minutes)"
            minValue={5}
            maxValue={10080}
            value={draft.rules.offlineMinutes}
            onChange={(offlineMinutes) => rules({ offlineMinutes })}
            isRequired
            validate={numberGiven('Enter the minutes a device may be silent.')}
          />
        )}
      </div>
      <div className={styles.ruleBox}>
        <Checkbox isSelected={draft.rules.threshold} onChange={(threshold) => rules({ threshold })}>
          Alert when a device uses more than a budget
        </Checkbox>
        {draft.rules.threshold && (
          <div className={page.formRow}>
            <NumberField
              label="Budget (kWh)"
              minValue={0}
              value={draft.rules.thresholdKwh}
              onChange={(thresholdKwh) => rules({ thresholdKwh })}
              isRequired
              validate={numberGiven('Enter the budget in kWh.')}
            />
            <Select
              label="Window"
              items={windows}
              selectedKey={draft.rules.window}
              onSelectionChange={(key) => rules({ window: key as ThresholdWindow })}
            >
              {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
            </Select>
          </div>
        )}
      </div>
    </StepForm>
  )
}

export function ReviewStep({
  draft,
  isPending,
  formError,
  ...props
}: StepProps & { isPending: boolean; formError?: string }) {
  const rules = starterRules(draft.rules)
  const rows: [string, string][] = [
    ['Group', draft.group.name],
    ['Description', draft.group.description.trim() || 'None'],
    ['Timezone', draft.group.timezone],
    ['Week starts on', draft.group.weekStart === 'monday' ? 'Monday' : 'Sunday'],
    ['First admin', `${draft.admin.full_name} (${draft.admin.email})`],
    ['Starter rules', rules.length ? rules.map((r) => r.name).join('; ') : 'None'],
  ]
  return (
    <StepForm {...props} nextLabel="Create tenant" isPending={isPending}>
      {formError && (
        <p role="alert" className={page.formError}>
          {formError}
        </p>
      )}
      <dl className={styles.review}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.reviewRow}>
            <dt className={styles.reviewLabel}>{label}</dt>
            <dd className={styles.reviewValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={page.note}>
        Everything is created in one step: if anything fails, nothing is created.
      </p>
    </StepForm>
  )
}
