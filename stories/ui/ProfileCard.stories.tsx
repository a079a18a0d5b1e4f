import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ProfileCard } from '~/ui/ProfileCard'
import { emptyProfile, intervalsProfile, lightProfile, longTextProfile } from '../fixtures/profiles'

const meta = {
  title: 'Components/ProfileCard',
  component: ProfileCard,
  args: { profile: intervalsProfile },
  decorators: [(Story) => <div style={{ maxWidth: 820 }}>{Story()}</div>],
} satisfies Meta<typeof ProfileCard>
export default meta
type Story = StoryObj<typeof meta>

const stepTriggers = (canvasElement: HTMLElement) =>
  within(canvasElement).getAllByRole('button', { name: /^Step \d+:/ })

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('region', { name: 'Performance Profile' })
    const stats = within(card).getAllByRole('definition')
    await expect(stats[0]).toHaveTextContent('412.6 ms')
    await expect(stats[1]).toHaveTextContent('6')
    await expect(stats[2]).toHaveTextContent('+3.42 MB (Memory grew during the request)')
    const breakdown = within(card).getByRole('list', { name: 'Time breakdown' })
    // Python 14.1 + 6.3 + 58.4 + 19.2; SQL is the sum of the six timings; Other is the rest.
    await expect(breakdown).toHaveTextContent(/Python\s*98\.0 ms/)
    await expect(breakdown).toHaveTextContent(/SQL\s*277\.0 ms/)
    await expect(breakdown).toHaveTextContent(/Other\s*37\.6 ms/)
  },
}

/** Expand all opens every step, Collapse all closes them (aria-expanded on each trigger). */
export const ExpandAndCollapseAll: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    for (const trigger of stepTriggers(canvasElement))
      await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await step('Expand all', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Expand all' }))
      for (const trigger of stepTriggers(canvasElement))
        await expect(trigger).toHaveAttribute('aria-expanded', 'true')
      await expect(canvas.getByRole('button', { name: 'Expand all' })).toBeDisabled()
    })
    await step('Collapse all', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Collapse all' }))
      for (const trigger of stepTriggers(canvasElement))
        await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    })
    await step('One step by keyboard', async () => {
      stepTriggers(canvasElement)[1]!.focus()
      await userEvent.keyboard('{Enter}')
      await expect(stepTriggers(canvasElement)[1]).toHaveAttribute('aria-expanded', 'true')
      await expect(canvas.getByRole('group', { name: /^Step 2: load_device/ })).toBeVisible()
    })
  },
}

/** Red over 100 ms, yellow over 50 ms up to 100 ms, green otherwise, each with a word and an icon. */
export const QueryTimings: Story = {
  args: { defaultExpandedSteps: [0, 1, 2] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const queries = (step: string) =>
      within(
        within(canvas.getByRole('group', { name: new RegExp(`^Step \\d+: ${step}`) })).getByRole(
          'list',
          { name: 'SQL queries' },
        ),
      ).getAllByRole('listitem')
    await expect(queries('aggregate_intervals')[0]).toHaveTextContent(/^Slow\s*182\.3 ms/)
    await expect(queries('aggregate_intervals')[1]).toHaveTextContent(/^Fast\s*22\.9 ms/)
    await expect(queries('load_device')[0]).toHaveTextContent(/^Moderate\s*61\.7 ms/)
    await expect(queries('authenticate')[0]).toHaveTextContent(/^Fast\s*3\.2 ms/)
  },
}

export const MemoryReleased: Story = {
  args: { profile: lightProfile },
  play: async ({ canvasElement }) => {
    const stats = within(canvasElement).getAllByRole('definition')
    await expect(stats[2]).toHaveTextContent('-0.75 MB (No memory growth)')
  },
}

export const Empty: Story = {
  args: { profile: emptyProfile },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No steps were recorded.')).toBeInTheDocument()
    await expect(canvas.queryByRole('button', { name: 'Expand all' })).not.toBeInTheDocument()
  },
}

export const LongText: Story = {
  args: { profile: longTextProfile, defaultExpandedSteps: [0] },
}

export const NarrowScreen: Story = {
  args: { defaultExpandedSteps: [2] },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
}

export const Dark: Story = {
  args: { defaultExpandedSteps: [1, 2] },
  globals: { theme: 'dark' },
}
