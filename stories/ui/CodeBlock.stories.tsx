import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Card, CodeBlock, Stack, Text } from '~/ui'
import { mobileViewport } from './helpers'

const payload = JSON.stringify(
  {
    items: Array.from({ length: 30 }, (_, i) => ({ id: `dev-${i + 1}`, kwh: 1204.5 + i })),
    total: 30,
  },
  null,
  2,
)
const command =
  "curl -X POST https://meterdeck.example/api/v1/devices/7c9e6679-7425-40de-944b-e07fc1f90ae7/readings -H 'Authorization: Bearer mdt_0123456789abcdef'"

const meta = {
  title: 'Components/CodeBlock',
  component: CodeBlock,
  args: { children: payload, 'aria-labelledby': 'code-label' },
  render: (args) => (
    <Card>
      <Stack space="xs">
        <Text id="code-label" size="sm" weight="medium">
          {args.wrap ? 'Command' : 'Response'}
        </Text>
        <CodeBlock {...args} />
      </Stack>
    </Card>
  ),
} satisfies Meta<typeof CodeBlock>
export default meta
type Story = StoryObj<typeof meta>

/** A tall block scrolls inside itself; it is a tab stop, so the keyboard can scroll it too. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const block = within(canvasElement).getByLabelText('Response')
    await expect(block).toHaveAttribute('tabindex', '0')
    await expect(block.scrollHeight).toBeGreaterThan(block.clientHeight)
  },
}

/** A command wraps anywhere instead of scrolling sideways. */
export const Wrapped: Story = {
  args: { children: command, wrap: true },
  globals: mobileViewport,
  play: async ({ canvasElement }) => {
    const block = within(canvasElement).getByLabelText('Command')
    await expect(block.scrollWidth).toBeLessThanOrEqual(block.clientWidth)
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
