import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Box, Text } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/Box',
  component: Box,
  args: {
    padding: { mobile: 'md', tablet: 'xl' },
    background: 'sunken',
    borderRadius: 'md',
    children: <Text tone="muted">Readings are grouped by the viewer's timezone.</Text>,
  },
} satisfies Meta<typeof Box>
export default meta
type Story = StoryObj<typeof meta>

const paddingOf = (root: HTMLElement) =>
  getComputedStyle(
    within(root).getByText("Readings are grouped by the viewer's timezone.").parentElement!,
  ).paddingTop

/** xl padding from the tablet width up. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(paddingOf(canvasElement)).toBe('24px')
  },
}

/** md padding on a phone. */
export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvasElement }) => {
    await expect(paddingOf(canvasElement)).toBe('12px')
  },
}

/** Another element, other layout props; its attributes pass through. */
export const AsList: Story = {
  args: {
    as: 'ul',
    display: 'flex',
    flexDirection: 'column',
    gap: 'sm',
    padding: 'lg',
    margin: 'none',
    'aria-label': 'Zones',
    children: ['Europe/Berlin', 'Asia/Kolkata', 'America/St_Johns'].map((zone) => (
      <Box as="li" key={zone} display="flex" background="surface" padding="sm" borderRadius="sm">
        {zone}
      </Box>
    )),
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Zones' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3)
  },
}

export const Dark: Story = { ...AsList, globals: { theme: 'dark' } }

/** A frame (solid, or dashed for something still to come), and bars with a line between. */
export const Borders: Story = {
  args: {
    display: 'flex',
    flexDirection: 'column',
    gap: 'md',
    padding: 'none',
    background: undefined,
    children: (
      <>
        <Box border="line" borderRadius="md" padding="lg">
          Alert when a device goes offline
        </Box>
        <Box border="dashed" borderRadius="sm" padding="sm">
          <Text tone="muted">Waiting for the first message...</Text>
        </Box>
        <Box border="line" borderRadius="md">
          <Box paddingY="md" paddingX="lg" borderBottom="line">
            Notifications
          </Box>
          <Box paddingY="md" paddingX="lg">
            Device offline
          </Box>
          <Box paddingY="sm" paddingX="lg" borderTop="line" fontSize="xs" color="muted">
            Notifications refresh every minute.
          </Box>
        </Box>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByText('Notifications')
    await expect(getComputedStyle(bar).borderBottomStyle).toBe('solid')
    const waiting = within(canvasElement).getByText('Waiting for the first message...')
    await expect(getComputedStyle(waiting.parentElement!).borderTopStyle).toBe('dashed')
  },
}
