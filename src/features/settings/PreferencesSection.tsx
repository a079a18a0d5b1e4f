import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { invalidate, updatePreferencesMutation, type Preferences } from '../../api'
import { applyTheme } from '../../styles'
import { Card, NumberField, Select, SelectItem } from '../../ui'
import { useAppServices } from '../shared/use-app-services'
import { fieldErrors, type FormErrors } from '../shared/form-errors'
import { ServerForm } from '../shared/ServerForm'
import * as styles from '../shared/page.css'
import { TimezoneSelect } from './TimezoneSelect'
import { preferencesOptions } from './use-preferences'

const themes = [
  { id: 'system', name: 'System (follow the device)' },
  { id: 'light', name: 'Light' },
  { id: 'dark', name: 'Dark' },
] as const
const weekStarts = [
  { id: 'sunday', name: 'Sunday' },
  { id: 'monday', name: 'Monday' },
] as const

/** Theme, timezone, week start and billing month start; saved at once, the theme applied at once. */
export function PreferencesSection({ preferences }: { preferences: Preferences }) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const [draft, setDraft] = useState(preferences)
  const [errors, setErrors] = useState<FormErrors>({ fields: {} })
  const set =
    <K extends keyof Preferences>(key: K) =>
    (value: Preferences[K]) =>
      setDraft((d) => ({ ...d, [key]: value }))
  const save = useMutation({
    ...updatePreferencesMutation(),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesOptions().queryKey, saved)
      // Reports and the dashboard cut days in the new timezone: their cached figures are stale.
      void invalidate(queryClient, 'getEnergyReport')
      applyTheme(saved.theme)
      setErrors({ fields: {} })
      feedback.push({
        severity: 'success',
        title: 'Preferences saved',
        message: 'Reports and consumption now use them.',
      })
    },
    onError: (error) => setErrors(fieldErrors(error)),
  })
  return (
    <Card
      title="Preferences"
      description="How the console looks and how it counts days, weeks and months."
    >
      <ServerForm
        errors={errors}
        onSubmit={() => save.mutate({ body: draft })}
        submitLabel="Save preferences"
        isPending={save.isPending}
      >
        <div className={styles.formRow}>
          <Select
            label="Theme"
            items={themes}
            selectedKey={draft.theme}
            onSelectionChange={(key) => set('theme')(key as Preferences['theme'])}
          >
            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
          </Select>
          <Select
            label="Week starts on"
            items={weekStarts}
            selectedKey={draft.week_start}
            onSelectionChange={(key) => set('week_start')(key as Preferences['week_start'])}
          >
            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
          </Select>
        </div>
        <TimezoneSelect
          value={draft.timezone}
          onChange={set('timezone')}
          description="Days, weeks and months in consumption and reports start at midnight here."
        />
        <NumberField
          label="Billing month starts on day"
          name="month_start_day"
          minValue={1}
          maxValue={28}
          value={draft.month_start_day}
          onChange={(value) => set('month_start_day')(Number.isNaN(value) ? 1 : value)}
          description="For billing cycles such as the 8th to the 8th (1 to 28, so it exists in every month)."
        />
      </ServerForm>
    </Card>
  )
}
