import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { LiveIndicator } from '~/features/live/LiveIndicator'
import { Box } from '~/ui'

const NOW = Date.parse('2026-11-22T10:00:00Z')

const meta = {
  title: 'Features/Live/LiveIndicator',
  component: LiveIndicator,
  args: {
    view: { state: { status: 'offline', retryAt: NOW + 8_000 }, wasLive: true },
    onRetry: fn(),
  },
  // As in the top bar: right-aligned beside the bell.
  decorators: [
    (Story) => (
      <Box display="flex" justifyContent="flex-end" padding="md">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof LiveIndicator>
export default meta
type Story = StoryObj<typeof meta>

/** The stream is down and waits to retry: a button tries now. */
export const Offline: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent('Live updates off')
    canvas.getByRole('button', { name: 'Reconnect' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

/** An attempt is running after the stream was lost. */
export const Reconnecting: Story = {
  args: { view: { state: { status: 'connecting' }, wasLive: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent('Live updates offReconnecting...')
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

/** Live, or connecting for the first time: nothing to say. */
export const Live: Story = {
  args: { view: { state: { status: 'live' }, wasLive: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull()
  },
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: Offline.play,
}

export const Dark: Story = { globals: { theme: 'dark' }, play: Offline.play }
