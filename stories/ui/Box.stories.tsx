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
