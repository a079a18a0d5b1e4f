import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import type { Preferences } from '~/api'
import type { SessionUser } from '~/features/auth/session'
import { TopBar } from '~/features/shell/TopBar'
import { failing } from '~/mocks/handlers'
import { preferencesHandlers } from '~/mocks/preferences'
import { darkTheme } from '~/styles'
import { withAppServices } from '../../support/with-app-services'
import { demoUsers } from '../../support/users'
import { withToasts } from '../users/support'

const groups = {
  items: [
    {
      id: '1b6f0c9a-0000-4000-8000-000000000001',
      name: 'Northwind Energy',
      description: null,
      timezone: 'Europe/Berlin',
      member_count: 2,
      device_count: 8,
      created_at: '2026-01-01T00:00:00Z',
    },
    {
      id: '1b6f0c9a-0000-4000-8000-000000000002',
      name: 'Harbor Utilities',
      description: null,
      timezone: 'America/New_York',
      member_count: 1,
      device_count: 6,
      created_at: '2026-01-01T00:00:00Z',
    },
  ],
  total: 2,
  skip: 0,
  limit: 500,
}

const meta = {
  title: 'Features/Shell/TopBar',
  component: TopBar,
  decorators: [withToasts, withAppServices],
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: {
        groups: [http.get('*/api/v1/groups/', () => HttpResponse.json(groups))],
        preferences: preferencesHandlers(),
      },
    },
  },
  args: { user: demoUsers.DEVELOPER, environment: 'development' },
} satisfies Meta<typeof TopBar>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('DEVELOPMENT')).toBeVisible()
    const trigger = canvas.getByRole('button', { name: 'Dana Developer' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const menu = within(document.body).getByRole('dialog', { name: 'Account' })
    // Visible once the popover has faded in, as a person sees it.
    await waitFor(() => expect(within(menu).getByText('developer@demo.local')).toBeVisible())
    await expect(within(menu).getByText('Group scope')).toBeVisible()
    await expect(within(menu).getByRole('link', { name: 'Settings' })).toBeVisible()
    await expect(within(menu).getByRole('button', { name: 'Logout' })).toBeVisible()
  },
}

/**
 * Opens the user menu with the pointer and checks what the user's role finds there (spec §2, §6):
 * group scope and Settings for DEVELOPER and SUPERUSER only; e-mail, the theme (issue 32) and
 * Logout for everyone.
 */
async function expectAccountMenu(canvasElement: HTMLElement, user: SessionUser) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: user.full_name! }))
  const menu = within(within(document.body).getByRole('dialog', { name: 'Account' }))
  await waitFor(() => expect(menu.getByText(user.email)).toBeVisible())
  const elevated = user.role === 'DEVELOPER' || user.role === 'SUPERUSER'
  await expect(menu.queryByText('Group scope') !== null).toBe(elevated)
  await expect(menu.queryByRole('link', { name: 'Settings' }) !== null).toBe(elevated)
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible()
  const theme = within(menu.getByRole('menu', { name: 'Appearance' }))
  await expect(theme.getByRole('group', { name: 'Theme' })).toBeVisible()
  await waitFor(() =>
    expect(theme.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
      'aria-checked',
      'true',
    ),
  )
  for (const other of ['Light', 'Dark'])
    await expect(theme.getByRole('menuitemradio', { name: other })).toHaveAttribute(
      'aria-checked',
      'false',
    )
}

export const Admin: Story = {
  args: { user: demoUsers.ADMIN },
  play: ({ canvasElement }) => expectAccountMenu(canvasElement, demoUsers.ADMIN),
}

export const Superuser: Story = {
  args: { user: demoUsers.SUPERUSER },
  play: ({ canvasElement }) => expectAccountMenu(canvasElement, demoUsers.SUPERUSER),
}

export const User: Story = {
  args: { user: demoUsers.USER },
  play: ({ canvasElement }) => expectAccountMenu(canvasElement, demoUsers.USER),
}

export const Developer: Story = {
  play: ({ canvasElement }) => expectAccountMenu(canvasElement, demoUsers.DEVELOPER),
}

/** Each theme saved, as the server was sent it (ThemeByKeyboard). */
const savedThemes = fn<(body: Preferences) => void>()

/**
 * A USER opens the account menu with the keyboard, reaches the theme with Tab (on its first
 * item, as menus do), arrows to Dark and chooses it with Enter: it is saved with the other preferences as they
 * were, applied to the page at once and marked as the choice, the menu still open; Escape closes
 * it (issue 32).
 */
export const ThemeByKeyboard: Story = {
  args: { user: demoUsers.USER },
  beforeEach: () => {
    savedThemes.mockClear()
  },
  parameters: {
    msw: { handlers: { preferences: preferencesHandlers(undefined, savedThemes) } },
  },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Uma User' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    // The popover is portalled to <body>: look for it in the whole document, and wait for it.
    await within(document.body).findByRole('dialog', { name: 'Account' })
    // Looked up afresh each time: the menu's items are drawn again once the preferences load.
    const item = (name: string) =>
      within(within(document.body).getByRole('menu', { name: 'Appearance' })).getByRole(
        'menuitemradio',
        { name },
      )
    await waitFor(() => expect(item('System')).toHaveAttribute('aria-checked', 'true'))
    await userEvent.tab()
    await expect(item('Light')).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(item('Dark')).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(item('Dark')).toHaveAttribute('aria-checked', 'true'))
    await expect(item('System')).toHaveAttribute('aria-checked', 'false')
    // The panel stays open on the choice, focus on it.
    await expect(within(document.body).getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(item('Dark')).toHaveFocus()
    await expect(savedThemes).toHaveBeenCalledTimes(1)
    await expect(savedThemes).toHaveBeenCalledWith({
      theme: 'dark',
      timezone: 'UTC',
      week_start: 'sunday',
      month_start_day: 1,
    })
    await waitFor(() => expect(document.documentElement).toHaveClass(darkTheme))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull())
    // Focus goes back to the button that opened the menu (react-aria restores it after the exit).
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

/** The server refuses the theme: a toast says so, the page and the check mark keep the old one. */
export const ThemeNotSaved: Story = {
  args: { user: demoUsers.USER },
  parameters: {
    msw: {
      handlers: {
        preferences: [
          ...preferencesHandlers().slice(0, 1),
          failing('/api/v1/users/me/preferences', 503, 'Service unavailable'),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Uma User' }))
    const dialog = await within(document.body).findByRole('dialog', { name: 'Account' })
    const system = within(dialog).getByRole('menuitemradio', { name: 'System' })
    await waitFor(() => expect(system).toHaveAttribute('aria-checked', 'true'))
    await userEvent.click(within(dialog).getByRole('menuitemradio', { name: 'Dark' }))
    await waitFor(() => expect(within(document.body).getByText('Theme not saved')).toBeVisible())
    await expect(dialog).toBeVisible()
    await waitFor(() => expect(system).toHaveAttribute('aria-checked', 'true'))
    await expect(document.documentElement).not.toHaveClass(darkTheme)
  },
}

/** The preferences did not load: the menu says so and offers to load them again. */
export const ThemeUnavailable: Story = {
  args: { user: demoUsers.USER },
  parameters: {
    msw: { handlers: { preferences: [failing('/api/v1/users/me/preferences', 503)] } },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Uma User' }))
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Account' }))
    const message = await dialog.findByText('The theme could not be loaded.')
    // Visible once the popover has faded in.
    await waitFor(() => expect(message).toBeVisible())
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Logout' })).toBeVisible()
  },
}

export const UnknownUser: Story = { args: { user: { ...demoUsers.USER, full_name: null } } }
export const Staging: Story = { args: { environment: 'staging' } }
export const Production: Story = {
  args: { environment: 'production' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('PRODUCTION')).toBeNull()
  },
}
export const SignedOut: Story = {
  args: { user: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Login' })).toBeVisible()
  },
}
/** The group list did not load: the scope select says so and offers to load it again. */
export const GroupsUnavailable: Story = {
  parameters: {
    msw: {
      handlers: {
        groups: [
          http.get('*/api/v1/groups/', () =>
            HttpResponse.json({ detail: 'Service unavailable' }, { status: 503 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Dana Developer' }))
    const menu = within(within(document.body).getByRole('dialog', { name: 'Account' }))
    await waitFor(() =>
      expect(menu.getByText('Groups could not be loaded: Service unavailable')).toBeVisible(),
    )
    await expect(menu.getByRole('button', { name: 'Retry' })).toBeVisible()
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
