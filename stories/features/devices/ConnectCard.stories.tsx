import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ConnectCard } from '~/features/devices/ConnectCard'
import { FeedbackToasts } from '~/features/feedback/FeedbackToasts'
import { connectHandlers, mqttOff, TOKEN } from '~/mocks/devices-connect'
import { device } from '~/mocks/devices-detail'
import { NOW } from '~/mocks/fixtures'
import { baseHandlers, failing } from '~/mocks/handlers'
import { narrowViewport, shellViewportParameters } from '../../support/viewports'
import { withAppServices } from '../../support/with-app-services'

const withoutToken = { ...device, has_token: false, token_last_used_at: null }
const withToken = { ...device, has_token: true, token_last_used_at: '2026-11-22T09:42:00Z' }

const handlers = (options?: Parameters<typeof connectHandlers>[0]) => ({
  msw: { handlers: { ...baseHandlers, connect: connectHandlers(options) } },
})

const meta = {
  title: 'Features/Devices/ConnectCard',
  component: ConnectCard,
  decorators: [
    (Story) => (
      <>
        <Story />
        <FeedbackToasts />
      </>
    ),
    withAppServices,
  ],
  args: { device: withoutToken, now: new Date(NOW) },
  parameters: handlers(),
} satisfies Meta<typeof ConnectCard>
export default meta
type Story = StoryObj<typeof meta>

const createToken = async (canvas: ReturnType<typeof within>) => {
  await userEvent.click(await canvas.findByRole('button', { name: 'Create token' }))
  await expect(await canvas.findByText(TOKEN)).toBeVisible()
}

export const NoToken: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No token')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Create token' })).toBeEnabled()
    await expect(
      await canvas.findByText(`meterdeck/v1/devices/${device.id}/readings`),
    ).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Revoke token' })).toBeNull()
  },
}

export const HasToken: Story = {
  args: { device: withToken },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Token active')).toBeVisible()
    await expect(canvas.getByText(/Last used 18 minutes ago/)).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Rotate token' })).toBeVisible()
  },
}

export const TokenShownOnce: Story = {
  play: async ({ canvas }) => {
    await createToken(canvas)
    await expect(canvas.getByText('Copy the token now: it is shown only this once.')).toBeVisible()
    const publish = canvas.getByLabelText('Publish with mosquitto_pub')
    await expect(publish).toHaveTextContent(`-u '${device.id}' -P '${TOKEN}'`)
    await expect(publish).toHaveTextContent(`-t 'meterdeck/v1/devices/${device.id}/readings'`)
    await expect(publish).toHaveTextContent("-h 'meterdeck.example.com' -p 1883 -q 1")
    await expect(canvas.getByLabelText('Send with curl')).toHaveTextContent(
      `-H 'Authorization: Bearer ${TOKEN}'`,
    )
    await expect(canvas.getByRole('button', { name: 'Copy token' })).toBeVisible()
  },
}

export const Waiting: Story = {
  play: async ({ canvas }) => {
    await createToken(canvas)
    await expect(await canvas.findByText('Waiting for the first message...')).toBeVisible()
  },
}

export const Received: Story = {
  // The latest reading: none when the token is made, none at the first poll, then the message.
  parameters: handlers({ arrivesAfter: 2 }),
  play: async ({ canvas }) => {
    await createToken(canvas)
    await expect(await canvas.findByText('Waiting for the first message...')).toBeVisible()
    await expect(
      await canvas.findByText(/First message received: 48,215\.9 kWh at/, {}, { timeout: 8000 }),
    ).toBeVisible()
  },
}

export const Revoked: Story = {
  args: { device: withToken },
  play: async ({ canvas }) => {
    const revoke = await canvas.findByRole('button', { name: 'Revoke token' })
    revoke.focus()
    await userEvent.keyboard('{Enter}')
    const dialog = within(await within(document.body).findByRole('alertdialog'))
    // The confirmation fades in in the built Storybook: wait as a person does.
    await waitFor(() => expect(dialog.getByText(/can no longer send readings/)).toBeVisible())
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke token' }))
    await waitFor(() =>
      expect(
        canvas.getByText(/Token revoked: the device can no longer send readings/),
      ).toBeVisible(),
    )
    await expect(canvas.getByRole('button', { name: 'Create token' })).toBeVisible()
  },
}

export const MqttOff: Story = {
  parameters: handlers({ connection: mqttOff }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Off on this server: port 1883 on 127.0.0.1 is already in use'),
    ).toBeVisible()
    await createToken(canvas)
    await expect(canvas.queryByLabelText('Publish with mosquitto_pub')).toBeNull()
    await expect(canvas.getByLabelText('Send with curl')).toBeVisible()
  },
}

export const Error: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        connect: [failing('/connection'), ...connectHandlers()],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Connection details unavailable')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

export const NarrowDark: Story = {
  globals: { ...narrowViewport, theme: 'dark' },
  parameters: { ...handlers(), ...shellViewportParameters },
  play: TokenShownOnce.play,
}
