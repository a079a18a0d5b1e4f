import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button, Drawer, DrawerTrigger, Icon } from '~/ui'
import { mobileViewport } from './helpers'

const body = within(document.body)
const items = ['Dashboard', 'Devices', 'Reports', 'Notifications', 'Users & Groups', 'Debug']

const meta = {
  title: 'Components/Drawer',
  component: Drawer,
  args: { title: 'MeterDeck', onOpenChange: fn(), children: null },
  globals: mobileViewport,
  render: (args) => (
    <DrawerTrigger>
      <Button intent="iconGhost" aria-label="Open navigation">
        <Icon name="menu" />
      </Button>
      <Drawer {...args}>
        {({ close }) => (
          <nav aria-label="Main">
            {items.map((label) => (
              <Button key={label} intent="listItemAction" onPress={close}>
                {label}
              </Button>
            ))}
          </nav>
        )}
      </Drawer>
    </DrawerTrigger>
  ),
} satisfies Meta<typeof Drawer>
export default meta
type Story = StoryObj<typeof meta>

async function open(canvasElement: HTMLElement) {
  const trigger = within(canvasElement).getByRole('button', { name: 'Open navigation' })
  trigger.focus()
  await userEvent.keyboard('{Enter}')
  const dialog = await body.findByRole('dialog', { name: 'MeterDeck' })
  // The panel slides in for 0.3 s: wait until it is on screen before looking inside.
  await waitFor(() => expect(within(dialog).getAllByRole('button')[0]).toBeVisible())
  return { trigger, dialog }
}
const closed = () => waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument())

export const Default: Story = {
  play: async ({ canvasElement, step }) => {
    await step('Close navigation closes it', async () => {
      const { dialog, trigger } = await open(canvasElement)
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close navigation' }))
      await closed()
      await waitFor(() => expect(trigger).toHaveFocus())
    })
    await step('a backdrop click closes it', async () => {
      await open(canvasElement)
      // The backdrop is the area right of the 18rem panel.
      await userEvent.pointer({
        keys: '[MouseLeft]',
        coords: { clientX: window.innerWidth - 10, clientY: 300 },
      })
      await closed()
    })
    await step('Escape closes it', async () => {
      await open(canvasElement)
      await userEvent.keyboard('{Escape}')
      await closed()
    })
    await step('choosing an item closes it', async () => {
      const { dialog } = await open(canvasElement)
      await userEvent.click(within(dialog).getByRole('button', { name: 'Devices' }))
      await closed()
    })
  },
}

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await open(canvasElement)
    await expect(within(dialog).getByRole('navigation', { name: 'Main' })).toBeVisible()
  },
}

export const CustomCloseLabel: Story = {
  args: { closeLabel: 'Close filters', title: 'Filters' },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Open navigation' }).focus()
    await userEvent.keyboard('{Enter}')
    // Visible once the drawer has faded in.
    await waitFor(() => expect(body.getByRole('button', { name: 'Close filters' })).toBeVisible())
  },
}

export const Dark: Story = { ...Open, globals: { ...mobileViewport, theme: 'dark' } }
