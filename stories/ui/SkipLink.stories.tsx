import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { SkipLink } from '~/ui'

const meta = {
  title: 'Components/SkipLink',
  component: SkipLink,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <>
        <Story />
        <nav aria-label="Main" style={{ padding: '4rem 1rem 1rem' }}>
          <a href="#dashboard">Dashboard</a> · <a href="#devices">Devices</a>
        </nav>
        <main id="main" tabIndex={-1} style={{ padding: '1rem' }}>
          <h1>Devices</h1>
        </main>
      </>
    ),
  ],
} satisfies Meta<typeof SkipLink>
export default meta
type Story = StoryObj<typeof meta>

/** Out of sight until the keyboard reaches it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Skip to main content' })
    await expect(link.getBoundingClientRect().bottom).toBeLessThanOrEqual(0)
  },
}

/** The first Tab stop shows it; Enter moves focus past the navigation to the page. */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    const link = canvas.getByRole('link', { name: 'Skip to main content' })
    await expect(link).toHaveFocus()
    await expect(link.getBoundingClientRect().top).toBeGreaterThanOrEqual(0)
  },
}

export const SkipsToMain: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await expect(within(canvasElement).getByRole('main')).toHaveFocus()
  },
}

export const FocusedDark: Story = { ...Focused, globals: { theme: 'dark' } }
