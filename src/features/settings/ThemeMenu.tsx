import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { normalizeError, updatePreferencesMutation, type Preferences } from '~/api'
import { applyTheme, sprinkles } from '~/styles'
import { Button, Inline, MenuItem, MenuList, MenuSection, RefreshIcon, Text } from '~/ui'
import { useAppServices } from '../shared/use-app-services'
import { preferencesOptions } from './use-preferences'

type Theme = Preferences['theme']

const themes: readonly { id: Theme; name: string }[] = [
  { id: 'light', name: 'Light' },
  { id: 'dark', name: 'Dark' },
  { id: 'system', name: 'System' },
]

/** Saves a theme with the other preferences as the cache has them now, and applies it once saved. */
function useSaveTheme() {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  return useMutation({
    ...updatePreferencesMutation(),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesOptions().queryKey, saved)
      applyTheme(saved.theme)
    },
    onError: (error) => {
      const { message, detail } = normalizeError(error, 'Theme not saved')
      feedback.push({ title: 'Theme not saved', message, detail, severity: 'error' })
    },
  })
}

/**
 * The colour theme (light, dark, or the system's), chosen in the account menu by every role and
 * saved at once through the preferences API (issue 32). The current choice carries the check
 * mark; a keyboard reaches the menu with Tab, moves with the arrows and chooses with Enter or
 * Space, and Escape closes the account panel.
 */
export function ThemeMenu() {
  const queryClient = useQueryClient()
  const preferences = useQuery(preferencesOptions())
  const save = useSaveTheme()
  if (preferences.isError)
    return (
      <Inline space="xs" alignY="center" className={sprinkles({ paddingX: 'md' })}>
        <Text size="sm" tone="muted">
          The theme could not be loaded.
        </Text>
        <Button variant="ghost" onPress={() => void preferences.refetch()}>
          <RefreshIcon size="sm" /> Retry
        </Button>
      </Inline>
    )
  // While a choice is being saved it is shown as made; a failure puts the saved one back.
  const current = save.isPending ? save.variables.body.theme : preferences.data?.theme
  const choose = (theme: Theme) => {
    // The other preferences as they are now (the settings page may have saved them meanwhile).
    const saved = queryClient.getQueryData(preferencesOptions().queryKey) ?? preferences.data
    if (!saved || theme === current) return
    save.mutate({ body: { ...saved, theme } })
  }
  return (
    <MenuList
      aria-label="Appearance"
      disabledKeys={preferences.data ? [] : themes.map((t) => t.id)}
    >
      <MenuSection
        title="Theme"
        selectionMode="single"
        disallowEmptySelection
        // The account panel stays open, as after choosing a group scope: the check mark moves and
        // the page changes under it (react-aria would close the panel, its trigger's, otherwise).
        shouldCloseOnSelect={false}
        selectedKeys={current ? [current] : []}
        onSelectionChange={(keys) => {
          const [theme] = keys === 'all' ? [] : [...keys]
          if (theme) choose(theme as Theme)
        }}
      >
        {themes.map((theme) => (
          <MenuItem key={theme.id} id={theme.id}>
            {theme.name}
          </MenuItem>
        ))}
      </MenuSection>
    </MenuList>
  )
}
