import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { FailureView } from '~/features/shell/FailureScreen'

const report = {
  id: '4f1e2d3c-0000-4000-8000-00000000beef',
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'kwh')",
  componentStack:
    'at ConsumptionChart\nat DeviceOverview\nat Outlet\nat AppLayout\nat SessionLifecycle',
  url: 'http://127.0.0.1:8080/devices/42',
  userAgent: 'Chromium',
}

const meta = {
  title: 'Features/Shell/FailureScreen',
  component: FailureView,
  parameters: { layout: 'fullscreen' },
  args: {
    report,
    retries: 0,
    showDetails: true,
    onRetry: fn(),
    onReport: fn(async () => {}),
    onReload: fn(),
  },
} satisfies Meta<typeof FailureView>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Something went wrong')).toBeVisible()
    await expect(canvas.getByText('An unexpected error occurred in the application.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
    await userEvent.click(canvas.getByRole('button', { name: 'Report Issue' }))
    await expect(await canvas.findByText('Error has been reported. Thank you!')).toBeVisible()
  },
}

/** The log endpoint refused the report (429): the person is told, and can send it again later. */
export const ReportRefused: Story = {
  args: {
    onReport: fn(async () => {
      throw { detail: 'Too many frontend log entries from this session, try again in 42 seconds' }
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Report Issue' }))
    await expect(
      await canvas.findByText(
        'The report was not sent: Too many frontend log entries from this session, try again in 42 seconds',
      ),
    ).toBeVisible()
    await expect(canvas.queryByText('Error has been reported. Thank you!')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Report Issue' })).toBeEnabled()
    await expect(args.onReport).toHaveBeenCalledOnce()
  },
}

export const AfterTwoRetries: Story = { args: { retries: 2 } }

export const MaxRetriesReached: Story = {
  args: { retries: 3 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Max retries reached' }),
    ).toBeDisabled()
  },
}

export const ProductionWithoutDetails: Story = {
  args: { showDetails: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByLabelText('Error details')).toBeNull()
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
