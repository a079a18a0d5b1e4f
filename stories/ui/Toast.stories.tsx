import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  Button,
  createToastQueue,
  ToastRegion,
  toastSeverities,
  toastTimeouts,
  type ToastContent,
} from '../../src/ui'
import { mobileViewport } from './helpers'

const body = within(document.body)

/** A region with its own queue and a button per toast to show. */
function ToastDemo({ toasts }: { toasts: ToastContent[] }) {
  const [queue] = useState(() => createToastQueue())
  return (
    <>
      {toasts.map((t) => (
        <Button key={t.title} intent="toolbarAction" onPress={() => queue.add(t)}>
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
  timeoutMs: null,
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
    timeoutMs: null,
  },
  {
    title: 'Device settings updated',
    description: 'Changes will propagate across the dashboard shortly.',
    severity: 'success',
    timeoutMs: null,
  },
  {
    title: 'Device offline',
    description: 'Main meter has not reported for 45 minutes.',
    severity: 'warning',
    timeoutMs: null,
  },
  {
    title: 'Failed to delete device',
    description: 'Ensure the device is not in use or try again later.',
    severity: 'error',
    timeoutMs: null,
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
        timeoutMs: null,
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
  args: { toasts: [{ title: 'Saving...', severity: 'info', dismissible: false, timeoutMs: null }] },
  play: async ({ canvasElement }) => {
    await showAll(canvasElement)
    const toast = await body.findByRole('alertdialog', { name: /Saving/ })
    await expect(within(toast).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument()
  },
}

/** Auto-dismiss with a short explicit timeout; the defaults per severity are asserted on the queue. */
export const AutoDismiss: Story = {
  args: {
    toasts: [
      {
        title: 'Group updated',
        description: 'Changes have been saved.',
        severity: 'success',
        timeoutMs: 300,
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(toastTimeouts).toEqual({ info: 5000, success: 4000, warning: 6000, error: 8000 })
    const queue = createToastQueue()
    for (const severity of toastSeverities) queue.add({ title: severity, severity })
    const timeoutOf = (title: string) =>
      queue.visibleToasts.find((t) => t.content.title === title)?.timeout
    await expect(toastSeverities.map(timeoutOf)).toEqual([5000, 4000, 6000, 8000])
    queue.clear()
    queue.add({ title: 'override', severity: 'error', timeoutMs: 1234 })
    queue.add({ title: 'sticky', severity: 'error', timeoutMs: null })
    await expect([timeoutOf('override'), timeoutOf('sticky')]).toEqual([1234, undefined])
    queue.clear()

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
        timeoutMs: null,
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
