import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { SearchField } from '~/ui'
import { Narrow } from './helpers'

const meta = {
  title: 'Components/SearchField',
  component: SearchField,
  args: {
    'aria-label': 'Search logs',
    placeholder: 'Search messages',
    onChange: fn(),
    onSubmit: fn(),
  },
  decorators: [
    (Story) => (
      <Narrow width="22rem">
        <Story />
      </Narrow>
    ),
  ],
} satisfies Meta<typeof SearchField>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('searchbox', { name: 'Search logs' })
    await userEvent.type(input, 'timeout{Enter}')
    await expect(args.onSubmit).toHaveBeenCalledWith('timeout')
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }))
    await expect(input).toHaveValue('')
    await userEvent.type(input, 'again')
    await userEvent.keyboard('{Escape}')
    await expect(input).toHaveValue('')
  },
}

export const WithLabel: Story = {
  args: {
    'aria-label': undefined,
    label: 'Search',
    description: 'Matches message, logger and request id.',
  },
}
export const Filled: Story = { args: { defaultValue: 'device offline' } }
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'device offline' } }
export const Dark: Story = { ...Filled, globals: { theme: 'dark' } }
