import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { DatePicker, DateRangePicker, DateTimeField, parseDate } from '~/ui'
import { mobileViewport, Narrow, Stack } from './helpers'

const body = within(document.body)

const meta = {
  title: 'Components/DatePicker',
  component: DatePicker,
  args: { label: 'Reading date', onChange: fn() },
  decorators: [
    (Story) => (
      <Narrow width="20rem">
        <Story />
      </Narrow>
    ),
  ],
} satisfies Meta<typeof DatePicker>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('spinbutton', { name: /month/ }))
    await userEvent.keyboard('06122025')
    await expect(args.onChange).toHaveBeenLastCalledWith(parseDate('2025-06-12'))
  },
}

export const OpenCalendar: Story = {
  args: { defaultValue: parseDate('2025-06-12') },
  play: async ({ canvasElement, args }) => {
    within(canvasElement)
      .getByRole('button', { name: /Open calendar/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await body.findByRole('dialog')
    const grid = within(dialog).getByRole('grid', { name: /June 2025/ })
    await expect(within(grid).getByRole('button', { name: /12/ })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}{Enter}')
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument())
    await expect(args.onChange).toHaveBeenLastCalledWith(parseDate('2025-06-13'))
  },
}

export const Error: Story = {
  args: {
    isInvalid: true,
    errorMessage: 'Pick a date in the past',
    defaultValue: parseDate('2025-06-12'),
  },
}
export const Disabled: Story = { args: { isDisabled: true, defaultValue: parseDate('2025-06-12') } }
export const WithDescription: Story = {
  args: { description: 'When the photo of the meter was taken.' },
}

export const Range: Story = {
  render: (args) => (
    <DateRangePicker
      label="Report period"
      defaultValue={{ start: parseDate('2025-06-02'), end: parseDate('2025-06-15') }}
      onChange={args.onChange as never}
    />
  ),
  play: async ({ canvasElement }) => {
    within(canvasElement)
      .getByRole('button', { name: /Open calendar/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await body.findByRole('dialog')
    // Visible once the popover has faded in.
    await waitFor(() =>
      expect(within(dialog).getByRole('grid', { name: /June 2025/ })).toBeVisible(),
    )
  },
}

const onIso = fn()
function DateTimeExample({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial)
  return (
    <Stack gap="0.5rem">
      <DateTimeField
        label="After"
        timeZone="UTC"
        value={value}
        onChange={(v) => {
          setValue(v)
          onIso(v)
        }}
      />
      <output aria-label="ISO value">{value ?? 'null'}</output>
    </Stack>
  )
}

export const DateTime: Story = {
  render: () => <DateTimeExample initial={null} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('spinbutton', { name: /month/ }))
    await userEvent.keyboard('112220260830')
    await expect(onIso).toHaveBeenLastCalledWith('2026-11-22T08:30:00.000Z')
    await expect(canvas.getByRole('status', { name: 'ISO value' })).toHaveTextContent(
      '2026-11-22T08:30:00.000Z',
    )
  },
}

export const DateTimeFilled: Story = {
  render: () => <DateTimeExample initial="2025-06-12T17:45:00.000Z" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('spinbutton', { name: /hour/ })).toHaveTextContent(
      '17',
    )
  },
}

export const NarrowScreen: Story = { ...OpenCalendar, globals: mobileViewport }
export const Dark: Story = { ...OpenCalendar, globals: { theme: 'dark' } }
export const RangeDark: Story = { ...Range, globals: { theme: 'dark' } }
