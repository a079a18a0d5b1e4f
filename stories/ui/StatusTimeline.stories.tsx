import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ResponsiveStatusTimeline, StatusTimeline } from '~/ui/StatusTimeline'
import { statusFlapping, statusWeek } from '../fixtures/charts'
import { chartStates } from '../support/chart-states'
import { tabTo } from '../support/keyboard'

const meta = {
  title: 'Components/StatusTimeline',
  component: StatusTimeline,
  args: { width: 760, data: statusWeek(), timeZone: 'UTC', label: 'Status this week' },
} satisfies Meta<typeof StatusTimeline>
export default meta
type Story = StoryObj<typeof meta>

const states = chartStates({
  name: 'Status this week',
  errorMessage: 'The status history could not be loaded.',
  Responsive: ResponsiveStatusTimeline,
})

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const legend = within(canvasElement).getByRole('list', { name: /legend/ })
    await expect(legend).toHaveTextContent(/Online\s*9\d(\.\d)?%/)
    await expect(legend).toHaveTextContent(/Offline\s*\d(\.\d)?%/)
    await expect(legend).toHaveTextContent(/Unknown\s*\d(\.\d)?%/)
  },
}

/** A range wider than the data: the uncovered time is unknown, not online. */
export const PartialCoverage: Story = {
  args: {
    data: statusWeek().slice(2, 5),
    range: { start: '2026-10-19T00:00:00Z', end: '2026-10-26T00:00:00Z' },
  },
}

/** Thousands of short flaps over 30 days merge into segments at least 2 px wide; outages stay visible. */
export const Flapping: Story = {
  args: { data: statusFlapping(), label: 'Status, last 30 days' },
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByRole('application', { name: 'Status, last 30 days' })
    // Budget check: the SVG element count is what is measured, so the DOM is queried on purpose.
    await expect(chart.querySelector('svg')!.querySelectorAll('*').length).toBeLessThan(1000)
  },
}

export const Loading: Story = states.Loading
export const Empty: Story = states.Empty
export const Error: Story = states.Error

export const LongText: Story = {
  args: {
    label:
      'Connectivity of the rooftop photovoltaic inverter gateway (building C, north-east stairwell) this week',
  },
}

export const NarrowScreen: Story = states.NarrowScreen
export const Dark: Story = states.Dark

export const KeyboardTooltip: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await tabTo(canvas.getByRole('application', { name: 'Status this week' }), userEvent)
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tooltip')).toHaveTextContent(/Online\s*Duration\s*1 d 3 h/)
    await userEvent.keyboard('{ArrowRight}')
    const tip = canvas.getByRole('tooltip')
    await expect(tip).toHaveTextContent('Offline')
    await expect(tip).toHaveTextContent('2 h 30 min')
    await expect(tip).toHaveTextContent('Tue 20 Oct 2026, 03:10 – 05:40')
  },
}
