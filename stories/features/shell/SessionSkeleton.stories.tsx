import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { SessionSkeleton } from '~/features/auth/SessionSkeleton'
import { RouteLoadingView } from '~/features/shell/RouteLoadingOverlay'

const meta = {
  title: 'Features/Shell/Loading',
  component: SessionSkeleton,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SessionSkeleton>
export default meta
type Story = StoryObj<typeof meta>

export const VerifyingSession: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Verifying your session...')).toBeVisible()
    await expect(canvas.getByText('This will only take a moment')).toBeVisible()
  },
}

export const RouteLoadingOverlay: Story = {
  // The overlay is fixed to the viewport; a transformed box becomes its frame, so the story root
  // has a size to capture.
  render: () => (
    <div style={{ height: '24rem', transform: 'translateZ(0)' }}>
      <RouteLoadingView message="Loading page..." />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading page...')
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
