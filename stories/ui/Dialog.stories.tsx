import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button, ConfirmDialog, Dialog, DialogTrigger, TextField } from '~/ui'
import { mobileViewport } from './helpers'

const body = within(document.body)

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  args: { title: 'Edit device' },
  render: (args) => (
    <DialogTrigger>
      <Button intent="toolbarAction">Edit device</Button>
      <Dialog
        {...args}
        footer={({ close }) => (
          <>
            <Button intent="formSecondary" onPress={close}>
              Cancel
            </Button>
            <Button intent="formPrimary" onPress={close}>
              Save
            </Button>
          </>
        )}
      >
        <TextField label="Name" defaultValue="Main meter" />
      </Dialog>
    </DialogTrigger>
  ),
} satisfies Meta<typeof Dialog>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, step }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Edit device' })
    await step('opens with the keyboard', async () => {
      trigger.focus()
      await userEvent.keyboard('{Enter}')
      const dialog = await body.findByRole('dialog', { name: 'Edit device' })
      // Focus moves into the dialog (and is trapped there).
      await expect(dialog.contains(document.activeElement)).toBe(true)
    })
    await step('Escape closes it and focus returns', async () => {
      await userEvent.keyboard('{Escape}')
      await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument())
      await waitFor(() => expect(trigger).toHaveFocus())
    })
    await step('the close button closes it', async () => {
      await userEvent.keyboard('{Enter}')
      await userEvent.click(await body.findByRole('button', { name: 'Close' }))
      await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument())
    })
  },
}

export const Open: Story = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Edit device' }).focus()
    await userEvent.keyboard('{Enter}')
    await body.findByRole('dialog', { name: /^Edit device/ })
  },
}

export const LongText: Story = {
  ...Open,
  args: {
    title: 'Edit device Substation North-East building 14 basement level -2 meter cabinet B',
    size: 'sm',
  },
}
export const NarrowScreen: Story = { ...Open, globals: mobileViewport }
export const Dark: Story = { ...Open, globals: { theme: 'dark' } }

const confirmArgs = { onConfirm: fn(), onCancel: fn() }

function ConfirmExample({
  isPending = false,
  closeOnConfirm = true,
}: {
  isPending?: boolean
  closeOnConfirm?: boolean
}) {
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <Button intent="destructiveAction" onPress={() => setOpen(true)}>
        Delete device
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="Delete device?"
        message="Main meter and its readings will be removed from your inventory. This cannot be undone."
        confirmLabel="Delete device"
        isPending={isPending}
        closeOnConfirm={closeOnConfirm}
        {...confirmArgs}
      />
    </>
  )
}

export const Confirm: Story = {
  render: () => <ConfirmExample />,
  play: async ({ canvasElement, step }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Delete device' })
    await step('cancel calls onCancel and closes', async () => {
      trigger.focus()
      await userEvent.keyboard('{Enter}')
      const dialog = await body.findByRole('alertdialog', { name: 'Delete device?' })
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
      await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument())
      await expect(confirmArgs.onCancel).toHaveBeenCalledOnce()
      await expect(confirmArgs.onConfirm).not.toHaveBeenCalled()
    })
    await step('confirm calls onConfirm and closes', async () => {
      await userEvent.click(trigger)
      const dialog = await body.findByRole('alertdialog', { name: 'Delete device?' })
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete device' }))
      await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument())
      await expect(confirmArgs.onConfirm).toHaveBeenCalledOnce()
    })
  },
}

export const ConfirmPending: Story = {
  render: () => <ConfirmExample isPending closeOnConfirm={false} />,
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Delete device' }).focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await body.findByRole('alertdialog', { name: 'Delete device?' })
    await expect(within(dialog).getByRole('button', { name: 'Delete device' })).toBeDisabled()
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    // Escape does nothing while the action runs.
    await userEvent.keyboard('{Escape}')
    // Still open, once it has faded in (a busy machine may not have finished the fade by now).
    await waitFor(() => expect(within(dialog).getByText(/cannot be undone/)).toBeVisible())
    await expect(body.getByRole('alertdialog', { name: 'Delete device?' })).toBe(dialog)
  },
}

export const ConfirmDark: Story = {
  render: () => <ConfirmExample />,
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Delete device' }).focus()
    await userEvent.keyboard('{Enter}')
    await body.findByRole('alertdialog', { name: 'Delete device?' })
  },
}
