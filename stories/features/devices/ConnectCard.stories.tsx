import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { Device } from '~/api'
import { handleGetDevice } from '~/api/__generated__/msw.gen'
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

/** The card's calls, and the device as the server has it (the card follows its live copy). */
const handlers = (
  options?: Parameters<typeof connectHandlers>[0],
  current: Device = withoutToken,
) => ({
  msw: {
    handlers: {
      ...baseHandlers,
      device: [handleGetDevice({ body: current })],
      connect: connectHandlers(options),
    },
  },
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
  parameters: handlers(undefined, withToken),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Token active')).toBeVisible()
    await expect(canvas.getByText(/Last used 18 minutes ago/)).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Rotate token' })).toBeVisible()
  },
}

/**
 * The page's copy says the token was never used; the device query (which the live stream
 * refreshes on each reading) says it was: the card shows the live one.
 */
export const FollowsTheDevice: Story = {
  args: { device: { ...withToken, token_last_used_at: null } },
  parameters: handlers(undefined, withToken),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Last used 18 minutes ago/)).toBeVisible()
    await expect(canvas.queryByText(/Not used yet/)).toBeNull()
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
    // No reading of its own (a 0 stored on a live meter reads as a reset): the person types the
    // meter's reading after KWH=, the shell refuses without it, and stamps the time it runs.
    for (const command of [publish, canvas.getByLabelText('Send with curl')]) {
      await expect(command).toHaveTextContent(
        `KWH= # the meter reading now, in kWh (the last one stored: ${device.latest_kwh})`,
      )
      await expect(command).toHaveTextContent('${KWH:?set KWH to the meter reading in kWh first}')
      await expect(command).toHaveTextContent('$(date -u +%Y-%m-%dT%H:%M:%SZ)')
      await expect(command).not.toHaveTextContent('"kwh":0')
    }
    await expect(canvas.getByRole('button', { name: 'Copy token' })).toBeVisible()
    // Created by a press: focus on the token, the next thing to copy.
    await waitFor(() => expect(canvas.getByLabelText('Token')).toHaveFocus())
  },
}

export const RotateFocusesToken: Story = {
  args: { device: withToken },
  parameters: handlers(undefined, withToken),
  play: async ({ canvas }) => {
    const rotate = await canvas.findByRole('button', { name: 'Rotate token' })
    rotate.focus()
    await userEvent.keyboard('{Enter}')
    const dialog = within(await within(document.body).findByRole('alertdialog'))
    await waitFor(() => expect(dialog.getByText(/replaces the current one/)).toBeVisible())
    await userEvent.click(dialog.getByRole('button', { name: 'Rotate token' }))
    await expect(await canvas.findByText(TOKEN)).toBeVisible()
    // The confirmation closed: focus is on the new token, not at the top of the page.
    await waitFor(() => expect(canvas.getByLabelText('Token')).toHaveFocus())
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull())
    await expect(canvas.getByLabelText('Token')).toHaveFocus()
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
      await canvas.findByText(/First message received: 48,215\.90 kWh at/, {}, { timeout: 8000 }),
    ).toBeVisible()
  },
}

export const Revoked: Story = {
  args: { device: withToken },
  parameters: handlers(undefined, withToken),
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
