import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { TextArea, TextField } from '~/ui'
import { mobileViewport, Narrow, Stack } from './helpers'

const meta = {
  title: 'Components/TextField',
  component: TextField,
  args: { label: 'Device name', placeholder: 'e.g. Main meter', onChange: fn() },
  decorators: [
    (Story) => (
      <Narrow width="22rem">
        <Story />
      </Narrow>
    ),
  ],
} satisfies Meta<typeof TextField>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Device name' })
    await userEvent.type(input, 'Meter 7')
    await expect(input).toHaveValue('Meter 7')
    await expect(args.onChange).toHaveBeenLastCalledWith('Meter 7')
  },
}

export const WithDescription: Story = {
  args: { description: 'Shown on the dashboard and in notifications.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Device name' })
    await expect(input).toHaveAccessibleDescription('Shown on the dashboard and in notifications.')
  },
}

export const Required: Story = {
  args: { isRequired: true, label: 'E-mail', type: 'email', placeholder: 'name@example.com' },
}

export const Error: Story = {
  args: {
    isInvalid: true,
    errorMessage: 'Please review the form inputs and try again.',
    defaultValue: '',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Device name' })
    await expect(input).toBeInvalid()
    await expect(input).toHaveAccessibleDescription('Please review the form inputs and try again.')
  },
}

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Main meter' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Device name' })).toBeDisabled()
  },
}

export const Multiline: Story = {
  render: (args) => (
    <TextArea {...args} label="Notes" placeholder="Anything the next person should know" />
  ),
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Notes' })
    await userEvent.type(area, 'Line one{Enter}Line two')
    await expect(area).toHaveValue('Line one\nLine two')
  },
}

export const LongText: Story = {
  args: {
    label: 'Location of the meter cabinet inside the building, as the installer described it',
    defaultValue:
      'Substation North-East, building 14, basement level -2, meter cabinet B behind the blue door',
    description:
      'A long description that wraps onto several lines in a narrow column without breaking the layout of the field.',
  },
}

export const NarrowScreen: Story = { ...WithDescription, globals: mobileViewport }

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <Stack>
      <TextField {...args} description="Help text" />
      <TextField {...args} label="Invalid" isInvalid errorMessage="This field is required" />
      <TextField {...args} label="Disabled" isDisabled defaultValue="Read only" />
    </Stack>
  ),
}
