import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ProgressBar, progressTones } from '~/ui'
import { Narrow, Stack } from './helpers'

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  args: { label: 'Pushing devices', value: 12, maxValue: 40 },
  decorators: [
    (Story) => (
      <Narrow width="24rem">
        <Story />
      </Narrow>
    ),
  ],
} satisfies Meta<typeof ProgressBar>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Pushing devices' })
    await expect(bar).toHaveAttribute('aria-valuenow', '12')
    await expect(bar).toHaveAttribute('aria-valuetext', '30%')
  },
}

export const ValueLabel: Story = {
  args: { valueLabel: '12 of 40 devices' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      '12 of 40 devices',
    )
  },
}

export const Indeterminate: Story = {
  args: { isIndeterminate: true, label: 'Preparing batch' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).not.toHaveAttribute(
      'aria-valuenow',
    )
  },
}

export const Complete: Story = { args: { value: 40, tone: 'success', label: 'Done' } }
export const Empty: Story = { args: { value: 0 } }
export const Small: Story = {
  args: { size: 'sm', label: undefined, showValue: false, 'aria-label': 'Upload' },
}
export const LongText: Story = {
  args: { label: 'Registering 1,250 devices from batch-2026-11-22-substation-north-east.csv' },
}
export const Dark: Story = { globals: { theme: 'dark' } }

export const Matrix: Story = {
  render: (args) => (
    <Stack>
      {progressTones.map((tone, i) => (
        <ProgressBar key={tone} {...args} tone={tone} label={tone} value={(i + 1) * 9} />
      ))}
    </Stack>
  ),
}
