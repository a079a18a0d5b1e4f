import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Select, SelectItem } from '~/ui'
import { mobileViewport, Narrow } from './helpers'

const levels = ['all', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const
const body = within(document.body)

const meta = {
  title: 'Components/Select',
  component: Select,
  args: {
    label: 'Level',
    placeholder: 'Choose a level',
    onSelectionChange: fn(),
    children: levels.map((l) => (
      <SelectItem key={l} id={l}>
        {l}
      </SelectItem>
    )),
  },
  decorators: [
    (Story) => (
      <Narrow width="16rem">
        <Story />
      </Narrow>
    ),
  ],
} satisfies Meta<typeof Select>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args, step }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Level/ })
    await step('open with the keyboard', async () => {
      trigger.focus()
      await userEvent.keyboard('{ArrowDown}')
      await waitFor(() => expect(body.getByRole('listbox')).toBeVisible())
    })
    await step('choosing an option closes the list (spec §4)', async () => {
      await userEvent.click(body.getByRole('option', { name: 'WARN' }))
      await waitFor(() => expect(body.queryByRole('listbox')).not.toBeInTheDocument())
      await expect(args.onSelectionChange).toHaveBeenCalledWith('WARN')
      await expect(trigger).toHaveTextContent('WARN')
    })
    await step('keyboard choice closes too', async () => {
      // Focus returns to the trigger once the list has faded out: a keyboard user waits for it.
      await waitFor(() => expect(trigger).toHaveFocus())
      await userEvent.keyboard('{Enter}')
      await body.findByRole('listbox')
      await userEvent.keyboard('{ArrowDown}{Enter}')
      await waitFor(() => expect(body.queryByRole('listbox')).not.toBeInTheDocument())
      await expect(trigger).toHaveTextContent('ERROR')
    })
  },
}

export const Open: Story = {
  args: { defaultSelectedKey: 'INFO' },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: /Level/ }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(await body.findByRole('option', { name: 'INFO' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  },
}

export const WithDescriptions: Story = {
  args: {
    label: 'Device',
    isRequired: true,
    children: [
      <SelectItem key="a" id="a" textValue="Main meter" description="[SN-0001] · Basement">
        Main meter
      </SelectItem>,
      <SelectItem key="b" id="b" textValue="Heat pump" description="No location">
        Heat pump
      </SelectItem>,
    ],
  },
  play: async ({ canvasElement }) => {
    within(canvasElement)
      .getByRole('button', { name: /Device/ })
      .focus()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(body.getByRole('option', { name: /Heat pump/ })).toBeVisible())
  },
}

export const WithDescription: Story = {
  args: { description: 'Only lines at or above this level are shown.' },
}
export const Error: Story = { args: { isInvalid: true, errorMessage: 'Please select a device' } }
export const Disabled: Story = {
  args: { isDisabled: true, defaultSelectedKey: 'INFO' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Level/ })).toBeDisabled()
  },
}
export const LongText: Story = {
  args: {
    label: 'Endpoint',
    defaultSelectedKey: 'long',
    children: [
      <SelectItem key="long" id="long">
        Device consumption intervals today (timezone UTC, profile=true)
      </SelectItem>,
    ],
  },
}
export const NarrowScreen: Story = { ...Open, globals: mobileViewport }
export const Dark: Story = { ...Open, globals: { theme: 'dark' } }
