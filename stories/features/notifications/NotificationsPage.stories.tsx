import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { handleGetCurrentUser } from '~/api/__generated__/msw.gen'
import { FeedbackToasts } from '~/features/feedback/FeedbackToasts'
import {
  NotificationsPage,
  type NotificationsSearch,
} from '~/features/notifications/NotificationsPage'
import { alarmsMock } from '~/mocks/alarms'
import { channelsMock } from '~/mocks/channels'
import { fleetHandler } from '~/mocks/devices-fleet'
import { devices, users } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import {
  makeDeliveries,
  notificationsHandlers,
  ruleFixtures,
  rulesHandlers,
  rulesMock,
} from '~/mocks/notifications'
import { tabTo } from '../../support/keyboard'
import { narrowViewport, shellViewportParameters } from '../../support/viewports'
import { withAppServices } from '../../support/with-app-services'

/** The page with its search held in state, as the route holds it in the URL. */
function NotificationsHarness({ initial = {} }: { initial?: NotificationsSearch }) {
  const [search, setSearch] = useState<NotificationsSearch>(initial)
  return (
    <>
      <NotificationsPage
        search={search}
        onSearchChange={(next) => setSearch((prev) => ({ ...prev, ...next }))}
      />
      <FeedbackToasts />
    </>
  )
}

/** The rule stories create, edit and delete: each starts from the fixtures again. */
const rules = rulesMock()
/** The alarm stories acknowledge and clear: each starts from the fixtures again. */
const alarms = alarmsMock()

const handlers = (overrides: Record<string, unknown> = {}) => ({
  ...baseHandlers,
  notifications: notificationsHandlers({ deliveries: makeDeliveries(26, 3) }),
  rules: rules.handlers,
  alarms: alarms.handlers,
  channels: channelsMock().handlers,
  // Searches and names devices as the server does (search, device_ids).
  devices: [fleetHandler(devices)],
  ...overrides,
})

const meta = {
  title: 'Features/Notifications/NotificationsPage',
  component: NotificationsHarness,
  decorators: [withAppServices],
  loaders: [
    () => {
      rules.reset()
      alarms.reset()
    },
  ],
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof NotificationsHarness>
export default meta
type Story = StoryObj<typeof meta>

const body = within(document.body)

export const History: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
    await expect(canvas.getByRole('tab', { name: 'History' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const list = await canvas.findByRole('list', { name: 'Notification history' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    await expect(canvas.getByText('Showing 1-20 of 26')).toBeVisible()
    await expect(canvas.getByText('3 unread')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6))
    await expect(canvas.getByText('Page 2 of 2')).toBeVisible()
  },
}

export const MarkReadAndAll: Story = {
  parameters: {
    msw: {
      handlers: handlers({
        notifications: notificationsHandlers({ deliveries: makeDeliveries(6, 3) }),
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const [first] = await canvas.findAllByRole('button', { name: 'Mark read' })
    await userEvent.click(first!)
    await canvas.findByText('2 unread')
    await userEvent.click(canvas.getByRole('button', { name: 'Mark all read' }))
    await canvas.findByText("You're all caught up")
    await waitFor(() =>
      expect(canvas.queryAllByRole('button', { name: 'Mark read' })).toHaveLength(0),
    )
  },
}

export const UnreadOnly: Story = {
  args: { initial: { unread: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = await canvas.findByRole('list', { name: 'Notification history' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    await expect(canvas.getByRole('switch', { name: 'Unread only' })).toBeChecked()
  },
}

export const UnreadOnlyEmpty: Story = {
  args: { initial: { unread: true } },
  parameters: {
    msw: {
      handlers: handlers({
        notifications: notificationsHandlers({ deliveries: makeDeliveries(4, 0) }),
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No unread notifications')).toBeVisible()
  },
}

export const HistoryEmpty: Story = {
  parameters: {
    msw: { handlers: handlers({ notifications: notificationsHandlers({ deliveries: [] }) }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('No notifications yet')).toBeVisible()
    await expect(
      canvas.getByText('Alerts about offline devices or consumption spikes will appear here.'),
    ).toBeVisible()
  },
}

export const HistoryLoading: Story = {
  parameters: {
    msw: {
      handlers: handlers({
        notifications: [
          pending('/api/v1/notifications/'),
          pending('/api/v1/notifications/unread-count'),
        ],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading notifications...')).toBeInTheDocument()
  },
}

export const HistoryError: Story = {
  parameters: {
    msw: {
      handlers: handlers({
        notifications: [
          failing('/api/v1/notifications/'),
          failing('/api/v1/notifications/unread-count'),
        ],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Notifications could not be loaded'),
    ).toBeVisible()
  },
}

export const MarkReadFails: Story = {
  parameters: {
    msw: {
      handlers: handlers({
        notifications: notificationsHandlers({
          deliveries: makeDeliveries(4, 2),
          markReadStatus: 500,
        }),
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const [first] = await canvas.findAllByRole('button', { name: 'Mark read' })
    await userEvent.click(first!)
    await waitFor(() => expect(body.getByText('Failed to mark notification as read')).toBeVisible())
    await userEvent.click(canvas.getByRole('button', { name: 'Mark all read' }))
    await waitFor(() =>
      expect(body.getByText('Failed to mark notifications as read')).toBeVisible(),
    )
  },
}

export const Rules: Story = {
  args: { initial: { tab: 'rules' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = await canvas.findByRole('list', { name: 'Notification rules' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    await expect(canvas.getByText(/Alerts after 30 minutes without contact/)).toBeVisible()
    await userEvent.click(canvas.getByRole('switch', { name: 'Show inactive rules' }))
    await waitFor(() =>
      expect(
        within(canvas.getByRole('list', { name: 'Notification rules' })).getAllByRole('listitem'),
      ).toHaveLength(3),
    )
    await expect(canvas.getByText('Inactive')).toBeVisible()
    // A targeted rule names its devices, not only how many.
    await expect(await canvas.findByText(/· EV chargers$/)).toBeVisible()
  },
}

/** The device picker searches the server and keeps the chosen as tags; the list names them. */
export const CreateRuleForChosenDevices: Story = {
  args: { initial: { tab: 'rules' } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /New rule/ }))
    const dialog = await body.findByRole('dialog', { name: 'New notification rule' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cold chain')
    await step('search, choose, and see the choice as a tag', async () => {
      await expect(within(dialog).getByText('All devices of the group')).toBeVisible()
      await userEvent.type(within(dialog).getByRole('combobox', { name: 'Devices' }), 'cold')
      await userEvent.click(await body.findByRole('option', { name: /^Cold storage/ }))
      // The list closes on the pick: the tag is on screen and nothing hides it.
      await expect(await within(dialog).findByRole('row', { name: /^Cold storage/ })).toBeVisible()
    })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create rule' }))
    // Visible once the toast has slid in.
    await waitFor(() => expect(body.getByText('Notification rule created')).toBeVisible())
    await expect(await canvas.findByText(/· Cold storage$/)).toBeVisible()
  },
}

/** Where the middle of `element` is drawn, whatever lies on top there (a list left open would). */
function isUncovered(element: HTMLElement) {
  const box = element.getBoundingClientRect()
  const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
  return top !== null && element.contains(top)
}

/**
 * The device search's list closes when a device is picked, on Escape and on Tab, so it never stays
 * over the Severity field below it; all by keyboard (issue 32).
 */
export const DeviceListClosesByKeyboard: Story = {
  args: { initial: { tab: 'rules' } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    ;(await canvas.findByRole('button', { name: /New rule/ })).focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await body.findByRole('dialog', { name: 'New notification rule' })
    const search = within(dialog).getByRole('combobox', { name: 'Devices' })
    const severity = within(dialog).getByRole('button', { name: /Severity/ })
    await step('reaching the search does not open its list over the form', async () => {
      await tabTo(search, userEvent, 15)
      await expect(search).toHaveAttribute('aria-expanded', 'false')
      await expect(body.queryByRole('listbox')).toBeNull()
    })
    await step('picking a device closes the list; focus stays in the search', async () => {
      await userEvent.keyboard('cold')
      await body.findByRole('option', { name: /^Cold storage/ })
      await userEvent.keyboard('{ArrowDown}{Enter}')
      await waitFor(() => expect(body.queryByRole('listbox')).toBeNull())
      await expect(search).toHaveAttribute('aria-expanded', 'false')
      await expect(search).toHaveFocus()
      await expect(search).toHaveValue('')
      // Not hidden from assistive technology behind a list any more.
      await expect(await within(dialog).findByRole('row', { name: /^Cold storage/ })).toBeVisible()
      await expect(isUncovered(severity)).toBe(true)
    })
    await step('Escape closes the list and leaves the dialog open', async () => {
      await userEvent.keyboard('{ArrowDown}')
      await body.findByRole('listbox')
      await userEvent.keyboard('{Escape}')
      await waitFor(() => expect(body.queryByRole('listbox')).toBeNull())
      await expect(dialog).toBeVisible()
      await expect(search).toHaveFocus()
    })
    await step('Tab closes the list and moves on to the chosen device, then Severity', async () => {
      await userEvent.keyboard('ware')
      await body.findByRole('option', { name: /^Warehouse/ })
      await userEvent.tab()
      await waitFor(() => expect(body.queryByRole('listbox')).toBeNull())
      const tag = within(dialog).getByRole('row', { name: /^Cold storage/ })
      await expect(tag).toHaveFocus()
      await userEvent.tab()
      await expect(within(tag).getByRole('button', { name: /^Remove/ })).toHaveFocus()
      await userEvent.tab()
      await expect(severity).toHaveFocus()
      await expect(isUncovered(severity)).toBe(true)
    })
  },
}

export const RulesNoGroup: Story = {
  args: { initial: { tab: 'rules' } },
  parameters: {
    msw: {
      handlers: handlers({
        auth: [handleGetCurrentUser({ body: { ...users[0]!, kind: 'user' } })],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Choose a group to see its rules'),
    ).toBeVisible()
  },
}

export const RulesEmpty: Story = {
  args: { initial: { tab: 'rules' } },
  parameters: { msw: { handlers: handlers({ rules: rulesHandlers({ rules: [] }) }) } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No active notification rules'),
    ).toBeVisible()
  },
}

export const RulesReadOnlyForUsers: Story = {
  args: { initial: { tab: 'rules' } },
  parameters: {
    msw: {
      handlers: handlers({
        auth: [handleGetCurrentUser({ body: { ...users[3]!, kind: 'user' } })],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('list', { name: 'Notification rules' })
    await expect(canvas.queryByRole('button', { name: /New rule/ })).toBeNull()
    await expect(canvas.queryByRole('button', { name: /^Delete/ })).toBeNull()
  },
}

export const CreateRule: Story = {
  args: { initial: { tab: 'rules' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /New rule/ }))
    const dialog = await body.findByRole('dialog', { name: 'New notification rule' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Freezer offline')
    await userEvent.click(within(dialog).getByRole('button', { name: /Severity/ }))
    await userEvent.click(await body.findByRole('option', { name: 'Critical' }))
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Team chat/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create rule' }))
    await waitFor(() => expect(body.getByText('Notification rule created')).toBeVisible())
    await expect(body.getByText(/The rule is now active for the selected scope\./)).toBeVisible()
    const heading = await canvas.findByRole('heading', { name: /Freezer offline/ })
    await expect(within(heading).getByText('Critical')).toBeVisible()
  },
}

export const CreateErrors: Story = {
  args: { initial: { tab: 'rules' } },
  parameters: {
    msw: {
      handlers: handlers({
        rules: rulesHandlers({
          createError: { status: 409, detail: 'A rule with this name already exists in the group' },
        }),
      }),
    },
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /New rule/ }))
    const dialog = await body.findByRole('dialog', { name: 'New notification rule' })
    await step('client-side validation of the threshold form', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: /Alert type/ }))
      await userEvent.click(await body.findByRole('option', { name: 'Consumption threshold' }))
      await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Unit' }))
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create rule' }))
      await expect(within(dialog).getByText('Enter a name for the rule')).toBeVisible()
      await expect(within(dialog).getByText('Enter a threshold')).toBeVisible()
      await expect(within(dialog).getByText('Enter a unit, e.g. kWh')).toBeVisible()
    })
    await step('a server refusal keeps the dialog open and says why', async () => {
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: 'Name' }),
        'EV chargers above 80 kWh a day',
      )
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Threshold' }), '80')
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Unit' }), 'kWh')
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create rule' }))
      await waitFor(() =>
        expect(body.getByText('Failed to create notification rule')).toBeVisible(),
      )
      await expect(
        body.getByText(/A rule with this name already exists in the group/),
      ).toBeVisible()
      await expect(body.getByRole('dialog', { name: 'New notification rule' })).toBeVisible()
    })
  },
}

export const EditRule: Story = {
  args: { initial: { tab: 'rules' } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Edit EV chargers above 80 kWh a day' }),
    )
    const dialog = await body.findByRole('dialog', { name: 'Edit notification rule' })
    await step('the form starts from the rule, and its alert type is fixed', async () => {
      await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue(
        'EV chargers above 80 kWh a day',
      )
      await expect(within(dialog).getByRole('textbox', { name: 'Threshold' })).toHaveValue('80')
      await expect(within(dialog).getByRole('button', { name: /Alert type/ })).toBeDisabled()
    })
    await step('an invalid value is caught before it is sent', async () => {
      await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Unit' }))
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }))
      await expect(within(dialog).getByText('Enter a unit, e.g. kWh')).toBeVisible()
    })
    await step('saving updates the list', async () => {
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Unit' }), 'kWh')
      const threshold = within(dialog).getByRole('textbox', { name: 'Threshold' })
      await userEvent.clear(threshold)
      await userEvent.type(threshold, '95')
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }))
      await waitFor(() => expect(body.getByText('Notification rule updated')).toBeVisible())
      await expect(await canvas.findByText(/Alerts above 95\.00 kWh per day/)).toBeVisible()
    })
  },
}

export const ReactivateRule: Story = {
  args: { initial: { tab: 'rules' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show inactive rules' }))
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Reactivate Cold storage weekly budget' }),
    )
    await waitFor(() => expect(body.getByText('Notification rule reactivated')).toBeVisible())
    await expect(
      await canvas.findByRole('button', { name: 'Deactivate Cold storage weekly budget' }),
    ).toBeVisible()
  },
}

/** The server deactivated a rule whose last watched device was deleted: it says why. */
const lostDeviceRule = {
  ...ruleFixtures[1]!,
  id: '7e1a0c3d-0000-4000-8000-000000000009',
  name: 'Boiler room silent',
  alert_type: 'DEVICE_OFFLINE' as const,
  is_active: false,
  device_ids: [],
  offline_after_minutes: 60,
  threshold_value: null,
  unit: null,
  window: null,
  deactivated_reason: 'Its last watched device, Boiler room meter, was deleted.',
}

export const RuleDeactivatedByServer: Story = {
  args: { initial: { tab: 'rules' } },
  parameters: {
    msw: { handlers: handlers({ rules: rulesHandlers({ rules: [lostDeviceRule] }) }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('No active notification rules')).toBeVisible()
    await userEvent.click(canvas.getByRole('switch', { name: 'Show inactive rules' }))
    const list = await canvas.findByRole('list', { name: 'Notification rules' })
    await expect(
      within(list).getByText('Its last watched device, Boiler room meter, was deleted.'),
    ).toBeVisible()
    // It watches no device now, not every device of the group.
    await expect(within(list).getByText(/No devices/)).toBeVisible()
    await expect(within(list).getByText('Inactive')).toBeVisible()
  },
}

export const RuleDeactivatedByServerDark: Story = {
  ...RuleDeactivatedByServer,
  globals: { theme: 'dark' },
}

export const EditFails: Story = {
  args: { initial: { tab: 'rules' } },
  parameters: {
    msw: { handlers: handlers({ rules: rulesHandlers({ changeStatus: 500 }) }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Edit Meters offline for 30 minutes' }),
    )
    const dialog = await body.findByRole('dialog', { name: 'Edit notification rule' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(body.getByText('Failed to update notification rule')).toBeVisible())
    await expect(body.getByRole('dialog', { name: 'Edit notification rule' })).toBeVisible()
  },
}

export const DeactivateAndDelete: Story = {
  args: { initial: { tab: 'rules' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Deactivate Meters offline for 30 minutes' }),
    )
    await waitFor(() => expect(body.getByText('Notification rule deactivated')).toBeVisible())
    await expect(body.getByText(/The rule will no longer trigger notifications\./)).toBeVisible()
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Delete EV chargers above 80 kWh a day' }),
    )
    const confirm = await body.findByRole('alertdialog', { name: 'Delete notification rule?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(body.getByText('Notification rule deleted')).toBeVisible())
    await waitFor(() =>
      expect(canvas.queryByRole('heading', { name: /EV chargers above 80 kWh a day/ })).toBeNull(),
    )
  },
}

export const RuleChangesFail: Story = {
  args: { initial: { tab: 'rules' } },
  parameters: {
    msw: { handlers: handlers({ rules: rulesHandlers({ changeStatus: 500 }) }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Deactivate Meters offline for 30 minutes' }),
    )
    await waitFor(() =>
      expect(body.getByText('Failed to deactivate notification rule')).toBeVisible(),
    )
    await userEvent.click(
      canvas.getByRole('button', { name: 'Delete EV chargers above 80 kWh a day' }),
    )
    await userEvent.click(
      within(await body.findByRole('alertdialog', { name: 'Delete notification rule?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    )
    await waitFor(() => expect(body.getByText('Failed to delete notification rule')).toBeVisible())
  },
}

/** Issue 20: at 375 px 'Mark read' sits under the text, which keeps the card's width. */
export const HistoryNarrow: Story = {
  globals: narrowViewport,
  parameters: shellViewportParameters,
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Notification history' })
    const item = within(list)
      .getAllByRole('listitem')
      .find((li) => within(li).queryByRole('button', { name: 'Mark read' }))!
    const action = within(item).getByRole('button', { name: 'Mark read' }).getBoundingClientRect()
    // The time is the text's last line, as wide as its column.
    const text = within(item).getAllByText(/ago$/).at(-1)!.getBoundingClientRect()
    await expect(action.top).toBeGreaterThanOrEqual(text.bottom)
    await expect(text.width).toBeGreaterThan(list.getBoundingClientRect().width * 0.7)
  },
}
export const HistoryNarrowDark: Story = {
  ...HistoryNarrow,
  globals: { ...narrowViewport, theme: 'dark' },
}

export const Dark: Story = { globals: { theme: 'dark' }, play: History.play }

export const Alarms: Story = {
  args: { initial: { tab: 'alarms' } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const list = await canvas.findByRole('list', { name: 'Alarms' })
    const items = within(list).getAllByRole('listitem')
    await expect(items).toHaveLength(3)
    // Active first, then acknowledged, then cleared.
    await expect(within(items[0]!).getByText('Active')).toBeVisible()
    await expect(within(items[1]!).getByText(/acknowledged by .*: "On my way"/)).toBeVisible()
    await expect(within(items[2]!).getByText(/cleared when the condition ended/)).toBeVisible()
    // Each button names its alarm and device: a list of "Acknowledge Device offline" did not.
    const acknowledge = within(items[0]!).getByRole('button', { name: /^Acknowledge/ })
    await expect(acknowledge.textContent).toMatch(/^Acknowledge .+ on .+$/)
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.textContent)
    await expect(new Set(names).size).toBe(names.length)
    await step('acknowledge with a note, from the keyboard', async () => {
      within(items[0]!)
        .getByRole('button', { name: /^Acknowledge/ })
        .focus()
      await userEvent.keyboard('{Enter}')
      const dialog = await body.findByRole('dialog', { name: 'Acknowledge alarm' })
      await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Checking the fuse')
      await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }))
      const acknowledged = await body.findByText('Alarm acknowledged')
      await waitFor(() => expect(acknowledged).toBeVisible())
      await waitFor(() => expect(within(list).getAllByText(/"Checking the fuse"/)).toHaveLength(1))
      // The Acknowledge button is gone: focus is on the same alarm's next action, not the page top.
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(list).getAllByRole('listitem')[0]!.querySelector('button'),
        ),
      )
      await expect(document.activeElement).not.toBe(document.body)
    })
    await step('clear by hand', async () => {
      await userEvent.click(within(list).getAllByRole('button', { name: /^Clear/ })[0]!)
      const cleared = await body.findByText('Alarm cleared')
      await waitFor(() => expect(cleared).toBeVisible())
    })
  },
}

export const AlarmsFiltered: Story = {
  args: { initial: { tab: 'alarms', state: 'cleared' } },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Alarms' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    await expect(within(list).getByText('Cleared')).toBeVisible()
  },
}

export const AlarmsEmpty: Story = {
  args: { initial: { tab: 'alarms', severity: 'info' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No alarms')).toBeVisible()
  },
}

export const AlarmsLoading: Story = {
  args: { initial: { tab: 'alarms' } },
  parameters: {
    msw: { handlers: handlers({ alarms: [pending('/api/v1/notifications/alarms')] }) },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading alarms...')).toBeInTheDocument()
  },
}

export const AlarmsError: Story = {
  args: { initial: { tab: 'alarms' } },
  parameters: {
    msw: { handlers: handlers({ alarms: [failing('/api/v1/notifications/alarms')] }) },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Alarms could not be loaded')).toBeVisible()
  },
}

export const AlarmsNarrowDark: Story = {
  args: { initial: { tab: 'alarms' } },
  globals: { ...narrowViewport, theme: 'dark' },
  parameters: shellViewportParameters,
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Alarms' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3)
  },
}

export const SnoozeAndEndIt: Story = {
  args: { initial: { tab: 'alarms' } },
  // Its toast names when the snooze ends: an hour from the clock's now, another picture each run.
  parameters: { visual: false },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const list = await canvas.findByRole('list', { name: 'Alarms' })
    await step('snooze the rule for the alarm’s device', async () => {
      await userEvent.click(within(list).getAllByRole('button', { name: /^Snooze/ })[0]!)
      const dialog = await body.findByRole('dialog', { name: 'Snooze rule for this device' })
      await userEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }))
      await waitFor(() => expect(body.getByText('Rule snoozed')).toBeVisible())
    })
    await step('see it on the rule, and end it', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Rules' }))
      await expect(await canvas.findByText(/^Snoozed for Cold storage until/)).toBeVisible()
      await userEvent.click(canvas.getByRole('button', { name: 'End snooze for Cold storage' }))
      await waitFor(() => expect(body.getByText('Snooze ended')).toBeVisible())
      await waitFor(() => expect(canvas.queryByText(/^Snoozed for/)).toBeNull())
    })
  },
}
