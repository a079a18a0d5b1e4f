import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidate, updatePreferencesMutation, type Preferences } from '~/api'
import { applyTheme } from '~/styles'
import { Card, Select, SelectItem, Tiles } from '~/ui'
import { useAppServices } from '../shared/use-app-services'
import { ServerForm } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
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

/**
 * Theme, timezone and week start; saved at once, the theme applied at once. The billing month
 * that used to be here changed nothing: bills are the group's billing cycle (issue 26).
 */
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
        <Tiles space="lg" minItemWidth="12rem">
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
        </Tiles>
        <TimezoneSelect
          value={form.values.timezone}
          onChange={form.set('timezone')}
          description="Days, weeks and months in consumption and reports start at midnight here."
        />
      </ServerForm>
    </Card>
  )
}
