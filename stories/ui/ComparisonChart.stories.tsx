import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ComparisonChart, ResponsiveComparisonChart } from '~/ui/ComparisonChart'
import { dailyComparison, hourlyComparison } from '../fixtures/charts'
import { chartStates } from '../support/chart-states'
import { tabTo } from '../support/keyboard'

/** Mon 19 - Sun 25 Oct 2026 against the week before. */
const week = dailyComparison(7, Date.UTC(2026, 9, 19))

const meta = {
  title: 'Components/ComparisonChart',
  component: ComparisonChart,
  args: {
    width: 760,
    height: 260,
    data: week,
    granularity: 'daily',
    timeZone: 'UTC',
    currentLabel: 'This week',
    previousLabel: 'Last week',
    label: 'This week compared with last week',
  },
  argTypes: { variant: { control: 'inline-radio', options: ['bars', 'lines'] } },
} satisfies Meta<typeof ComparisonChart>
export default meta
type Story = StoryObj<typeof meta>

const states = chartStates({
  name: 'This week compared with last week',
  errorMessage: 'The report service is not reachable.',
  Responsive: ResponsiveComparisonChart,
})

export const Default: Story = {
  // The page states the change (86.17 against 91.58 kWh); the chart does not sum its own.
  args: { change: { label: 'Change', value: '-5.9%' } },
  play: async ({ canvasElement }) => {
    const legend = within(canvasElement).getByRole('list', { name: /legend/ })
    await expect(legend).toHaveTextContent(/This week\s*[\d.,]+ kWh/)
    await expect(legend).toHaveTextContent(/Last week\s*[\d.,]+ kWh/)
    await expect(legend).toHaveTextContent(/Change\s*-5\.9%/)
  },
}

export const Month: Story = {
  args: {
    data: dailyComparison(31, Date.UTC(2026, 9, 1), 17, 6),
    currentLabel: 'October',
    previousLabel: 'September',
    label: 'October compared with September',
  },
}

export const Lines: Story = {
  args: {
    data: hourlyComparison(),
    granularity: 'hourly',
    variant: 'lines',
    currentLabel: 'Today',
    previousLabel: 'Yesterday',
    label: 'Today compared with yesterday',
  },
}

export const Loading: Story = states.Loading
export const Empty: Story = states.Empty
export const Error: Story = states.Error

export const LongText: Story = {
  args: {
    currentLabel: 'Heating season 2026/27 (estimated from the smart meter and the manual readings)',
    previousLabel: 'Heating season 2025/26 (manual readings only)',
  },
}

export const NarrowScreen: Story = states.NarrowScreen
export const Dark: Story = states.Dark

export const KeyboardTooltip: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await tabTo(
      canvas.getByRole('application', { name: 'This week compared with last week' }),
      userEvent,
    )
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    const tip = canvas.getByRole('tooltip')
    await expect(tip).toHaveTextContent('Tue 20 Oct 2026')
    await expect(tip).toHaveTextContent(/This week\s*[\d,]+\.\d\d kWh/)
    await expect(tip).toHaveTextContent(/Last week\s*[\d,]+\.\d\d kWh/)
    await expect(tip).toHaveTextContent(/Change: [+−-][\d.]+%, compared with Tue 13 Oct 2026/)
  },
}

/**
 * Days whose value rests on an edge interpolated between readings (a gap across midnight) are
 * hatched, in either period, and the tooltip says so.
 */
export const EstimatedBuckets: Story = {
  args: {
    data: week.map((point, i) => ({
      ...point,
      currentEstimated: i === 2 || i === 3,
      previousEstimated: i === 5,
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const chart = canvas.getByRole('application', { name: 'This week compared with last week' })
    await tabTo(chart, userEvent)
    await userEvent.keyboard('{Home}{ArrowRight}{ArrowRight}')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(
      'estimated: includes values interpolated between readings',
    )
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    await expect(canvas.getByRole('tooltip')).not.toHaveTextContent('estimated')
  },
}
