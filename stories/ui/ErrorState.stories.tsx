import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Button, ErrorState } from '~/ui'
import { Narrow } from './helpers'

const meta = {
  title: 'Components/ErrorState',
  component: ErrorState,
  args: { message: 'Error loading logs. You may need superuser permissions.', onRetry: fn() },
} satisfies Meta<typeof ErrorState>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert')
    await expect(alert).toHaveTextContent('Something went wrong')
    await expect(alert).toHaveTextContent('Error loading logs. You may need superuser permissions.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

export const Retrying: Story = {
  args: { isRetrying: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeDisabled()
  },
}

export const WithoutRetry: Story = { args: { onRetry: undefined, title: 'Cannot load devices' } }

export const ApplicationFailure: Story = {
  args: {
    title: 'Something went wrong',
    message: 'An unexpected error occurred in the application.',
    retryLabel: 'Try Again',
    actions: (
      <>
        <Button intent="formSecondary">Report Issue</Button>
        <Button intent="formSecondary">Reload Page</Button>
      </>
    ),
  },
}

export const LongText: Story = {
  args: {
    message:
      'Response did not include profiling data. Ensure the endpoint supports profiling. Request 7f3c9a2e-4b1d-4e8a-9c0f-2d5e6a7b8c9d failed after 3 attempts.',
  },
  render: (args) => (
    <Narrow>
      <ErrorState {...args} />
    </Narrow>
  ),
}

export const Small: Story = { args: { size: 'sm' } }
export const Dark: Story = { globals: { theme: 'dark' } }
