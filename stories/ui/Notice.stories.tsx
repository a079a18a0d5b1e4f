import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Notice } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/Notice',
  component: Notice,
  args: { tone: 'critical', role: 'alert', children: 'A user with this email already exists.' },
} satisfies Meta<typeof Notice>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert')
    await expect(alert).toHaveTextContent('A user with this email already exists.')
    await expect(getComputedStyle(alert).marginTop).toBe('0px')
  },
}

export const Caution: Story = {
  args: {
    tone: 'caution',
    role: 'status',
    children: 'Your session ended. Sign in again to continue.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeVisible()
  },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  args: {
    children:
      'The server refused the import: row 12 names a device that another group already owns, so nothing was saved.',
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
export const CautionDark: Story = { ...Caution, globals: { theme: 'dark' } }
