import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidate, updatePreferencesMutation, type Preferences } from '../../api'
import { applyTheme } from '../../styles'
import { Card, NumberField, Select, SelectItem } from '../../ui'
import { useAppServices } from '../shared/use-app-services'
import { ServerForm } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
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
  const form = useForm(preferences)
  const save = useMutation({
    ...updatePreferencesMutation(),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesOptions().queryKey, saved)
      // Reports and the dashboard cut days in the new timezone: their cached figures are stale.
      void invalidate(queryClient, 'getEnergyReport')
      applyTheme(saved.theme)
      feedback.push({
        severity: 'success',
        title: 'Preferences saved',
        message: 'Reports and consumption now use them.',
      })
    },
    onError: (error) => form.rejectError(error),
  })
  return (
    <Card
      title="Preferences"
      description="How the console looks and how it counts days, weeks and months."
    >
      <ServerForm
        form={form}
        onSubmit={(body) => save.mutate({ body })}
        submitLabel="Save preferences"
        isPending={save.isPending}
      >
        <div className={styles.formRow}>
          <Select
            label="Theme"
            items={themes}
            selectedKey={form.values.theme}
            onSelectionChange={(key) => form.set('theme')(key as Preferences['theme'])}
          >
            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
          </Select>
          <Select
            label="Week starts on"
            items={weekStarts}
            selectedKey={form.values.week_start}
            onSelectionChange={(key) => form.set('week_start')(key as Preferences['week_start'])}
          >
            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
          </Select>
        </div>
        <TimezoneSelect
          value={form.values.timezone}
          onChange={form.set('timezone')}
          description="Days, weeks and months in consumption and reports start at midnight here."
        />
        <NumberField
          label="Billing month starts on day"
          minValue={1}
          maxValue={28}
          {...form.field('month_start_day')}
          onChange={(value) => form.set('month_start_day')(Number.isNaN(value) ? 1 : value)}
          description="For billing cycles such as the 8th to the 8th (1 to 28, so it exists in every month)."
        />
      </ServerForm>
    </Card>
  )
}
