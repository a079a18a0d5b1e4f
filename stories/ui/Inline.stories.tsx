import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Badge, Button, Inline, SearchField, Select, SelectItem } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/Inline',
  component: Inline,
  args: { space: 'sm' },
  render: (args) => (
    <Inline role="toolbar" aria-label="Device actions" {...args}>
      <Button intent="toolbarAction">Register device</Button>
      <Button intent="toolbarAction">Import CSV</Button>
      <Button intent="toolbarAction">Push readings</Button>
      <Button intent="toolbarAction">Export</Button>
    </Inline>
  ),
} satisfies Meta<typeof Inline>
export default meta
type Story = StoryObj<typeof meta>

const tops = (root: HTMLElement) =>
  within(root)
    .getAllByRole('button')
    .map((b) => b.getBoundingClientRect().top)

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button')
    const [first, second] = buttons.map((b) => b.getBoundingClientRect())
    // Side by side, 0.5rem (sm) apart.
    await expect(second!.left - first!.right).toBe(8)
    await expect(new Set(tops(canvasElement)).size).toBe(1)
  },
}

/** On a phone the buttons wrap onto a second line instead of widening the page. */
export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvasElement }) => {
    await expect(new Set(tops(canvasElement)).size).toBeGreaterThan(1)
    const toolbar = within(canvasElement).getByRole('toolbar')
    await expect(toolbar.scrollWidth).toBeLessThanOrEqual(toolbar.clientWidth)
  },
}

/** A toolbar: a search that grows, a filter, bottoms lined up; a count at the far end. */
export const Toolbar: Story = {
  render: () => (
    <Inline space="md" alignY="bottom" align="between">
      <Inline space="md" alignY="bottom" role="group" aria-label="Filters">
        <SearchField label="Search" placeholder="Name or serial" />
        <Select label="Status" defaultSelectedKey="all">
          <SelectItem id="all">All</SelectItem>
          <SelectItem id="online">Online</SelectItem>
        </Select>
      </Inline>
      <Badge variant="secondary">1,204 devices</Badge>
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const filters = within(canvasElement).getByRole('group', { name: 'Filters' })
    await expect(within(filters).getByRole('searchbox', { name: 'Search' })).toBeVisible()
    // The fields' bottoms line up, however tall their labels.
    const [search, status] = [...filters.querySelectorAll(':scope > [data-rac]')].map(
      (c) => c.getBoundingClientRect().bottom,
    )
    await expect(search).toBe(status)
  },
}

export const Dark: Story = { ...Toolbar, globals: { theme: 'dark' } }
