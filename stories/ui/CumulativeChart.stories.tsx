import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { CumulativeChart, ResponsiveCumulativeChart } from '~/ui/CumulativeChart'
import { cumulativeSeries } from '../fixtures/charts'
import { chartStates } from '../support/chart-states'
import { tabTo } from '../support/keyboard'

/** Mon 19 Oct 2026 - Sun 25 Oct 2026, a reading every 15 minutes. */
const week = cumulativeSeries(7 * 96, 15, Date.UTC(2026, 9, 19))
const withOutage = week.map((p, i) => (i >= 250 && i < 300 ? { ...p, kwh: null } : p))

const meta = {
  title: 'Components/CumulativeChart',
  component: CumulativeChart,
  args: {
    width: 760,
    height: 260,
    data: week,
    timeZone: 'UTC',
    label: 'Cumulative consumption this week',
  },
} satisfies Meta<typeof CumulativeChart>
export default meta
type Story = StoryObj<typeof meta>

const states = chartStates({
  name: 'Cumulative consumption this week',
  errorMessage: 'Request failed with status 503.',
  Responsive: ResponsiveCumulativeChart,
})

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('application', { name: 'Cumulative consumption this week' }),
    ).toBeInTheDocument()
    await expect(canvas.getByRole('list', { name: /legend/ })).toHaveTextContent(
      /Used in period\s*[\d,]+\.\d\d kWh/,
    )
  },
}

export const Today: Story = {
  args: {
    data: cumulativeSeries(96, 15, Date.UTC(2026, 9, 21), 9, 0),
    label: 'Cumulative consumption today',
  },
}

export const WithGap: Story = {
  args: { data: withOutage },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('list', { name: /legend/ })).toHaveTextContent(
      'No readings',
    )
  },
}

export const Loading: Story = states.Loading
export const Empty: Story = states.Empty
export const Error: Story = states.Error

export const LongText: Story = {
  args: {
    label:
      'Cumulative consumption of the heat pump and the domestic hot water boiler in the basement plant room this week',
  },
}

export const NarrowScreen: Story = states.NarrowScreen
export const Dark: Story = states.Dark

export const KeyboardTooltip: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const chart = canvas.getByRole('application', { name: 'Cumulative consumption this week' })
    await tabTo(chart, userEvent)
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent('Mon 19 Oct 2026, 00:00')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Meter reading\s*12,480/)
    await userEvent.keyboard('{PageDown}{PageDown}{PageDown}{PageDown}{PageDown}')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Since start\s*\+[\d,]+\.\d\d kWh/)
  },
}

/** 8,760 hourly readings: LTTB keeps at most one vertex per 2 px, so the SVG stays small. */
export const YearOfHourlyPoints: Story = {
  args: {
    width: 1100,
    data: cumulativeSeries(8760, 60, Date.UTC(2025, 0, 1)),
    label: 'Cumulative consumption 2025',
  },
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByRole('application', {
      name: 'Cumulative consumption 2025',
    })
    // Budget check: counting SVG elements and path vertices is the point here, so we read the DOM.
    const svg = chart.querySelector('svg')!
    await expect(svg.querySelectorAll('*').length).toBeLessThan(1000)
    const counts = [...svg.querySelectorAll('path')].map(
      (p) => (p.getAttribute('d') ?? '').split(/[LM]/).length - 1,
    )
    // The line is the longest path but for the area under it, which walks its vertices twice.
    const vertices = Math.min(...counts.filter((n) => n > 50))
    await expect(vertices).toBeLessThanOrEqual(1100 / 2)
    await expect(vertices).toBeGreaterThan(100)
  },
}
