import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Button, Card, EmptyState } from '~/ui'
import { Narrow } from './helpers'

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: {
    title: 'No notifications yet',
    description: 'Alerts about offline devices or consumption spikes will appear here.',
    icon: 'bell',
  },
} satisfies Meta<typeof EmptyState>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No notifications yet')).toBeVisible()
    await expect(canvas.getByText(/Alerts about offline devices/)).toBeVisible()
  },
}

const onAdd = fn()
export const WithAction: Story = {
  args: {
    title: 'No devices',
    description: 'Register a device to start collecting readings.',
    icon: 'devices',
    action: (
      <Button intent="formPrimary" onPress={onAdd}>
        Register device
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Register device' }))
    await expect(onAdd).toHaveBeenCalled()
  },
}

export const Small: Story = {
  args: { size: 'sm', title: 'No logs found', description: undefined, icon: 'search' },
}
export const InCard: Story = {
  render: (args) => (
    <Card title="Notifications">
      <EmptyState {...args} />
    </Card>
  ),
}
export const LongText: Story = {
  args: {
    description:
      'Select an endpoint and click \u2018Execute with Profiling\u2019 to see detailed performance metrics; profiling shows step-by-step timing, SQL queries and memory usage.',
  },
  render: (args) => (
    <Narrow>
      <EmptyState {...args} />
    </Narrow>
  ),
}
export const Dark: Story = { ...WithAction, globals: { theme: 'dark' } }
