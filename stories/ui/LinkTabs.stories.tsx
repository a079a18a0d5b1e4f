import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { LinkTab, LinkTabs } from '~/ui'
import { mobileViewport } from './helpers'

const pages = ['Overview', 'Consumption', 'Status', 'Logs', 'Settings']

const meta = {
  title: 'Components/LinkTabs',
  component: LinkTabs,
  args: { 'aria-label': 'Device pages', current: 'Overview', children: null },
  render: (args) => (
    <LinkTabs {...args}>
      {pages.map((page) => (
        <LinkTab key={page} href={`#${page.toLowerCase()}`} isCurrent={page === args.current}>
          {page}
        </LinkTab>
      ))}
    </LinkTabs>
  ),
} satisfies Meta<typeof LinkTabs>
export default meta
type Story = StoryObj<typeof meta>

/** Links, not tabs: the current page is said with aria-current, and Tab walks them in order. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Device pages' })
    const links = within(nav).getAllByRole('link')
    await expect(links).toHaveLength(5)
    await expect(links[0]).toHaveAttribute('aria-current', 'page')
    await expect(links[1]).not.toHaveAttribute('aria-current')
    await userEvent.tab()
    await userEvent.tab()
    await expect(links[1]).toHaveFocus()
  },
}

export const Middle: Story = { args: { current: 'Status' } }

/** On a phone the strip scrolls: the current tab is centred, and the cut edges fade. */
export const NarrowScreen: Story = {
  args: { current: 'Status' },
  globals: mobileViewport,
  render: (args) => (
    <div style={{ width: '14rem' }}>{meta.render({ ...args, children: null })}</div>
  ),
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Device pages' })
    await waitFor(() => expect(nav).toHaveAttribute('data-more-start'))
    await expect(nav).toHaveAttribute('data-more-end')
  },
}

export const Dark: Story = { args: { current: 'Consumption' }, globals: { theme: 'dark' } }
