import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Heading, Stack, Text } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/Heading',
  component: Heading,
  args: { level: 1, children: 'Users & Groups' },
} satisfies Meta<typeof Heading>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 1, name: 'Users & Groups' })
    await expect(getComputedStyle(heading).marginTop).toBe('0px')
  },
}

/** Levels 1 to 4 at their sizes; a level 2 drawn at level 3's size where a panel needs it. */
export const Levels: Story = {
  render: () => (
    <Stack space="md">
      <Heading level={1}>Devices</Heading>
      <Heading level={2}>Consumption, December 2025</Heading>
      <Heading level={3}>Offline for 15 minutes</Heading>
      <Heading level={4}>Notes</Heading>
      <Heading level={2} size="md">
        Notifications
      </Heading>
      <Text as="p" tone="muted" size="sm">
        A heading's rank follows the page's outline; its size may differ.
      </Text>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const size = (name: string) =>
      parseFloat(getComputedStyle(canvas.getByRole('heading', { name })).fontSize)
    await expect(size('Devices')).toBeGreaterThan(size('Consumption, December 2025'))
    await expect(size('Notifications')).toBe(size('Offline for 15 minutes'))
    await expect(canvas.getByRole('heading', { name: 'Notifications' }).tagName).toBe('H2')
  },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  args: {
    children: 'Cumulative consumption of every meter in Substation North-East',
    breakWord: true,
  },
}
export const Dark: Story = { ...Levels, globals: { theme: 'dark' } }
