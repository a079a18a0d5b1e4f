import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { handleGetCurrentUser } from '~/api/__generated__/msw.gen'
import { FeedbackToasts } from '~/features/feedback/FeedbackToasts'
import { ChannelDeliveryLog } from '~/features/notifications/ChannelDialogs'
import { NotificationChannels } from '~/features/notifications/NotificationChannels'
import { channelFixtures, channelsMock, MOCK_SECRET, redactedChannels } from '~/mocks/channels'
import { users } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { narrowViewport, shellViewportParameters } from '../../support/viewports'
import { withAppServices } from '../../support/with-app-services'

function ChannelsHarness() {
  return (
    <>
      <NotificationChannels />
      <FeedbackToasts />
    </>
  )
}

/** The stories create, test, rotate and delete: each starts from the fixtures again. */
const channels = channelsMock()
const noMail = channelsMock({ mailConfigured: false })
const CHANNELS = '/api/v1/notifications/channels'

const handlers = (overrides: Record<string, unknown> = {}) => ({
  ...baseHandlers,
  channels: channels.handlers,
  ...overrides,
})

const meta = {
  title: 'Features/Notifications/NotificationChannels',
  component: ChannelsHarness,
  decorators: [withAppServices],
  loaders: [
    () => {
      channels.reset()
      noMail.reset()
    },
  ],
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof ChannelsHarness>
export default meta
type Story = StoryObj<typeof meta>

const body = within(document.body)
const visibleText = async (text: string | RegExp) => {
  const found = await body.findByText(text)
  await waitFor(() => expect(found).toBeVisible())
}

export const Channels: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('grid', { name: 'Notification channels' })
    await expect(within(table).getByText('On-call')).toBeVisible()
    await expect(
      within(table).getByText('https://hooks.northwind.example/meterdeck/alarms'),
    ).toBeVisible()
    await step('send a test and read its outcome', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Send test to Team chat' }))
      await visibleText('Test message sent')
      await visibleText('The receiver answered HTTP 200.')
    })
    await step('open the delivery log from the keyboard', async () => {
      canvas.getByRole('button', { name: 'More actions for Team chat' }).focus()
      await userEvent.keyboard('{Enter}')
      await userEvent.click(await body.findByRole('menuitem', { name: 'Deliveries' }))
      const dialog = await body.findByRole('dialog', { name: 'Deliveries of “Team chat”' })
      const log = await within(dialog).findByRole('grid', { name: 'Deliveries of Team chat' })
      // The test just sent, then the fixtures: a pending retry after a 503, a failed 400.
      await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(6))
      await expect(
        within(log).getByText(/^Could not deliver: the receiver answered 503 Service Unavailable/),
      ).toBeVisible()
      await expect(
        within(log).getByText('Could not deliver: the receiver answered 400 Bad Request'),
      ).toBeVisible()
      // Each alarm's delivery names its device and rule.
      await expect(
        within(log).getAllByText(
          'Alarm raised · Cold storage hall · Meter offline for 30 minutes',
        )[0],
      ).toBeVisible()
    })
  },
}

export const CreateWebhook: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'New channel' }))
    const dialog = await body.findByRole('dialog', { name: 'New channel' })
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Ops chat')
    await userEvent.type(within(dialog).getByLabelText(/^URL/), 'ftp://hooks.example.com/x')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }))
    await expect(await within(dialog).findByText('Use an https URL')).toBeVisible()
    // The server refuses internal targets, and says why on the field.
    const url = within(dialog).getByLabelText(/^URL/)
    await userEvent.clear(url)
    await userEvent.type(url, 'https://169.254.169.254/latest/meta-data/')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }))
    await expect(
      await within(dialog).findByText(
        /^169\.254\.169\.254 is a link-local address \(such as cloud metadata\): webhooks may not reach internal addresses/,
      ),
    ).toBeVisible()
    await userEvent.clear(url)
    await userEvent.type(url, 'https://hooks.example.com/ops')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }))
    const secret = await body.findByRole('dialog', { name: 'Signing secret of “Ops chat”' })
    await expect(within(secret).getByLabelText('Secret')).toHaveValue(MOCK_SECRET)
    await expect(within(secret).getByRole('button', { name: 'Copy secret' })).toBeVisible()
  },
}

export const CreateEmailErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'New channel' }))
    const dialog = await body.findByRole('dialog', { name: 'New channel' })
    await userEvent.click(within(dialog).getByRole('button', { name: /Type/ }))
    await userEvent.click(await body.findByRole('option', { name: 'E-mail' }))
    await userEvent.type(within(dialog).getByLabelText(/^Addresses/), 'oncall@example.com, nobody')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }))
    await expect(await within(dialog).findByText('Enter a name for the channel')).toBeVisible()
    await expect(
      within(dialog).getByText('“nobody” is not an e-mail address such as name@example.com'),
    ).toBeVisible()
  },
}

export const MailNotConfigured: Story = {
  parameters: { msw: { handlers: handlers({ channels: noMail.handlers }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(/E-mail is not configured on this server/)).toBeVisible()
    await expect(canvas.getByText('Mail not configured')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Send test to On-call' }))
    await visibleText('Test message failed')
    await visibleText('Mail is not configured')
  },
}

export const ReadOnlyForUsers: Story = {
  parameters: {
    msw: {
      handlers: handlers({
        auth: [handleGetCurrentUser({ body: { ...users[3]!, kind: 'user' } })],
        // The server gives a user a webhook's scheme and host only.
        channels: channelsMock({ channels: redactedChannels(channelFixtures) }).handlers,
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('grid', { name: 'Notification channels' })
    await expect(within(table).getByText('https://hooks.northwind.example/…')).toBeVisible()
    await expect(within(table).queryByText(/meterdeck\/alarms/)).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'New channel' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: /Send test/ })).toBeNull()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: handlers({ channels: [pending(CHANNELS)] }) } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Loading channels' }),
    ).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: {
    msw: { handlers: handlers({ channels: channelsMock({ channels: [] }).handlers }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('No channels yet')).toBeVisible()
    // One way to add a channel: the toolbar's button, not a second one in the empty state.
    await expect(canvas.getAllByRole('button', { name: 'New channel' })).toHaveLength(1)
  },
}

export const LoadError: Story = {
  parameters: { msw: { handlers: handlers({ channels: [failing(CHANNELS)] }) } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Channels could not be loaded'),
    ).toBeVisible()
  },
}

export const NarrowDark: Story = {
  globals: { ...narrowViewport, theme: 'dark' },
  parameters: shellViewportParameters,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('grid', { name: 'Notification channels' })
  },
}

/** The delivery log alone, in its states. */
const webhook = channelFixtures[1]!
const deliveriesUrl = `${CHANNELS}/${webhook.id}/deliveries`
const logMeta = { render: () => <ChannelDeliveryLog channel={webhook} /> }

export const DeliveryLog: Story = {
  ...logMeta,
  play: async ({ canvasElement }) => {
    const log = await within(canvasElement).findByRole('grid', { name: 'Deliveries of Team chat' })
    await expect(within(log).getAllByRole('row')).toHaveLength(5)
  },
}

export const DeliveryLogNarrowDark: Story = {
  ...DeliveryLog,
  globals: { ...narrowViewport, theme: 'dark' },
  parameters: shellViewportParameters,
}

export const DeliveryLogLoading: Story = {
  ...logMeta,
  parameters: { msw: { handlers: handlers({ channels: [pending(deliveriesUrl)] }) } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('status', { name: 'Loading deliveries' }),
    ).toBeInTheDocument()
  },
}

export const DeliveryLogEmpty: Story = {
  ...logMeta,
  parameters: {
    msw: { handlers: handlers({ channels: channelsMock({ deliveries: [] }).handlers }) },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No deliveries yet')).toBeVisible()
  },
}

export const DeliveryLogError: Story = {
  ...logMeta,
  parameters: {
    msw: { handlers: { ...handlers(), channels: [failing(deliveriesUrl)] } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('The deliveries could not be loaded.'),
    ).toBeVisible()
  },
}
