import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Card, Stat, Tiles } from '~/ui'
import { mobileViewport } from './helpers'

const figures = [
  ['Today', '1,204.5'],
  ['Yesterday', '1,187.0'],
  ['This week', '6,033.2'],
  ['Last week', '8,410.9'],
] as const

const meta = {
  title: 'Components/Tiles',
  component: Tiles,
  args: { space: 'lg', minItemWidth: '12rem' },
  render: (args) => (
    <Tiles as="ul" aria-label="Consumption" {...args}>
      {figures.map(([label, value]) => (
        <li key={label}>
          <Card>
            <Stat label={label} value={value} unit="kWh" />
          </Card>
        </li>
      ))}
    </Tiles>
  ),
} satisfies Meta<typeof Tiles>
export default meta
type Story = StoryObj<typeof meta>

const columnsOf = (root: HTMLElement) =>
  new Set(
    within(within(root).getByRole('list', { name: 'Consumption' }))
      .getAllByRole('listitem')
      .map((li) => li.getBoundingClientRect().left),
  ).size

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('6,033.2')).toBeVisible()
    // As many 12rem columns as the width holds: all four side by side on a desktop.
    await expect(columnsOf(canvasElement)).toBe(4)
  },
}

/** One column on a phone: a tile is never wider than the grid, nor narrower than 12rem beside another. */
export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvasElement }) => {
    await expect(columnsOf(canvasElement)).toBe(1)
  },
}

/** Two tiles with `fill`: the empty tracks stay, so they keep a tile's width. */
export const Fill: Story = {
  args: { fill: true, minItemWidth: '14rem' },
  render: (args) => (
    <Tiles as="ul" aria-label="Consumption" {...args}>
      {figures.slice(0, 2).map(([label, value]) => (
        <li key={label}>
          <Card>
            <Stat label={label} value={value} unit="kWh" />
          </Card>
        </li>
      ))}
    </Tiles>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Consumption' })
    const first = within(list).getAllByRole('listitem')[0]!.getBoundingClientRect()
    await expect(first.width).toBeLessThan(list.getBoundingClientRect().width / 2)
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
