import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Card, DescriptionList } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/DescriptionList',
  component: DescriptionList,
  args: {
    'aria-label': 'Device',
    items: [
      ['Name', 'Substation North-East'],
      ['Serial number', 'SN-0042-7781'],
      ['Location', 'Building B, basement'],
      ['Device model', 'Iskra MT174'],
    ],
  },
  render: (args) => (
    <Card title="Details">
      <DescriptionList {...args} />
    </Card>
  ),
} satisfies Meta<typeof DescriptionList>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const term = canvas.getByText('Serial number')
    const value = canvas.getByText('SN-0042-7781')
    await expect(term.tagName).toBe('DT')
    // The value sits beside its term, on the same line.
    await expect(value.getBoundingClientRect().top).toBe(term.getBoundingClientRect().top)
    await expect(value.getBoundingClientRect().left).toBeGreaterThan(
      term.getBoundingClientRect().right,
    )
  },
}

/** A long value wraps inside its column instead of widening the card. */
export const NarrowScreen: Story = {
  globals: mobileViewport,
  args: {
    items: [
      ['Name', 'Cumulative meter of every feeder in Substation North-East, hall 2'],
      ['Id', '7c9e6679-7425-40de-944b-e07fc1f90ae7'],
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    await expect(within(canvasElement).getByText(/^7c9e6679/)).toBeVisible()
  },
}

/** `collapseBelow="tablet"`: on a phone each term sits over its value, which keeps the whole width. */
export const Collapsed: Story = {
  ...NarrowScreen,
  args: { ...NarrowScreen.args, collapseBelow: 'tablet' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const term = canvas.getByText('Id')
    const value = canvas.getByText(/^7c9e6679/)
    await expect(value.getBoundingClientRect().top).toBeGreaterThan(
      term.getBoundingClientRect().bottom,
    )
    await expect(value.getBoundingClientRect().left).toBe(term.getBoundingClientRect().left)
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
