import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import type { Preferences } from '~/api'
import { SettingsPage } from '~/features/settings/SettingsPage'
import { users } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { preferencesHandlers } from '~/mocks/preferences'
import { peopleHandlers, settingsHandlers, signedInAs } from '~/mocks/users-groups'
import { mobileViewport } from '../../ui/helpers'
import { withAppServices } from '../../support/with-app-services'
import { withToasts } from '../users/support'

const [developer, superuser] = users

const data = (who = developer!) => ({
  msw: {
    handlers: {
      ...baseHandlers,
      auth: signedInAs(who),
      ...peopleHandlers(),
      ...settingsHandlers(),
    },
  },
})

const meta = {
  title: 'Features/Settings/SettingsPage',
  component: SettingsPage,
  decorators: [withToasts, withAppServices],
  parameters: data(),
} satisfies Meta<typeof SettingsPage>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByDisplayValue('Dana Developer')).toBeVisible()
    const app = canvas.getByRole('region', { name: 'Application' })
    await expect(await within(app).findByText('PGlite 18.6')).toBeVisible()
    await expect(within(app).getByText('1 d 2 h')).toBeVisible()
    await expect(
      await canvas.findByRole('button', { name: /Europe\/Berlin|Europe Berlin/ }),
    ).toBeVisible()
  },
}

export const SaveName: Story = {
  parameters: data(),
  play: async ({ canvas }) => {
    const name = await canvas.findByDisplayValue('Dana Developer')
    await userEvent.clear(name)
    await userEvent.type(name, 'Dana D. Developer{Enter}')
    await waitFor(() => expect(body().getByText('Profile updated')).toBeVisible())
  },
}

export const WrongCurrentPassword: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByLabelText(/Current password/), 'not-my-password')
    await userEvent.type(canvas.getByLabelText(/^New password/), 'staple-orbit-lantern-42')
    await userEvent.type(
      canvas.getByLabelText(/Repeat new password/),
      'staple-orbit-lantern-42{Enter}',
    )
    await expect(await canvas.findByText('The current password is not correct.')).toBeVisible()
  },
}

export const PasswordsDiffer: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByLabelText(/Current password/), 'demo-password')
    await userEvent.type(canvas.getByLabelText(/^New password/), 'staple-orbit-lantern-42')
    await userEvent.type(
      canvas.getByLabelText(/Repeat new password/),
      'staple-orbit-lantern-43{Enter}',
    )
    await expect(await canvas.findByText('The two new passwords differ.')).toBeVisible()
  },
}

export const ChangePassword: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByLabelText(/Current password/), 'demo-password')
    await userEvent.type(canvas.getByLabelText(/^New password/), 'staple-orbit-lantern-42')
    await userEvent.type(
      canvas.getByLabelText(/Repeat new password/),
      'staple-orbit-lantern-42{Enter}',
    )
    await waitFor(() => expect(body().getByText('Password changed')).toBeVisible())
    await waitFor(() => expect(canvas.getByLabelText(/Current password/)).toHaveValue(''))
  },
}

/** Each body the preferences were saved with (SaveWeekStart). */
const savedPreferences = fn<(body: Preferences) => void>()

/**
 * The preferences form saves the calendar (week start here) and keeps the saved theme: the theme
 * is chosen in the account menu, not here (issue 32).
 */
export const SaveWeekStart: Story = {
  beforeEach: () => {
    savedPreferences.mockClear()
  },
  parameters: {
    msw: {
      handlers: {
        ...data().msw.handlers,
        preferences: preferencesHandlers(
          { theme: 'dark', timezone: 'Europe/Berlin', week_start: 'monday', month_start_day: 1 },
          savedPreferences,
        ),
      },
    },
  },
  play: async ({ canvas }) => {
    // Every section in first: one still loading above or below moves where the page scrolls to.
    await canvas.findByText('Readings')
    const prefs = await canvas.findByRole('region', { name: 'Preferences' })
    await expect(within(prefs).queryByRole('button', { name: /Theme/ })).toBeNull()
    await expect(within(prefs).getByText(/The theme is in the account menu/)).toBeVisible()
    within(prefs)
      .getByRole('button', { name: /Week starts on/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await body().findByRole('option', { name: 'Sunday' }))
    await userEvent.click(within(prefs).getByRole('button', { name: /^Save/ }))
    await waitFor(() => expect(body().getByText('Preferences saved')).toBeVisible())
    await expect(savedPreferences).toHaveBeenCalledTimes(1)
    await expect(savedPreferences).toHaveBeenCalledWith({
      theme: 'dark',
      timezone: 'Europe/Berlin',
      week_start: 'sunday',
      month_start_day: 1,
    })
  },
}

export const Superuser: Story = {
  parameters: data(superuser!),
  play: async ({ canvas }) => {
    await expect(await canvas.findByDisplayValue('Sam Superuser')).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Application' })).toBeVisible()
  },
}

export const SystemInfoUnavailable: Story = {
  parameters: {
    msw: {
      handlers: {
        ...data().msw.handlers,
        debug: [failing('/api/v1/debug/system-info', 501, 'Not implemented yet')],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Could not load the application info.')).toBeVisible()
  },
}

export const PreferencesLoading: Story = {
  parameters: {
    msw: {
      handlers: { ...data().msw.handlers, preferences: [pending('/api/v1/users/me/preferences')] },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('status', { name: 'Loading preferences' }),
    ).toBeInTheDocument()
  },
}

export const PreferencesError: Story = {
  parameters: {
    msw: {
      handlers: { ...data().msw.handlers, preferences: [failing('/api/v1/users/me/preferences')] },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your preferences could not be loaded.')).toBeVisible()
  },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvas }) => {
    await expect(await canvas.findByDisplayValue('Dana Developer')).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('PGlite 18.6')).toBeVisible()
  },
}
