import { useQuery } from '@tanstack/react-query'
import { ContentBlock, Skeleton, Stack } from '~/ui'
import { isElevated } from '../auth/roles'
import { useSessionUser } from '../auth/use-session'
import { PageHeader } from '../shared/PageHeader'
import { WidgetBody } from '../shared/WidgetBody'
import { PreferencesSection, calendarPreferences } from './PreferencesSection'
import { PasswordSection, ProfileSection } from './ProfileSection'
import { SystemInfoSection } from './SystemInfoSection'
import { preferencesOptions } from './use-preferences'

/** /settings (minimal layout): profile, password, preferences and, for elevated users, the application. */
export function SettingsPage() {
  const user = useSessionUser()
  const preferences = useQuery(preferencesOptions())
  if (!user) return null
  return (
    <ContentBlock width="medium">
      <Stack space="xl">
        <PageHeader title="Settings" lead="Your profile and how the console works for you." />
        <ProfileSection user={user} />
        <PasswordSection />
        <WidgetBody
          query={preferences}
          what="preferences"
          loading={
            <div role="status" aria-label="Loading preferences">
              <Skeleton shape="rect" height="16rem" />
            </div>
          }
          error={{ message: 'Your preferences could not be loaded.' }}
        >
          {(data) => (
            // A new theme (from the account menu) leaves the form and its unsaved edits alone.
            <PreferencesSection
              key={JSON.stringify(calendarPreferences(data))}
              preferences={calendarPreferences(data)}
            />
          )}
        </WidgetBody>
        {isElevated(user.role) && <SystemInfoSection />}
      </Stack>
    </ContentBlock>
  )
}
