import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { DebugPage, type DebugTab } from '~/features/debug/DebugPage'
import { logsHandler, profilingHandlers } from '~/mocks/debug'
import { baseHandlers } from '~/mocks/handlers'
import { withAppServices } from '../../support/with-app-services'

/** The page with its tab held in state, as the route holds it in the URL. */
function DebugHarness({ initialTab = 'logs' }: { initialTab?: DebugTab }) {
  const [tab, setTab] = useState<DebugTab>(initialTab)
  return <DebugPage tab={tab} onTabChange={setTab} />
}

const meta = {
  title: 'Features/Debug/DebugPage',
  component: DebugHarness,
  decorators: [withAppServices],
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        debug: [logsHandler()],
        profiling: profilingHandlers('profiled'),
      },
    },
  },
} satisfies Meta<typeof DebugHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Logs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Debug', level: 1 })).toBeVisible()
    await expect(canvas.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true')
    await canvas.findByText('Showing 1-100 of 260')
  },
}

export const Profiling: Story = {
  args: { initialTab: 'profiling' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Execute with Profiling' })).toBeDisabled()
    // Tabs are reachable from the keyboard: arrow keys move between them.
    canvas.getByRole('tab', { name: 'Profiling' }).focus()
    await userEvent.keyboard('{ArrowLeft}')
    await expect(canvas.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true')
  },
}
