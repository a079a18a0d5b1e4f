import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { SettingsPage } from '~/features/settings/SettingsPage'
import { users } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { peopleHandlers, settingsHandlers, signedInAs } from '~/mocks/users-groups'
import { darkTheme } from '~/styles'
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

export const SaveDarkTheme: Story = {
  parameters: data(),
  play: async ({ canvas }) => {
    const prefs = await canvas.findByRole('region', { name: 'Preferences' })
    within(prefs).getByRole('button', { name: /Theme/ }).focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await body().findByRole('option', { name: 'Dark' }))
    await userEvent.click(within(prefs).getByRole('button', { name: /^Save/ }))
    await waitFor(() => expect(body().getByText('Preferences saved')).toBeVisible())
    await expect(document.documentElement.classList.contains(darkTheme)).toBe(true)
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
