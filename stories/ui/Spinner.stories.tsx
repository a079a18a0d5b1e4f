import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Spinner, spinnerSizes } from '~/ui'
import { Row } from './helpers'

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
} satisfies Meta<typeof Spinner>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading')
  },
}

export const WithLabel: Story = {
  args: { label: 'Loading logs...', showLabel: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading logs...')
    await expect(within(canvasElement).getByText('Loading logs...')).toBeVisible()
  },
}

export const Small: Story = { args: { size: 'sm' } }
export const Large: Story = {
  args: { size: 'lg', label: 'Loading notifications...', showLabel: true },
}
export const Dark: Story = { ...WithLabel, globals: { theme: 'dark' } }

export const Matrix: Story = {
  render: () => (
    <Row>
      {spinnerSizes.map((size) => (
        <Spinner key={size} size={size} label={`Loading ${size}`} showLabel />
      ))}
    </Row>
  ),
}
