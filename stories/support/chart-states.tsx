import type { ComponentType } from 'react'
import { expect, within } from 'storybook/test'

/**
 * The states every chart shows alike through ChartShell: Loading, Empty, Error, a narrow column
 * and the dark theme. Each chart story file exports them under these names, since the visual
 * baselines are named after the stories.
 */
export function chartStates<ResponsiveProps extends object>({
  name,
  errorMessage,
  Responsive,
}: {
  /** The chart's accessible name with the meta's args. */
  name: string
  errorMessage: string
  /** The chart at the width of its container. */
  Responsive: ComponentType<ResponsiveProps>
}) {
  return {
    Loading: {
      args: { status: 'pending' as const },
      play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
        await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
          `Loading ${name[0]!.toLowerCase()}${name.slice(1)}`,
        )
      },
    },
    Empty: {
      args: { data: [] },
      play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
        await expect(within(canvasElement).getByText('No data for this period')).toBeInTheDocument()
      },
    },
    Error: {
      args: { status: 'error' as const, errorMessage, onRetry: () => {} },
      play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
        const alert = within(canvasElement).getByRole('alert')
        await expect(alert).toHaveTextContent(errorMessage)
        await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled()
      },
    },
    NarrowScreen: {
      render: (args: ResponsiveProps) => (
        <div style={{ width: 360 }}>
          <Responsive {...args} />
        </div>
      ),
      play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
        const chart = await within(canvasElement).findByRole('application', { name })
        await expect(chart.getBoundingClientRect().width).toBeLessThanOrEqual(360)
      },
    },
    Dark: { globals: { theme: 'dark' } },
  }
}
