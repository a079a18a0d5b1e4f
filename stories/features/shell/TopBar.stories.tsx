import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { SessionUser } from '~/features/auth/session'
import { TopBar } from '~/features/shell/TopBar'
import { withAppServices } from '../../support/with-app-services'
import { demoUsers } from '../../support/users'

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
  decorators: [withAppServices],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: { groups: [http.get('*/api/v1/groups/', () => HttpResponse.json(groups))] } },
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
 * group scope and Settings for DEVELOPER and SUPERUSER only; e-mail and Logout for everyone.
 */
async function expectAccountMenu(canvasElement: HTMLElement, user: SessionUser) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: user.full_name! }))
  const menu = within(within(document.body).getByRole('dialog', { name: 'Account' }))
  await waitFor(() => expect(menu.getByText(user.email)).toBeVisible())
  const elevated = user.role === 'DEVELOPER' || user.role === 'SUPERUSER'
  await expect(menu.queryByText('Group scope') !== null).toBe(elevated)
  await expect(menu.queryByRole('link', { name: 'Settings' }) !== null).toBe(elevated)
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible()
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
