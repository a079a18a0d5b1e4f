import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ConsumptionChart, ResponsiveConsumptionChart } from '~/ui/ConsumptionChart'
import {
  dailyConsumption,
  dailyTwoWay,
  hourlyYear,
  monthlyConsumption,
  quarterHourPower,
} from '../fixtures/charts'
import { chartStates } from '../support/chart-states'
import { tabTo } from '../support/keyboard'

const meta = {
  title: 'Components/ConsumptionChart',
  component: ConsumptionChart,
  args: {
    width: 760,
    height: 260,
    data: dailyConsumption(),
    granularity: 'daily',
    timeZone: 'UTC',
  },
  argTypes: {
    granularity: { control: 'inline-radio', options: ['hourly', 'daily', 'weekly', 'monthly'] },
  },
} satisfies Meta<typeof ConsumptionChart>
export default meta
type Story = StoryObj<typeof meta>

const states = chartStates({
  name: 'Daily consumption',
  errorMessage: 'The consumption service did not answer.',
  Responsive: ResponsiveConsumptionChart,
})

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('application', { name: 'Daily consumption' })).toBeInTheDocument()
    const legend = canvas.getByRole('list', { name: 'Daily consumption legend' })
    for (const name of ['Measured', 'Estimated', 'Incomplete', 'No data', 'Meter reset']) {
      await expect(within(legend).getByText(name)).toBeInTheDocument()
    }
  },
}

export const Monthly: Story = {
  args: { data: monthlyConsumption(), granularity: 'monthly' },
}

export const Loading: Story = states.Loading
export const Empty: Story = states.Empty
export const Error: Story = states.Error

export const LongText: Story = {
  args: {
    label:
      'Daily consumption of the main distribution board in the north wing, second floor (meter 4471-AX-0093)',
    status: 'error',
    errorMessage:
      'The consumption service answered with an error after 30 seconds. The meter gateway may be offline or the period may be too long to aggregate; try a shorter period or retry later.',
    onRetry: () => {},
  },
}

/** Thirty days without readings (the API's nulls): the no-data state, not an axis of zeros. */
export const NoReadings: Story = {
  args: { data: dailyConsumption(30).map((bucket) => ({ ...bucket, kwh: null, flags: {} })) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period')).toBeInTheDocument()
  },
}

/** Every day measured at 0 kWh: an axis whose ticks differ (not '0.000' three times). */
export const AllZero: Story = {
  args: { data: dailyConsumption(30).map((bucket) => ({ ...bucket, kwh: 0, flags: {} })) },
  play: async ({ canvasElement }) => {
    const ticks = within(canvasElement)
      .getAllByText(/^[\d.,]+$/)
      .map((tick) => tick.textContent)
    await expect(ticks.length).toBeGreaterThan(1)
    await expect(new Set(ticks).size).toBe(ticks.length)
  },
}

export const NarrowScreen: Story = states.NarrowScreen
export const Dark: Story = states.Dark

/** Focus with Tab, step with the arrows: the tooltip names the day and its value. */
export const KeyboardTooltip: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const chart = canvas.getByRole('application', { name: 'Daily consumption' })
    await tabTo(chart, userEvent)
    await expect(chart).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent('Thu 1 Oct 2026')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Consumption\s*[\d,]+\.\d\d kWh/)
    await userEvent.keyboard('{End}')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent('Sat 31 Oct 2026')
    await userEvent.keyboard('{Escape}')
    await expect(canvas.queryByRole('tooltip')).not.toBeInTheDocument()
    // Back to the reset bar of 18 Oct, left open for the visual baseline.
    await userEvent.keyboard('{Home}')
    for (let i = 0; i < 17; i++) await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent('Meter reset in this period')
  },
}

/** A bar opens (drill-down) with Enter or a click, and says so; a Tab away does not. */
export const OpenABar: Story = {
  args: {
    data: monthlyConsumption(),
    granularity: 'monthly',
    onBarPress: fn(),
    barPressHint: 'Click or press Enter for its days.',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const chart = canvas.getByRole('application', { name: 'Monthly consumption' })
    await expect(chart).toHaveAccessibleDescription(/Click or press Enter for its days\.$/)
    // Month labels carry the year: 'Dec 25' would read as the 25th of December.
    await expect(canvas.getAllByText(/^[A-Z][a-z]{2} \d{4}$/).length).toBeGreaterThan(3)
    await tabTo(chart, userEvent)
    await userEvent.keyboard('{Enter}')
    await expect(args.onBarPress).not.toHaveBeenCalled()
    await userEvent.keyboard('{Home}{ArrowRight}{Enter}')
    await expect(args.onBarPress).toHaveBeenCalledTimes(1)
    const second = monthlyConsumption()[1]!
    await expect(args.onBarPress).toHaveBeenLastCalledWith(Date.parse(second.start))
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(
      'Click or press Enter for its days.',
    )
    const box = chart.getBoundingClientRect()
    const lastBar = { clientX: box.left + box.width * 0.97, clientY: box.top + box.height / 2 }
    await userEvent.pointer({ keys: '[MouseLeft]', target: chart, coords: lastBar })
    await expect(args.onBarPress).toHaveBeenCalledTimes(2)
    await expect(args.onBarPress).toHaveBeenLastCalledWith(
      Date.parse(monthlyConsumption()[11]!.start),
    )
  },
}

/** The same tooltip follows the pointer, and leaves with it. */
export const PointerTooltip: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const chart = canvas.getByRole('application', { name: 'Daily consumption' })
    const box = chart.getBoundingClientRect()
    // Two thirds across the plot: a bar in the third week of October.
    await userEvent.pointer({
      target: chart,
      coords: { clientX: box.left + box.width * 0.66, clientY: box.top + box.height / 2 },
    })
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(
      /\d+ Oct 2026\s*Consumption\s*[\d,]+\.\d\d kWh/,
    )
    await userEvent.unhover(chart)
    await expect(canvas.queryByRole('tooltip')).not.toBeInTheDocument()
    await userEvent.pointer({
      target: chart,
      coords: { clientX: box.left + box.width * 0.66, clientY: box.top + box.height / 2 },
    })
  },
}

/** The accessible fallback: every bar as a row. */
export const AsTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Show as table' }))
    const table = canvas.getByRole('table', { name: 'Daily consumption' })
    await expect(within(table).getAllByRole('row')).toHaveLength(32)
    await expect(within(table).getByText('Meter reset in this period')).toBeInTheDocument()
    // 25 Oct rests on an edge interpolated between readings: drawn hatched, noted in its row.
    await expect(
      within(table).getByText('Estimated: includes values interpolated between readings'),
    ).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Show as chart' })).toBeInTheDocument()
  },
}

/** 8,760 hourly buckets merge into at most one bar per 3 px: the SVG stays far under 1,000 elements. */
export const YearOfHourlyPoints: Story = {
  args: {
    data: hourlyYear(),
    granularity: 'hourly',
    width: 1100,
    label: 'Hourly consumption 2025',
  },
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByRole('application', {
      name: 'Hourly consumption 2025',
    })
    // Budget check: counting SVG elements is the point here, so querying the DOM is deliberate.
    const svg = chart.querySelector('svg')!
    await expect(svg.querySelectorAll('*').length).toBeLessThan(1000)
    // At most one bar per 2 px of the 1,100 px chart.
    await expect(svg.querySelectorAll('rect').length).toBeLessThanOrEqual(550)
    await tabTo(chart, userEvent)
    await userEvent.keyboard('{ArrowRight}')
    await expect(within(canvasElement).getByRole('tooltip')).toHaveTextContent(
      /Sum of \d+ hourly values/,
    )
  },
}

/** Priced buckets (issue 26): the tooltip and the table give each bucket's cost and CO2. */
const pricedDays = dailyConsumption().map((bucket) => ({
  ...bucket,
  cost: bucket.kwh === null ? null : Math.round(bucket.kwh * 31) / 100,
  co2Kg: bucket.kwh === null ? null : Math.round(bucket.kwh * 380) / 1000,
}))

export const WithCost: Story = {
  args: { data: pricedDays, currency: 'EUR' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const chart = canvas.getByRole('application', { name: 'Daily consumption' })
    await tabTo(chart, userEvent)
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Cost\s*€\d+\.\d\d/)
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/CO₂e\s*[\d,]+\.\d kg CO₂e/)
  },
}

export const WithCostTable: Story = {
  args: { data: pricedDays, currency: 'EUR' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Show as table/ }))
    const table = await canvas.findByRole('table')
    await expect(within(table).getByRole('columnheader', { name: 'Cost' })).toBeVisible()
    await expect(within(table).getByRole('columnheader', { name: 'CO₂e' })).toBeVisible()
  },
}

/** Issue 35: a day's quarter hours as power, the peak's bar in its own tone with its value and time. */
const peak = { start: '2026-10-02T08:15:00Z', label: 'Peak 6.40 kW · Oct 2, 8:15 AM' }

export const Power: Story = {
  args: { data: quarterHourPower(), granularity: 'quarter_hour', measure: 'power', peak },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const chart = canvas.getByRole('application', { name: 'Power per quarter hour' })
    await expect(chart).toHaveAccessibleDescription(
      /^96 quarter-hour values from 2 Oct 2026 to 2 Oct 2026\. Peak 6\.40 kW · Oct 2, 8:15 AM\. 4 without data\./,
    )
    const legend = canvas.getByRole('list', { name: 'Power per quarter hour legend' })
    for (const name of ['Average power', 'Peak', 'No data'])
      await expect(within(legend).getByText(name)).toBeInTheDocument()
    await expect(canvas.getByText(peak.label)).toBeInTheDocument()
    // The peak's quarter hour by keyboard: its own row in the tooltip, named by start and end.
    await tabTo(chart, userEvent)
    await userEvent.keyboard('{Home}' + '{ArrowRight}'.repeat(33))
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Fri 2 Oct 2026, 08:15 – 08:30/)
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Power\s*6\.40 kW/)
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Peak 6\.40 kW · Oct 2, 8:15 AM/)
  },
}

/** At 200 px the quarter hours merge: each bar is the highest of its quarter hours, the peak kept. */
export const PowerNarrow: Story = {
  args: { ...Power.args, width: 200 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Show as table' }))
    const table = canvas.getByRole('table', {
      name: /^Power per quarter hour \(each row shows the highest of/,
    })
    const peakRow = within(table).getByRole('row', { name: /Peak/ })
    await expect(peakRow).toHaveTextContent('6.40 kW')
  },
}

export const PowerDark: Story = { ...Power, globals: { theme: 'dark' } }

/** Issue 35: a two-way meter's export mirrored under the axis; export and net in tooltip and table. */
export const TwoWay: Story = {
  args: { data: dailyTwoWay() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const legend = canvas.getByRole('list', { name: 'Daily consumption legend' })
    await expect(within(legend).getByText('Import')).toBeInTheDocument()
    await expect(within(legend).getByText('Export')).toBeInTheDocument()
    const chart = canvas.getByRole('application', { name: 'Daily consumption' })
    await tabTo(chart, userEvent)
    await userEvent.keyboard('{Home}')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Export\s*[\d.]+ kWh/)
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Net\s*[\d.]+ kWh/)
    await userEvent.click(canvas.getByRole('button', { name: 'Show as table' }))
    const table = canvas.getByRole('table', { name: 'Daily consumption' })
    for (const name of ['Import', 'Export', 'Net'])
      await expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument()
  },
}

export const TwoWayNarrowDark: Story = {
  args: { data: dailyTwoWay(), width: 343 },
  globals: { theme: 'dark' },
}
