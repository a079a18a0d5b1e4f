import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { NumberField } from '~/ui'
import { Narrow } from './helpers'

const meta = {
  title: 'Components/NumberField',
  component: NumberField,
  args: { label: 'Reading (kWh)', defaultValue: 1204.5, minValue: 0, step: 0.1, onChange: fn() },
  decorators: [
    (Story) => (
      <Narrow width="16rem">
        <Story />
      </Narrow>
    ),
  ],
} satisfies Meta<typeof NumberField>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('textbox', { name: 'Reading (kWh)' })
    await userEvent.click(canvas.getByRole('button', { name: /Increase/ }))
    await expect(input).toHaveValue('1,204.6')
    await expect(args.onChange).toHaveBeenLastCalledWith(1204.6)
    await userEvent.click(input)
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await expect(input).toHaveValue('1,204.4')
  },
}

export const Empty: Story = { args: { defaultValue: undefined, placeholder: '0.0' } }
export const WithUnitFormat: Story = {
  args: {
    label: 'Threshold (kWh)',
    defaultValue: 250,
    formatOptions: { minimumFractionDigits: 1 },
    step: 10,
  },
}
export const Error: Story = {
  args: {
    isInvalid: true,
    errorMessage: 'threshold_value must be non-negative',
    defaultValue: -5,
    minValue: undefined,
  },
}
export const WithoutSteppers: Story = { args: { showSteppers: false } }
export const Disabled: Story = { args: { isDisabled: true } }
export const Dark: Story = { globals: { theme: 'dark' } }
