import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ComparisonChart, ResponsiveComparisonChart } from '../../src/ui/ComparisonChart'
import { dailyComparison, hourlyComparison } from '../fixtures/charts'
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

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const legend = within(canvasElement).getByRole('list', { name: /legend/ })
    await expect(legend).toHaveTextContent(/This week\s*[\d.,]+ kWh/)
    await expect(legend).toHaveTextContent(/Last week\s*[\d.,]+ kWh/)
    await expect(legend).toHaveTextContent(/Change\s*[+−-][\d.]+%/)
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

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading')
  },
}

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period')).toBeInTheDocument()
  },
}

export const Error: Story = {
  args: {
    status: 'error',
    errorMessage: 'The report service is not reachable.',
    onRetry: () => {},
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The report service is not reachable.',
    )
  },
}

export const LongText: Story = {
  args: {
    currentLabel: 'Heating season 2026/27 (estimated from the smart meter and the manual readings)',
    previousLabel: 'Heating season 2025/26 (manual readings only)',
  },
}

export const NarrowScreen: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <ResponsiveComparisonChart {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole('application', {
      name: 'This week compared with last week',
    })
    await expect(chart.getBoundingClientRect().width).toBeLessThanOrEqual(360)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
}

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
    await expect(tip).toHaveTextContent(/This week\s*[\d.]+ kWh/)
    await expect(tip).toHaveTextContent(/Last week\s*[\d.]+ kWh/)
    await expect(tip).toHaveTextContent(/Change: [+−-][\d.]+%, compared with Tue 13 Oct 2026/)
  },
}
