import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button, createToastQueue, ToastRegion, type ToastContent } from '~/ui'
import { mobileViewport } from './helpers'

const body = within(document.body)

/** A region with its own queue and a button per toast to show; without `timeout` toasts stay. */
function ToastDemo({ toasts, timeout }: { toasts: ToastContent[]; timeout?: number }) {
  const [queue] = useState(() => createToastQueue())
  return (
    <>
      {toasts.map((t) => (
        <Button key={t.title} intent="toolbarAction" onPress={() => queue.add(t, { timeout })}>
          Show {t.title}
        </Button>
      ))}
      <ToastRegion queue={queue} />
    </>
  )
}

const groupCreated: ToastContent = {
  title: 'Group created',
  description: 'Add members to begin assigning devices.',
  severity: 'success',
}

const meta = {
  title: 'Components/Toast',
  component: ToastDemo,
  args: { toasts: [groupCreated] },
} satisfies Meta<typeof ToastDemo>
export default meta
type Story = StoryObj<typeof meta>

async function showAll(canvasElement: HTMLElement) {
  for (const button of within(canvasElement).getAllByRole('button')) await userEvent.click(button)
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await showAll(canvasElement)
    const toast = await body.findByRole('alertdialog', { name: /Group created/ })
    await expect(toast).toHaveTextContent('Add members to begin assigning devices.')
    await userEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument())
  },
}

const severityToasts: ToastContent[] = [
  {
    title: 'Notifications refreshed',
    description: 'Notifications refresh every minute.',
    severity: 'info',
  },
  {
    title: 'Device settings updated',
    description: 'Changes will propagate across the dashboard shortly.',
    severity: 'success',
  },
  {
    title: 'Device offline',
    description: 'Main meter has not reported for 45 minutes.',
    severity: 'warning',
  },
  {
    title: 'Failed to delete device',
    description: 'Ensure the device is not in use or try again later.',
    severity: 'error',
  },
]

export const Severities: Story = {
  args: { toasts: severityToasts },
  play: async ({ canvasElement }) => {
    await showAll(canvasElement)
    await waitFor(() => expect(body.getAllByRole('alertdialog')).toHaveLength(4))
  },
}

const retry = fn()
export const WithActions: Story = {
  args: {
    toasts: [
      {
        title: 'Failed to update device',
        description: 'Please review the form inputs and try again.',
        severity: 'error',

        actions: [{ label: 'Retry', onPress: retry }],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await showAll(canvasElement)
    const toast = await body.findByRole('alertdialog', { name: /Failed to update device/ })
    await userEvent.click(within(toast).getByRole('button', { name: 'Retry' }))
    await expect(retry).toHaveBeenCalledOnce()
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument())
  },
}

export const NotDismissible: Story = {
  args: { toasts: [{ title: 'Saving...', severity: 'info', dismissible: false }] },
  play: async ({ canvasElement }) => {
    await showAll(canvasElement)
    const toast = await body.findByRole('alertdialog', { name: /Saving/ })
    await expect(within(toast).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument()
  },
}

/** Auto-dismiss: the queue closes a toast when its timeout is up (the feedback store sets spec §9's). */
export const AutoDismiss: Story = {
  args: {
    timeout: 300,
    toasts: [
      { title: 'Group updated', description: 'Changes have been saved.', severity: 'success' },
    ],
  },
  play: async ({ canvasElement }) => {
    await showAll(canvasElement)
    await waitFor(() =>
      expect(body.getByRole('alertdialog', { name: /Group updated/ })).toBeVisible(),
    )
    // Move the pointer away: hovering the region pauses the timer.
    await userEvent.unhover(body.getByRole('alertdialog'))
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument(), {
      timeout: 3000,
    })
  },
}

export const LongText: Story = {
  args: {
    toasts: [
      {
        title: 'Cannot delete group Substation North-East maintenance crew',
        description:
          'Ensure the group has no dependent resources before deleting. 14 devices, 3 notification rules and 2 reports still reference it.',
        severity: 'error',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await showAll(canvasElement)
    await body.findByRole('alertdialog')
  },
}

export const NarrowScreen: Story = { ...Severities, globals: mobileViewport }
export const Dark: Story = { ...Severities, globals: { theme: 'dark' } }
