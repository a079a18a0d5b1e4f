import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button, Icon, PopoverDialog, PopoverTrigger } from '~/ui'

const body = within(document.body)

const meta = {
  title: 'Components/Popover',
  component: PopoverDialog,
  args: {
    'aria-label': 'Notifications',
    children: 'You\u2019re all caught up',
    placement: 'bottom',
  },
  render: (args) => (
    <PopoverTrigger>
      <Button intent="iconGhost" aria-label="Open notifications">
        <Icon name="bell" />
      </Button>
      <PopoverDialog {...args} />
    </PopoverTrigger>
  ),
} satisfies Meta<typeof PopoverDialog>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open notifications' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await body.findByRole('dialog', { name: 'Notifications' })
    await expect(dialog).toHaveTextContent('You\u2019re all caught up')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

export const WithArrow: Story = {
  args: { showArrow: true },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Open notifications' }).focus()
    await userEvent.keyboard('{Enter}')
    // Visible once the popover has faded in.
    await waitFor(() => expect(body.getByRole('dialog', { name: 'Notifications' })).toBeVisible())
  },
}

export const Dark: Story = { ...WithArrow, globals: { theme: 'dark' } }
