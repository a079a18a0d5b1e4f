import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Checkbox } from '~/ui'
import { Narrow, Stack } from './helpers'

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  args: { children: 'Auto-refresh', onChange: fn() },
} satisfies Meta<typeof Checkbox>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Auto-refresh' })
    await userEvent.click(box)
    await expect(box).toBeChecked()
    await expect(args.onChange).toHaveBeenLastCalledWith(true)
    await userEvent.keyboard(' ')
    await expect(box).not.toBeChecked()
  },
}

export const Checked: Story = { args: { defaultSelected: true } }
export const Indeterminate: Story = {
  args: { isIndeterminate: true, children: 'Select all devices' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toBePartiallyChecked()
  },
}
export const WithDescription: Story = {
  args: { description: 'Polls for new log lines every 5 seconds.' },
}
export const Invalid: Story = {
  args: { isInvalid: true, children: 'I understand this cannot be undone' },
}
export const Disabled: Story = {
  args: { isDisabled: true, defaultSelected: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toBeDisabled()
  },
}
export const LongText: Story = {
  args: {
    children:
      'Include inactive notification rules from every group in this tenant, including archived groups',
  },
  render: (args) => (
    <Narrow width="16rem">
      <Checkbox {...args} />
    </Narrow>
  ),
}

function States(args: Parameters<typeof Checkbox>[0]) {
  return (
    <Stack gap="0.75rem">
      <Checkbox {...args}>Unchecked</Checkbox>
      <Checkbox {...args} defaultSelected>
        Checked
      </Checkbox>
      <Checkbox {...args} isIndeterminate>
        Indeterminate
      </Checkbox>
      <Checkbox {...args} isInvalid>
        Invalid
      </Checkbox>
      <Checkbox {...args} isDisabled defaultSelected>
        Disabled
      </Checkbox>
    </Stack>
  )
}
export const Matrix: Story = { render: (args) => <States {...args} /> }
export const Dark: Story = { globals: { theme: 'dark' }, render: (args) => <States {...args} /> }
