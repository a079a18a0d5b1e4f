import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button, Icon, Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '~/ui'
import { mobileViewport } from './helpers'

const body = within(document.body)
const onAction = fn()

const meta = {
  title: 'Components/Menu',
  component: Menu,
  args: { onAction },
  render: (args) => (
    <MenuTrigger>
      <Button intent="iconGhost" aria-label="More actions">
        <Icon name="moreVertical" />
      </Button>
      <Menu {...args}>
        <MenuSection title="Device">
          <MenuItem id="edit" icon="edit">
            Edit
          </MenuItem>
          <MenuItem id="download" icon="download">
            Download readings
          </MenuItem>
          <MenuItem id="disabled" icon="refresh" isDisabled>
            Resync (offline)
          </MenuItem>
        </MenuSection>
        <MenuSeparator />
        <MenuItem id="delete" icon="trash" isDanger>
          Delete device
        </MenuItem>
      </Menu>
    </MenuTrigger>
  ),
} satisfies Meta<typeof Menu>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'More actions' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await body.findByRole('menu', { name: 'More actions' })
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(onAction.mock.calls[0]?.[0]).toBe('download')
    await waitFor(() => expect(body.queryByRole('menu')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

export const Open: Story = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'More actions' }).focus()
    await userEvent.keyboard('{ArrowDown}')
    const item = await body.findByRole('menuitem', { name: 'Resync (offline)' })
    await expect(item).toHaveAttribute('aria-disabled', 'true')
  },
}

export const Dark: Story = { ...Open, globals: { theme: 'dark' } }

export const NarrowScreen: Story = { ...Open, globals: mobileViewport }
