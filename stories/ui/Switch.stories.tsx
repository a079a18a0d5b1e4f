import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Switch } from '~/ui'
import { Narrow, Stack } from './helpers'

const meta = {
  title: 'Components/Switch',
  component: Switch,
  args: { children: 'Rule active', onChange: fn() },
} satisfies Meta<typeof Switch>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Rule active' })
    await userEvent.click(toggle)
    await expect(toggle).toBeChecked()
    await expect(args.onChange).toHaveBeenLastCalledWith(true)
    await userEvent.keyboard(' ')
    await expect(toggle).not.toBeChecked()
  },
}
export const On: Story = { args: { defaultSelected: true } }
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch')).toBeDisabled()
  },
}

function States(args: Parameters<typeof Switch>[0]) {
  return (
    <Stack gap="0.75rem">
      <Switch {...args}>Off</Switch>
      <Switch {...args} defaultSelected>
        On
      </Switch>
      <Switch {...args} isDisabled>
        Disabled off
      </Switch>
      <Switch {...args} isDisabled defaultSelected>
        Disabled on
      </Switch>
    </Stack>
  )
}
export const Matrix: Story = { render: (args) => <States {...args} /> }
export const Dark: Story = { globals: { theme: 'dark' }, render: (args) => <States {...args} /> }

export const LongText: Story = {
  args: {
    children:
      'Send an e-mail to every administrator of the group when this rule triggers outside business hours',
  },
  render: (args) => (
    <Narrow width="18rem">
      <Switch {...args} />
    </Narrow>
  ),
}
