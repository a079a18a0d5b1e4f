import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMutationState } from '@tanstack/react-query'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { NotificationBell } from '~/features/notifications/NotificationBell'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { makeDeliveries, notificationsHandlers } from '~/mocks/notifications'
import { withAppServices } from '../../support/with-app-services'

/**
 * The bell as it sits at the end of the top bar, so the popover opens to the bottom left. It says
 * how many requests have failed (`data-failed-calls`): a play waits for a failure that shows
 * nothing by design on that, not on a time.
 */
function BellInTopBar() {
  const failedCalls = useMutationState({ filters: { status: 'error' } }).length
  return (
    <div
      data-failed-calls={failedCalls}
      style={{ display: 'flex', justifyContent: 'flex-end', paddingBottom: '38rem' }}
    >
      <NotificationBell />
    </div>
  )
}

const meta = {
  title: 'Features/Notifications/NotificationBell',
  component: BellInTopBar,
  decorators: [withAppServices],
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        notifications: notificationsHandlers({ deliveries: makeDeliveries(8, 3) }),
      },
    },
  },
} satisfies Meta<typeof BellInTopBar>
export default meta
type Story = StoryObj<typeof meta>

const body = within(document.body)

/** Opens the popover from the keyboard, as a keyboard user would. */
async function openBell(canvasElement: HTMLElement, name: string | RegExp = /^Notifications/) {
  const bell = await within(canvasElement).findByRole('button', { name })
  bell.focus()
  await userEvent.keyboard('{Enter}')
  const panel = await body.findByRole('dialog', { name: 'Notifications' })
  // Open once it has faded in, as a person sees it.
  await waitFor(() => expect(panel).toBeVisible())
  return panel
}

export const ThreeUnread: Story = {
  play: async ({ canvasElement, step }) => {
    await step('the badge counts unread deliveries', async () => {
      await within(canvasElement).findByRole('button', { name: 'Notifications, 3 unread' })
    })
    const panel = await openBell(canvasElement)
    await step('header, items and footer', async () => {
      await expect(within(panel).getByRole('heading', { name: 'Notifications' })).toBeVisible()
      await expect(within(panel).getByText('3 unread')).toBeVisible()
      const items = await within(panel).findAllByRole('listitem')
      await expect(items).toHaveLength(8)
      await expect(within(panel).getAllByText('Cold storage is offline')[0]).toBeVisible()
      await expect(within(panel).getAllByText('Offline for:')[0]).toBeVisible()
      await expect(within(panel).getAllByText(/ago$/).length).toBeGreaterThan(0)
      await expect(within(panel).getByText('Notifications refresh every minute.')).toBeVisible()
      await expect(within(panel).getByRole('link', { name: 'View all' })).toHaveAttribute(
        'href',
        '/notifications',
      )
      await expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeEnabled()
    })
  },
}

export const MarkReadOnClick: Story = {
  parameters: {
    // The clicked item keeps a focus ring whose timing varies: checked by its play, not by pixels.
    visual: false,
    msw: {
      handlers: {
        ...baseHandlers,
        notifications: notificationsHandlers({ deliveries: makeDeliveries(5, 3) }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await openBell(canvasElement, 'Notifications, 3 unread')
    const unread = await within(panel).findAllByRole('button', { name: /^Unread:/ })
    await expect(unread).toHaveLength(3)
    await userEvent.click(unread[0]!)
    await waitFor(() => expect(within(panel).getByText('2 unread')).toBeVisible())
    // The count and the list are refetched side by side: either may answer first.
    await waitFor(() =>
      expect(within(panel).getAllByRole('button', { name: /^Unread:/ })).toHaveLength(2),
    )
    await within(canvasElement).findByRole('button', { name: 'Notifications, 2 unread' })
    // The pressed item is no longer a button: settle pointer and focus for a stable screenshot.
    await userEvent.pointer({ coords: { x: 0, y: 0 } })
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

export const MarkAllRead: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        notifications: notificationsHandlers({ deliveries: makeDeliveries(5, 3) }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await openBell(canvasElement, 'Notifications, 3 unread')
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(within(panel).getByText("You're all caught up")).toBeVisible())
    await waitFor(() =>
      expect(within(panel).queryAllByRole('button', { name: /^Unread:/ })).toHaveLength(0),
    )
    await expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled()
    await within(canvasElement).findByRole('button', { name: 'Notifications' })
  },
}

export const MarkReadFailsSilently: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        notifications: notificationsHandlers({
          deliveries: makeDeliveries(4, 2),
          markReadStatus: 500,
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await openBell(canvasElement, 'Notifications, 2 unread')
    const [first] = await within(panel).findAllByRole('button', { name: /^Unread:/ })
    await userEvent.click(first!)
    // Spec §8: the bell swallows mark-read errors: no alert, no toast, the item stays unread.
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-failed-calls]')).toHaveAttribute(
        'data-failed-calls',
        '1',
      ),
    )
    await expect(body.queryByRole('alert')).toBeNull()
    await expect(within(panel).getByText('2 unread')).toBeVisible()
  },
}

export const TwelveUnread: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        notifications: notificationsHandlers({ deliveries: makeDeliveries(24, 12) }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const bell = await within(canvasElement).findByRole('button', {
      name: 'Notifications, 12 unread',
    })
    await expect(within(bell).getByText('9+')).toBeVisible()
    const panel = await openBell(canvasElement, 'Notifications, 12 unread')
    await expect(within(panel).getByText('12 unread')).toBeVisible()
    // Spec §2: the latest 20 deliveries.
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(20))
  },
}

export const AllCaughtUp: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        notifications: notificationsHandlers({ deliveries: makeDeliveries(4, 0) }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const bell = await within(canvasElement).findByRole('button', { name: 'Notifications' })
    await expect(within(bell).queryByText(/\d/)).toBeNull()
    const panel = await openBell(canvasElement, 'Notifications')
    await expect(await within(panel).findByText("You're all caught up")).toBeVisible()
    await expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled()
  },
}

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: { ...baseHandlers, notifications: notificationsHandlers({ deliveries: [] }) },
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await openBell(canvasElement, 'Notifications')
    await expect(await within(panel).findByText('No notifications yet')).toBeVisible()
    await expect(
      within(panel).getByText(
        'Alerts about offline devices or consumption spikes will appear here.',
      ),
    ).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        notifications: [
          pending('/api/v1/notifications/unread-count'),
          pending('/api/v1/notifications/'),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await openBell(canvasElement, 'Notifications')
    await expect(within(panel).getByText('Loading notifications...')).toBeVisible()
  },
}

export const PendingMarkAll: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        notifications: notificationsHandlers({
          deliveries: makeDeliveries(5, 3),
          markAllPending: true,
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await openBell(canvasElement, 'Notifications, 3 unread')
    const markAll = within(panel).getByRole('button', { name: 'Mark all read' })
    await userEvent.click(markAll)
    await waitFor(() => expect(markAll).toBeDisabled())
    await expect(within(panel).getByText('3 unread')).toBeVisible()
  },
}

export const FeedError: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        notifications: [
          failing('/api/v1/notifications/unread-count'),
          failing('/api/v1/notifications/'),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await openBell(canvasElement, 'Notifications')
    await expect(await within(panel).findByText('Notifications could not be loaded')).toBeVisible()
    await expect(within(panel).getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await openBell(canvasElement, 'Notifications, 3 unread')
  },
}
