import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { QuickAnalysis } from '~/ui/QuickAnalysis'
import { emptyProfile, intervalsProfile, longTextProfile } from '../fixtures/profiles'

const meta = {
  title: 'Components/QuickAnalysis',
  component: QuickAnalysis,
  args: { profile: intervalsProfile },
  decorators: [(Story) => <div style={{ maxWidth: 820 }}>{Story()}</div>],
} satisfies Meta<typeof QuickAnalysis>
export default meta
type Story = StoryObj<typeof meta>

/** Reads the figure of one term in the description list. */
const figure = (canvasElement: HTMLElement, term: string) => {
  const dt = within(canvasElement).getByText(term, { selector: 'dt' })
  return dt.nextElementSibling as HTMLElement
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('region', { name: 'Quick Analysis' }),
    ).toBeInTheDocument()
    await expect(figure(canvasElement, 'Steps')).toHaveTextContent('4')
    await expect(figure(canvasElement, 'Slowest step')).toHaveTextContent(
      '268.0 ms, aggregate_intervals',
    )
    // 412.6 ms over 4 steps.
    await expect(figure(canvasElement, 'Average step time')).toHaveTextContent(
      '103.2 ms, Total duration / steps',
    )
    await expect(figure(canvasElement, 'Database queries')).toHaveTextContent('6')
  },
}

/** Zero steps: no division by zero, the figures say they are not available. */
export const Empty: Story = {
  args: { profile: emptyProfile },
  play: async ({ canvasElement }) => {
    await expect(figure(canvasElement, 'Steps')).toHaveTextContent('0')
    await expect(figure(canvasElement, 'Average step time')).toHaveTextContent('Not available')
    await expect(figure(canvasElement, 'Slowest step')).toHaveTextContent('Not available')
  },
}

export const LongText: Story = {
  args: { profile: longTextProfile },
}

export const NarrowScreen: Story = {
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
}

export const Dark: Story = {
  globals: { theme: 'dark' },
}
