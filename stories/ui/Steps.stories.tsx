import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Steps } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/Steps',
  component: Steps,
  args: { steps: ['1. Group', '2. First admin', '3. Notification rules', '4. Review'], current: 1 },
} satisfies Meta<typeof Steps>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Steps' })
    // The step on screen is said, not only shown in colour.
    await expect(within(list).getByText('2. First admin')).toHaveAttribute('aria-current', 'step')
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4)
  },
}

export const First: Story = { args: { current: 0 } }
export const Last: Story = { args: { current: 3 } }
export const Narrow: Story = {
  args: { steps: ['Identity', 'Location', 'Model', 'Review'], current: 2 },
  globals: mobileViewport,
}
export const Dark: Story = { globals: { theme: 'dark' } }
