import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Sidebar } from '~/features/shell/Sidebar'
import { layout } from '~/styles/tokens'
import { demoUsers } from '../../support/users'
import { expectNavigation, expectedItems } from './navigation-checks'

const meta = {
  title: 'Features/Shell/Sidebar',
  component: Sidebar,
  // As wide as the desktop panel it fills (spec §2: 16rem).
  decorators: [
    (Story) => (
      <div style={{ width: layout.sidebarWidth }}>
        <Story />
      </div>
    ),
  ],
  args: { user: demoUsers.DEVELOPER },
  parameters: { route: '/dashboard' },
} satisfies Meta<typeof Sidebar>
export default meta
type Story = StoryObj<typeof meta>

/** Every item, Debug included; the current page is the one the path names exactly. */
export const Developer: Story = {
  parameters: { route: '/debug?tab=profiling' },
  play: ({ canvasElement }) => expectNavigation(canvasElement, expectedItems.DEVELOPER, 'Debug'),
}

/** No Debug; a path below an item's route still marks it (the search is not compared). */
export const Superuser: Story = {
  args: { user: demoUsers.SUPERUSER },
  parameters: { route: '/users?page=groups' },
  play: ({ canvasElement }) =>
    expectNavigation(canvasElement, expectedItems.SUPERUSER, 'Users & Groups'),
}

export const Admin: Story = {
  args: { user: demoUsers.ADMIN },
  parameters: { route: '/devices/9e0a7b1c-0000-4000-8000-000000000001/consumption' },
  play: ({ canvasElement }) => expectNavigation(canvasElement, expectedItems.ADMIN, 'Devices'),
}

/** Neither Users & Groups nor Debug. */
export const User: Story = {
  args: { user: demoUsers.USER },
  parameters: { route: '/notifications?tab=rules' },
  play: ({ canvasElement }) => expectNavigation(canvasElement, expectedItems.USER, 'Notifications'),
}

/** Settings exists but stays out of the sidebar, so on its page no item is current. */
export const OnHiddenRoute: Story = {
  parameters: { route: '/settings' },
  play: ({ canvasElement }) => expectNavigation(canvasElement, expectedItems.DEVELOPER, null),
}

export const SignedOut: Story = {
  args: { user: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull()
  },
}

export const Dark: Story = { ...Admin, globals: { theme: 'dark' } }
