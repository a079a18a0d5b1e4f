import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '~/features/auth/guards'
import { SettingsPage } from '~/features/settings/SettingsPage'
import { preferencesOptions } from '~/features/settings/use-preferences'

export const Route = createFileRoute('/_auth/_minimal/settings')({
  staticData: { title: 'Settings' },
  beforeLoad: requireArea('settings'),
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(preferencesOptions()),
  component: SettingsPage,
})
