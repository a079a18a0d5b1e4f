import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ConsumptionPage } from '../../../src/features/consumption/ConsumptionPage'
import type { ConsumptionView } from '../../../src/lib/search-params'
import { consumptionHandlers, emptyConsumptionHandlers } from '../../../src/mocks/consumption'
import { device, deviceHandlers } from '../../../src/mocks/devices-detail'
import { NOW } from '../../../src/mocks/fixtures'
import { baseHandlers, failing, pending } from '../../../src/mocks/handlers'
import { narrowViewport, shellViewportParameters } from '../../support/viewports'
import { withAppServices } from '../../support/with-app-services'

function ConsumptionStory({ initialView = 'daily' }: { initialView?: ConsumptionView }) {
  const [view, setView] = useState<ConsumptionView>(initialView)
  return (
    <ConsumptionPage
      deviceId={device.id}
      view={view}
      onViewChange={setView}
      timeZone="Europe/Berlin"
      weekStart="monday"
      now={new Date(NOW)}
    />
  )
}

const meta = {
  title: 'Features/Consumption/ConsumptionPage',
  component: ConsumptionStory,
  decorators: [withAppServices],
  parameters: {
    msw: {
      handlers: { ...baseHandlers, device: deviceHandlers(), consumption: consumptionHandlers() },
    },
  },
} satisfies Meta<typeof ConsumptionStory>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByRole('heading', { name: 'November 2026, per day' }),
    ).toBeVisible()
    for (const label of [
      'Today',
      'Yesterday',
      'This week',
      'Last week',
      'This month',
      'Last month',
    ]) {
      await expect(canvas.getByText(label)).toBeVisible()
    }
    await expect(await canvas.findByText('748.3')).toBeVisible()
    await expect(canvas.getByText('Readings missing')).toBeVisible()
    await expect(canvas.getAllByText('Meter reset')[0]).toBeVisible()
    await expect(canvas.getByRole('tab', { name: 'Daily' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeEnabled())
  },
}

export const SwitchToMonthly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const daily = await canvas.findByRole('tab', { name: 'Daily' })
    daily.focus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    await expect(
      await canvas.findByRole('heading', { name: 'Last 12 months, per month' }),
    ).toBeVisible()
    await expect(canvas.getByRole('tab', { name: 'Monthly' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  },
}

export const Weekly: Story = {
  args: { initialView: 'weekly' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Last 12 weeks, per week' }),
    ).toBeVisible()
  },
}

export const TableView: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /Show as table/ }))
    await expect(await canvas.findByRole('table')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: [pending('/api/v1/devices/:id/consumption/*')],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'November 2026, per day' }),
    ).toBeVisible()
  },
}

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: emptyConsumptionHandlers(),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('No readings in this period')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeDisabled()
  },
}

/** The consumption endpoints are not there yet (501) or fail: the page stays usable. */
export const Error: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: [failing('/api/v1/devices/:id/consumption/*', 501, 'Not Implemented')],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Not Implemented')).toBeVisible()
    await expect(canvas.getAllByText('Not available').length).toBe(6)
  },
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: Default.play,
}
/** Issue 20: at 375 px the chart's views start within the first screen, the figures under them. */
export const Narrow375: Story = {
  globals: narrowViewport,
  parameters: shellViewportParameters,
  play: async (context) => {
    await Default.play!(context)
    const canvas = within(context.canvasElement)
    const views = canvas.getByRole('tablist', { name: 'View' }).getBoundingClientRect()
    const figures = canvas
      .getByRole('region', { name: 'Cumulative consumption' })
      .getBoundingClientRect()
    await expect(views.top).toBeLessThan(window.innerHeight / 2)
    await expect(figures.top).toBeGreaterThan(views.bottom)
  },
}
export const Narrow375Dark: Story = {
  ...Narrow375,
  globals: { ...narrowViewport, theme: 'dark' },
}

export const Dark: Story = { globals: { theme: 'dark' }, play: Default.play }
