import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Card, Stat, statSizes } from '~/ui'
import { mobileViewport, Row } from './helpers'

const meta = {
  title: 'Components/Stat',
  component: Stat,
  args: {
    label: 'Energy today',
    value: '1,204.5',
    unit: 'kWh',
    delta: { value: '12%', direction: 'up', context: 'vs yesterday' },
    goodDirection: 'down',
  },
  render: (args) => (
    <Card>
      <Stat {...args} />
    </Card>
  ),
} satisfies Meta<typeof Stat>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('1,204.5')).toBeVisible()
    // The direction is said in words, not only by colour and arrow.
    await expect(canvas.getByText('Increased by')).toBeInTheDocument()
  },
}

export const Down: Story = {
  args: { delta: { value: '8%', direction: 'down', context: 'vs last week' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Decreased by')).toBeInTheDocument()
  },
}
export const Neutral: Story = {
  args: { delta: { value: '0%', direction: 'neutral', context: 'vs last week' } },
}
export const UpIsGood: Story = {
  args: {
    label: 'Devices online',
    value: '48',
    unit: undefined,
    goodDirection: 'up',
    delta: { value: '+3', direction: 'up' },
  },
}
export const WithoutDelta: Story = { args: { delta: undefined } }
export const Loading: Story = { args: { isLoading: true } }
export const LongText: Story = {
  args: {
    label: 'Cumulative consumption of all devices in Substation North-East this month',
    value: '1,234,567.89',
  },
}
/**
 * Three figures in tiles of a device card's width: 'md' keeps '14,461.59' and its unit on one
 * line where 'lg' moves the unit under it.
 */
export const Sizes: Story = {
  args: { delta: undefined, value: '14,461.59' },
  render: (args) => (
    <Row gap="1rem">
      {statSizes.map((size) => (
        <div key={size} style={{ width: '14rem' }}>
          <Card>
            <Stat {...args} label={`Size ${size}`} size={size} />
          </Card>
        </div>
      ))}
    </Row>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const unitDrop = (size: string) => {
      const figure = canvas.getByText(`Size ${size}`).nextElementSibling!
      const unit = within(figure as HTMLElement).getByText('kWh')
      return unit.getBoundingClientRect().top - figure.getBoundingClientRect().top
    }
    // On the figure's line: less than a line of 'md' text below its top.
    await expect(unitDrop('md')).toBeLessThan(16)
    await expect(unitDrop('lg')).toBeGreaterThan(24)
  },
}
export const NarrowScreen: Story = { globals: mobileViewport }
export const Dark: Story = { globals: { theme: 'dark' } }

export const Matrix: Story = {
  render: (args) => (
    <Row gap="1rem">
      {(['up', 'down', 'neutral'] as const).map((direction) => (
        <Card key={direction}>
          <Stat {...args} delta={{ value: '12%', direction, context: 'vs yesterday' }} />
        </Card>
      ))}
    </Row>
  ),
}
