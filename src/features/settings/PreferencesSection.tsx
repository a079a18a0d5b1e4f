import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidate, updatePreferencesMutation, type Preferences } from '~/api'
import { Card, Select, SelectItem, Tiles } from '~/ui'
import { useAppServices } from '../shared/use-app-services'
import { ServerForm } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import { TimezoneSelect } from './TimezoneSelect'
import { preferencesOptions } from './use-preferences'

const weekStarts = [
  { id: 'sunday', name: 'Sunday' },
  { id: 'monday', name: 'Monday' },
] as const

/** What this form edits: every preference but the theme, which is the account menu's (issue 32). */
export type CalendarPreferences = Omit<Preferences, 'theme'>

/** The calendar preferences of `preferences`: what the form starts from (and is keyed by). */
export function calendarPreferences({ theme: _theme, ...rest }: Preferences): CalendarPreferences {
  return rest
}

/**
 * Timezone and week start, saved together. The theme is chosen in the account menu (ThemeMenu,
 * in the header of every page, this one included) and saved there at once; saving this form keeps
 * whatever theme is saved by then. The billing month that used to be here changed nothing: bills
 * are the group's billing cycle (issue 26).
 */
export function PreferencesSection({ preferences }: { preferences: CalendarPreferences }) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const form = useForm(preferences)
  const save = useMutation({
    ...updatePreferencesMutation(),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesOptions().queryKey, saved)
      // Reports and the dashboard cut days in the new timezone: their cached figures are stale.
      void invalidate(queryClient, 'getEnergyReport')
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
      description="How the console counts days, weeks and months. The theme is in the account menu, at the top right."
    >
      <ServerForm
        form={form}
        onSubmit={(body) => {
          // The theme as saved now: the account menu may have changed it since the page loaded.
          const theme = queryClient.getQueryData(preferencesOptions().queryKey)?.theme ?? 'system'
          save.mutate({ body: { ...body, theme } })
        }}
        submitLabel="Save preferences"
        isPending={save.isPending}
      >
        <Tiles space="lg" minItemWidth="12rem">
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
