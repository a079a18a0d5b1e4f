import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  useLocation,
} from '@tanstack/react-router'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { Role } from '~/features/auth/roles'
import { AppLayout } from '~/features/shell/AppLayout'
import { DISMISSED_NOTICES_KEY } from '~/features/shell/ServerNotices'
import { navigationItems } from '~/features/shell/navigation'
import { PageHeader } from '~/features/shared/PageHeader'
import { users } from '~/mocks/fixtures'
import { baseHandlers } from '~/mocks/handlers'
import { makeDeliveries, notificationsHandlers } from '~/mocks/notifications'
import {
  brokerTrustNotice,
  embeddedCapacityNotice,
  infoNotice,
  serverStatusHandlers,
} from '~/mocks/server-status'
import type { ServerNotice } from '~/api'
import { signedInAs } from '~/mocks/users-groups'
import { withAppServices } from '../../support/with-app-services'
import { desktopViewport, narrowViewport, shellViewportParameters } from '../../support/viewports'
import { expectNavigation, expectedItems } from './navigation-checks'

/** Stands in for whatever page the path opens: its sidebar label as the title. */
function PlaceholderPage() {
  const { pathname } = useLocation()
  const item = navigationItems.find(
    ({ route }) => pathname === route || pathname.startsWith(`${route}/`),
  )
  return <PageHeader title={item?.label ?? 'Page'} lead="The page's content renders here." />
}

/** The real layout under its own router, so its Outlet, links and path changes all work. */
function Shell({ path }: { path: string }) {
  const [router] = useState(() => {
    const root = createRootRoute({ component: AppLayout })
    const page = createRoute({ getParentRoute: () => root, path: '$', component: PlaceholderPage })
    return createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: [path] }),
    })
  })
  return <RouterProvider router={router} />
}

const byRole = {
  DEVELOPER: users[0]!,
  SUPERUSER: users[1]!,
  ADMIN: users[2]!,
  USER: users[3]!,
} satisfies Record<Role, unknown>

const handlersFor = (role: Role) => ({
  ...baseHandlers,
  auth: signedInAs(byRole[role]),
  notifications: notificationsHandlers({ deliveries: makeDeliveries(4, 2) }),
})

const meta = {
  title: 'Features/Shell/AppLayout',
  component: Shell,
  decorators: [withAppServices],
  // A notice dismissed in one story would stay hidden in the next (same browser session).
  beforeEach: () => sessionStorage.removeItem(DISMISSED_NOTICES_KEY),
  args: { path: '/devices' },
  parameters: {
    layout: 'fullscreen',
    ...shellViewportParameters,
    msw: { handlers: handlersFor('ADMIN') },
  },
  globals: desktopViewport,
} satisfies Meta<typeof Shell>
export default meta
type Story = StoryObj<typeof meta>

const sidebar = async (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('complementary', { name: 'Sidebar' })

/**
 * The shell has settled once the bell shows its count: the visual check finds the story root by
 * its text, so a badge arriving after the play would change what it looks for.
 */
const settled = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('button', { name: 'Notifications, 2 unread' })

/** Checks the desktop sidebar of a role once the signed-in user is known. */
const desktopPlay =
  (role: Role, current: string): Story['play'] =>
  async ({ canvasElement }) => {
    await settled(canvasElement)
    const panel = await sidebar(canvasElement)
    await within(panel).findByRole('navigation', { name: 'Main' })
    await expectNavigation(panel, expectedItems[role], current)
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      current,
    )
    // The hamburger is for narrow screens only (hidden, so out of the accessibility tree).
    await expect(
      within(canvasElement).queryByRole('button', { name: 'Open navigation' }),
    ).toBeNull()
  }

export const Admin: Story = { play: desktopPlay('ADMIN', 'Devices') }

export const Developer: Story = {
  args: { path: '/debug' },
  parameters: { msw: { handlers: handlersFor('DEVELOPER') } },
  play: desktopPlay('DEVELOPER', 'Debug'),
}

export const Superuser: Story = {
  args: { path: '/users' },
  parameters: { msw: { handlers: handlersFor('SUPERUSER') } },
  play: desktopPlay('SUPERUSER', 'Users & Groups'),
}

export const User: Story = {
  args: { path: '/reports' },
  parameters: { msw: { handlers: handlersFor('USER') } },
  play: desktopPlay('USER', 'Reports'),
}

/** Below 1024px the sidebar gives way to a hamburger; the drawer starts closed. */
export const NarrowDrawerClosed: Story = {
  globals: narrowViewport,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await settled(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Open navigation' })).toBeVisible()
    await expect(canvas.queryByRole('complementary', { name: 'Sidebar' })).toBeNull()
    await expect(within(document.body).queryByRole('dialog', { name: 'Navigation' })).toBeNull()
  },
}

const openDrawer = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  // Wait for the user: the drawer's sidebar renders nothing until it is known.
  await canvas.findByRole('button', { name: /Ada Admin|Uma User/ })
  await settled(canvasElement)
  canvas.getByRole('button', { name: 'Open navigation' }).focus()
  await userEvent.keyboard('{Enter}')
  return within(document.body).findByRole('dialog', { name: 'Navigation' })
}

/** The drawer, opened from the keyboard, holds the role's items with the current page marked. */
export const NarrowDrawerOpen: Story = {
  globals: narrowViewport,
  play: async ({ canvasElement }) => {
    const drawer = await openDrawer(canvasElement)
    await expectNavigation(drawer, expectedItems.ADMIN, 'Devices')
    // Visible once the drawer has slid in.
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: 'Close navigation' })).toBeVisible(),
    )
  },
}

export const NarrowDrawerOpenAsUser: Story = {
  args: { path: '/notifications' },
  globals: narrowViewport,
  parameters: { msw: { handlers: handlersFor('USER') } },
  play: async ({ canvasElement }) => {
    const drawer = await openDrawer(canvasElement)
    await expectNavigation(drawer, expectedItems.USER, 'Notifications')
  },
}

/** Choosing an item navigates and closes the drawer (spec §2). */
export const NarrowChooseItemClosesDrawer: Story = {
  globals: narrowViewport,
  play: async ({ canvasElement }) => {
    const drawer = await openDrawer(canvasElement)
    await userEvent.click(within(drawer).getByRole('link', { name: 'Reports' }))
    await waitFor(() =>
      expect(within(document.body).queryByRole('dialog', { name: 'Navigation' })).toBeNull(),
    )
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Reports',
    )
  },
}

export const Dark: Story = { ...Admin, globals: { ...desktopViewport, theme: 'dark' } }

/** The server's notices (GET /api/v1/server/status) for admins, above every page. */
const withNotices = (notices: ServerNotice[], role: Role = 'ADMIN') => ({
  msw: { handlers: { ...handlersFor(role), serverStatus: serverStatusHandlers(notices) } },
})

const noticesRegion = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('region', { name: 'Server notices' })

/** All is well: no notices, no region. */
export const ServerNoticesNone: Story = {
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Devices',
    )
    await expect(within(canvasElement).queryByRole('region', { name: 'Server notices' })).toBeNull()
  },
}

/** The embedded database past its capacity: the notice says so; Dismiss hides it for the session. */
export const ServerNoticeWarning: Story = {
  parameters: withNotices([embeddedCapacityNotice]),
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    const region = await noticesRegion(canvasElement)
    const notice = within(region).getByRole('status')
    await expect(notice).toHaveTextContent('The embedded database is past its capacity')
    await expect(notice).toHaveTextContent('set DATABASE_URL')
    within(region)
      .getByRole('button', { name: /^Dismiss/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(within(canvasElement).queryByRole('region', { name: 'Server notices' })).toBeNull(),
    )
    await expect(JSON.parse(sessionStorage.getItem(DISMISSED_NOTICES_KEY) ?? '[]')).toEqual([
      'embedded-capacity',
    ])
  },
}

const several = [brokerTrustNotice, embeddedCapacityNotice, infoNotice]

const expectSeveral: Story['play'] = async ({ canvasElement }) => {
  await settled(canvasElement)
  const region = await noticesRegion(canvasElement)
  const shown = within(region).getAllByRole('status')
  await expect(shown.map((n) => n.querySelector('strong')?.textContent)).toEqual([
    'The MQTT broker is not trusted',
    'The embedded database is past its capacity',
    'Demo data',
  ])
}

/** Several notices, in the server's order (most severe first). */
export const ServerNoticesSeveral: Story = {
  parameters: withNotices(several),
  play: expectSeveral,
}

export const ServerNoticesNarrow: Story = {
  globals: narrowViewport,
  parameters: withNotices(several),
  play: expectSeveral,
}

export const ServerNoticesDark: Story = {
  globals: { ...desktopViewport, theme: 'dark' },
  parameters: withNotices(several),
  play: expectSeveral,
}

/** A user is not asked and sees nothing, whatever the server holds. */
export const ServerNoticesHiddenFromUsers: Story = {
  args: { path: '/reports' },
  parameters: withNotices(several, 'USER'),
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Reports',
    )
    await expect(within(canvasElement).queryByRole('region', { name: 'Server notices' })).toBeNull()
  },
}
