import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Button, Card, Column, Columns, Heading, Stack, Text } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/Columns',
  component: Columns,
  args: { space: 'md', collapseBelow: 'tablet', alignY: { mobile: 'stretch', tablet: 'center' } },
  render: (args) => (
    <Card>
      <Columns {...args}>
        <Column>
          <Stack space="xs">
            <Heading level={2} size="md">
              Offline for 15 minutes
            </Heading>
            <Text size="sm" tone="muted" breakWord>
              Alerts when a meter in Substation North-East sends no reading for a quarter of an
              hour.
            </Text>
          </Stack>
        </Column>
        <Column width="content">
          <Button intent="listItemAction">Edit rule</Button>
        </Column>
      </Columns>
    </Card>
  ),
} satisfies Meta<typeof Columns>
export default meta
type Story = StoryObj<typeof meta>

const boxes = (root: HTMLElement) => {
  const canvas = within(root)
  return {
    heading: canvas
      .getByRole('heading', { name: 'Offline for 15 minutes' })
      .getBoundingClientRect(),
    button: canvas.getByRole('button', { name: 'Edit rule' }).getBoundingClientRect(),
  }
}

/** The text takes what the button leaves; the button keeps its width. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const { heading, button } = boxes(canvasElement)
    await expect(button.left).toBeGreaterThan(heading.left)
    await expect(button.left - heading.right).toBeGreaterThanOrEqual(12)
  },
}

/** Collapsed below the tablet width: the button goes under the text, as wide as the card. */
export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvasElement }) => {
    const { heading, button } = boxes(canvasElement)
    await expect(button.top).toBeGreaterThan(heading.bottom)
    await expect(Math.round(button.left)).toBe(Math.round(heading.left))
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
