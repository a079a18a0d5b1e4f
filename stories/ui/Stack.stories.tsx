import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Badge, Box, Button, Card, Stack, Text, TextField } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/Stack',
  component: Stack,
  args: { space: 'lg' },
  render: (args) => (
    <Card title="Meter 0042">
      <Stack as="form" aria-label="Meter" {...args}>
        <TextField label="Name" defaultValue="Substation North-East" />
        <TextField label="Location" defaultValue="Building B, basement" />
        <Button intent="formPrimary">Save</Button>
      </Stack>
    </Card>
  ),
} satisfies Meta<typeof Stack>
export default meta
type Story = StoryObj<typeof meta>

/** The children's boxes, top to bottom. */
const boxes = (root: HTMLElement) =>
  [...within(root).getByRole('form', { name: 'Meter' }).children].map((el) =>
    el.getBoundingClientRect(),
  )

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toBeVisible()
    const [name, location, save] = boxes(canvasElement)
    // One under another, 1rem (lg) apart, each as wide as the stack.
    await expect(location!.top - name!.bottom).toBe(16)
    await expect(save!.top - location!.bottom).toBe(16)
    await expect(save!.width).toBe(name!.width)
  },
}

/** A different gap per screen size: sm on phones, xl from the tablet width up. */
export const ResponsiveSpace: Story = {
  args: { space: { mobile: 'sm', tablet: 'xl' } },
  play: async ({ canvasElement }) => {
    const [name, location] = boxes(canvasElement)
    await expect(location!.top - name!.bottom).toBe(window.innerWidth >= 640 ? 24 : 8)
  },
}

export const NarrowScreen: Story = { ...ResponsiveSpace, globals: mobileViewport }

/** Rows of a list with a line between them, children at their own width. */
export const Dividers: Story = {
  render: () => (
    <Card title="Members">
      <Stack as="ul" space="none" dividers align="start" aria-label="Members">
        {['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'].map((name) => (
          <Box as="li" key={name} paddingY="sm">
            <Text weight="medium">{name}</Text> <Badge variant="secondary">USER</Badge>
          </Box>
        ))}
      </Stack>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Members' })
    const items = within(list).getAllByRole('listitem')
    await expect(items).toHaveLength(3)
    await expect(getComputedStyle(items[0]!).borderTopStyle).toBe('none')
    await expect(getComputedStyle(items[1]!).borderTopStyle).toBe('solid')
    await expect(getComputedStyle(list).listStyleType).toBe('none')
  },
}

export const Dark: Story = { ...Dividers, globals: { theme: 'dark' } }
