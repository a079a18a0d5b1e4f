import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { FeedbackToasts } from '~/features/feedback/FeedbackToasts'
import { useAppServices } from '~/features/shared/use-app-services'
import { Button } from '~/ui'
import { withAppServices } from '../../support/with-app-services'

/** Buttons that push the spec §8 messages through the one feedback store. */
function FeedbackPlayground() {
  const { feedback } = useAppServices()
  return (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      <Button
        onPress={() =>
          feedback.push({
            severity: 'success',
            title: 'Group created',
            message: 'Add members to begin assigning devices.',
          })
        }
      >
        Success
      </Button>
      <Button
        variant="destructive"
        onPress={() =>
          feedback.push({
            title: 'Failed to delete device',
            message: 'Ensure the device is not in use or try again later.',
          })
        }
      >
        Error
      </Button>
      <Button
        variant="outline"
        onPress={() =>
          feedback.push({
            severity: 'info',
            message: 'Notifications refresh every minute.',
            timeoutMs: 300,
          })
        }
      >
        Short info
      </Button>
      <FeedbackToasts />
    </div>
  )
}

const meta = {
  title: 'Features/Feedback/Toasts',
  component: FeedbackPlayground,
  decorators: [withAppServices],
  // Its plays check when toasts leave: the app's times, under test runners too.
  parameters: { toastTimes: 'app' },
} satisfies Meta<typeof FeedbackPlayground>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const body = within(document.body)
    await step('a success toast shows title and detail', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Success' }))
      await waitFor(() => expect(body.getByText('Group created')).toBeVisible())
      await expect(body.getByText('Add members to begin assigning devices.')).toBeVisible()
    })
    await step('an error toast can be dismissed', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Error' }))
      const toast = (await body.findByText('Failed to delete device')).closest(
        '[role="alertdialog"]',
      ) as HTMLElement
      await userEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }))
      await waitFor(() => expect(body.queryByText('Failed to delete device')).toBeNull())
    })
    await step('a toast leaves by itself when its time is up', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Short info' }))
      await waitFor(() =>
        expect(body.getByText('Notifications refresh every minute.')).toBeVisible(),
      )
      await waitFor(
        () => expect(body.queryByText('Notifications refresh every minute.')).toBeNull(),
        { timeout: 2000 },
      )
    })
    await step(
      'a toast waits while focus is in the region, then leaves after its 4 s',
      async () => {
        // Dismissing a toast moves focus to the next one, and React Aria pauses every timer while
        // focus is in the region (the user is reading): the success toast stays until focus leaves.
        await expect(body.getByText('Group created')).toBeVisible()
        canvas.getByRole('button', { name: 'Success' }).focus()
        await waitFor(() => expect(body.queryByText('Group created')).toBeNull(), { timeout: 6000 })
      },
    )
  },
}
