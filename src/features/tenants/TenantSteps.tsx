import type { ReactNode } from 'react'
import { sprinkles } from '~/styles'
import { Checkbox, NumberField, Select, SelectItem, Stack, Text, TextField, Tiles } from '~/ui'
import { TimezoneSelect } from '../settings/TimezoneSelect'
import { ServerForm } from '../shared/ServerForm'
import type { FormState } from '../shared/use-form'
import { starterRules, windowLabels, type TenantDraft, type ThresholdWindow } from './tenant-draft'
import * as styles from './tenants.css'

const ruleBox = sprinkles({ padding: 'lg', border: 'line', borderRadius: 'md' })

export interface StepProps {
  form: FormState<TenantDraft>
  onNext: (draft: TenantDraft) => void
  onBack?: () => void
}

/** A step's form: the step's checks (in our words) stop Next until its required fields are filled. */
function StepForm({
  form,
  onNext,
  onBack,
  children,
  nextLabel = 'Next',
  isPending,
}: StepProps & { children: ReactNode; nextLabel?: string; isPending?: boolean }) {
  return (
    <ServerForm
      form={form}
      onSubmit={onNext}
      submitLabel={nextLabel}
      onCancel={onBack}
      cancelLabel="Back"
      isPending={isPending}
      // A status line rather than the button's pending state: the step may change under it.
      pendingLabel="Creating the tenant"
    >
      {children}
    </ServerForm>
  )
}

const weekStarts = [
  { id: 'sunday', name: 'Sunday' },
  { id: 'monday', name: 'Monday' },
] as const

export function GroupStep(props: StepProps) {
  const { form } = props
  return (
    <StepForm {...props}>
      <TextField
        label="Group name"
        isRequired
        maxLength={100}
        {...form.field('group.name')}
        description="Unique across the console, e.g. the customer's company."
      />
      <TextField
        label="Description"
        multiline
        maxLength={500}
        {...form.field('group.description')}
      />
      <Tiles space="lg" minItemWidth="12rem">
        <TimezoneSelect
          value={form.values.group.timezone}
          onChange={form.set('group.timezone')}
          description="Days and months of the group's devices start here."
        />
        <Select
          label="Week starts on"
          items={weekStarts}
          selectedKey={form.values.group.weekStart}
          onSelectionChange={(key) => form.set('group.weekStart')(key as 'sunday' | 'monday')}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
      </Tiles>
    </StepForm>
  )
}

export function AdminStep(props: StepProps) {
  const { form } = props
  return (
    <StepForm {...props}>
      <TextField label="Full name" isRequired maxLength={200} {...form.field('admin.full_name')} />
      <TextField
        type="email"
        label="E-mail"
        isRequired
        maxLength={254}
        {...form.field('admin.email')}
      />
      <TextField
        type="password"
        label="Initial password"
        isRequired
        maxLength={128}
        autoComplete="new-password"
        {...form.field('admin.password')}
        description="At least 12 characters. Share it safely; they can change it in their settings."
      />
    </StepForm>
  )
}

const windows = (Object.keys(windowLabels) as ThresholdWindow[]).map((id) => ({
  id,
  name: `Per ${windowLabels[id]}`,
}))

export function RulesStep(props: StepProps) {
  const { form } = props
  const rules = form.values.rules
  return (
    <StepForm {...props}>
      <Text as="p" size="sm" tone="muted">
        Starter rules watch every device of the new group. They can be changed later under
        Notifications.
      </Text>
      <Stack space="md" className={ruleBox}>
        <Checkbox isSelected={rules.offline} onChange={form.set('rules.offline')}>
          Alert when a device goes offline
        </Checkbox>
        {rules.offline && (
          <NumberField
            label="Offline after (minutes)"
            minValue={5}
            maxValue={10080}
            {...form.field('rules.offlineMinutes')}
            isRequired
          />
        )}
      </Stack>
      <Stack space="md" className={ruleBox}>
        <Checkbox isSelected={rules.threshold} onChange={form.set('rules.threshold')}>
          Alert when a device uses more than a budget
        </Checkbox>
        {rules.threshold && (
          <Tiles space="lg" minItemWidth="12rem">
            <NumberField
              label="Budget (kWh)"
              minValue={0}
              {...form.field('rules.thresholdKwh')}
              isRequired
            />
            <Select
              label="Window"
              items={windows}
              selectedKey={rules.window}
              onSelectionChange={(key) => form.set('rules.window')(key as ThresholdWindow)}
            >
              {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
            </Select>
          </Tiles>
        )}
      </Stack>
    </StepForm>
  )
}

export function ReviewStep({ isPending, ...props }: StepProps & { isPending: boolean }) {
  const draft = props.form.values
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
      <Stack as="dl" space="md">
        {rows.map(([label, value]) => (
          <div key={label} className={styles.reviewRow}>
            <Text as="dt" size="sm" tone="muted">
              {label}
            </Text>
            <Text as="dd" breakWord>
              {value}
            </Text>
          </div>
        ))}
      </Stack>
      <Text as="p" size="sm" tone="muted">
        Everything is created in one step: if anything fails, nothing is created.
      </Text>
    </StepForm>
  )
}
