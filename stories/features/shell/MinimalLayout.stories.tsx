import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import type { Preferences } from '~/api'
import { SettingsPage } from '~/features/settings/SettingsPage'
import { MinimalLayout } from '~/features/shell/MinimalLayout'
import { PageHeader } from '~/features/shared/PageHeader'
import { users } from '~/mocks/fixtures'
import { baseHandlers } from '~/mocks/handlers'
import { makeDeliveries, notificationsHandlers } from '~/mocks/notifications'
import { preferencesHandlers } from '~/mocks/preferences'
import { peopleHandlers, settingsHandlers, signedInAs } from '~/mocks/users-groups'
import { darkTheme } from '~/styles'
import { withAppServices } from '../../support/with-app-services'
import { desktopViewport, narrowViewport, shellViewportParameters } from '../../support/viewports'
import { withToasts } from '../users/support'

const [developer] = users

/** The dashboard the logo leads back to. */
function DashboardPage() {
  return <PageHeader title="Dashboard" lead="Back in the console." />
}

/** /settings in the real minimal layout under its own router, so the logo's link can be followed. */
function Settings() {
  const [router] = useState(() => {
    const root = createRootRoute()
    const layout = createRoute({
      getParentRoute: () => root,
      id: 'minimal',
      component: MinimalLayout,
    })
    const settings = createRoute({
      getParentRoute: () => layout,
      path: 'settings',
      component: SettingsPage,
    })
    const dashboard = createRoute({
      getParentRoute: () => root,
      path: 'dashboard',
      component: DashboardPage,
    })
    return createRouter({
      routeTree: root.addChildren([layout.addChildren([settings]), dashboard]),
      history: createMemoryHistory({ initialEntries: ['/settings'] }),
    })
  })
  return <RouterProvider router={router} />
}

const handlers = {
  ...baseHandlers,
  auth: signedInAs(developer!),
  ...peopleHandlers(),
  ...settingsHandlers(),
  notifications: notificationsHandlers({ deliveries: makeDeliveries(4, 2) }),
}

const meta = {
  title: 'Features/Shell/MinimalLayout',
  component: Settings,
  decorators: [withToasts, withAppServices],
  parameters: { layout: 'fullscreen', ...shellViewportParameters, msw: { handlers } },
  globals: desktopViewport,
} satisfies Meta<typeof Settings>
export default meta
type Story = StoryObj<typeof meta>

const body = within(document.body)

/** The page has settled once the bell shows its count and the profile its name. */
async function settled(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await canvas.findByRole('button', { name: 'Notifications, 2 unread' })
  await canvas.findByDisplayValue('Dana Developer')
  return canvas
}

/**
 * /settings keeps its ways back (issue 32): the logo to the dashboard, the bell and the user menu
 * in its header; still no sidebar, no hamburger.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await settled(canvasElement)
    const header = within(canvas.getByRole('banner'))
    await expect(header.getByRole('button', { name: 'Dana Developer' })).toBeVisible()
    await expect(header.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Meterdeck home' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    await expect(canvas.queryByRole('complementary', { name: 'Sidebar' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Open navigation' })).toBeNull()
  },
}

/** The logo, followed with the keyboard, leads back to the dashboard. */
export const LogoLeadsHome: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await settled(canvasElement)
    within(canvas.getByRole('banner')).getByRole('link', { name: 'Meterdeck home' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  },
}

/** Each body the preferences were saved with (ThemeFromHeaderKeepsEdits). */
const saved = fn<(body: Preferences) => void>()

/**
 * On /settings the theme is the header's account menu, the one of every page: choosing Dark there
 * saves it at once and leaves an unsaved edit of the form alone; saving the form keeps Dark.
 */
export const ThemeFromHeaderKeepsEdits: Story = {
  beforeEach: () => {
    saved.mockClear()
  },
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        preferences: preferencesHandlers(
          { theme: 'light', timezone: 'Europe/Berlin', week_start: 'monday', month_start_day: 1 },
          saved,
        ),
      },
    },
  },
  play: async ({ canvasElement, step }) => {
    const canvas = await settled(canvasElement)
    const prefs = await canvas.findByRole('region', { name: 'Preferences' })
    const weekStart = within(prefs).getByRole('button', { name: /Week starts on/ })
    await step('change the week start, unsaved', async () => {
      weekStart.focus()
      await userEvent.keyboard('{Enter}')
      await userEvent.click(await body.findByRole('option', { name: 'Sunday' }))
      await expect(weekStart).toHaveTextContent('Sunday')
    })
    await step('choose Dark in the account menu, by keyboard', async () => {
      const trigger = canvas.getByRole('button', { name: 'Dana Developer' })
      trigger.focus()
      await userEvent.keyboard('{Enter}')
      const dialog = await body.findByRole('dialog', { name: 'Account' })
      const dark = await within(dialog).findByRole('menuitemradio', { name: 'Dark' })
      await waitFor(() =>
        expect(within(dialog).getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
          'aria-checked',
          'true',
        ),
      )
      // Tab past the group scope to the theme menu's first item, then down to Dark.
      await userEvent.tab()
      await expect(within(dialog).getByRole('button', { name: /Group scope/ })).toHaveFocus()
      await userEvent.tab()
      await expect(within(dialog).getByRole('menuitemradio', { name: 'Light' })).toHaveFocus()
      await userEvent.keyboard('{ArrowDown}')
      await expect(dark).toHaveFocus()
      await userEvent.keyboard('{Enter}')
      await waitFor(() => expect(dark).toHaveAttribute('aria-checked', 'true'))
      await expect(dialog).toBeVisible()
      await waitFor(() => expect(document.documentElement).toHaveClass(darkTheme))
      await expect(saved).toHaveBeenLastCalledWith(expect.objectContaining({ theme: 'dark' }))
      await userEvent.keyboard('{Escape}')
      await waitFor(() => expect(trigger).toHaveFocus())
    })
    await step('the unsaved week start is still there, and saving keeps Dark', async () => {
      await expect(weekStart).toHaveTextContent('Sunday')
      await userEvent.click(within(prefs).getByRole('button', { name: /^Save/ }))
      await waitFor(() => expect(body.getByText('Preferences saved')).toBeVisible())
      await expect(saved).toHaveBeenLastCalledWith({
        theme: 'dark',
        timezone: 'Europe/Berlin',
        week_start: 'sunday',
        month_start_day: 1,
      })
      await expect(document.documentElement).toHaveClass(darkTheme)
    })
  },
}

/** A phone: the logo's name hides, the bell and the user's initials stay. */
export const Narrow: Story = {
  globals: narrowViewport,
  play: async ({ canvasElement }) => {
    const canvas = await settled(canvasElement)
    await expect(canvas.getByRole('link', { name: 'Meterdeck home' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Dana Developer' })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { ...desktopViewport, theme: 'dark' },
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
  },
}
