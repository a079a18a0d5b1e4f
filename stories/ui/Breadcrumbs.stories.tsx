import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Breadcrumb, Breadcrumbs, Link } from '~/ui'
import { mobileViewport } from './helpers'

const crumbs = [
  { id: 'year', label: '2026' },
  { id: 'month', label: 'November 2026' },
  { id: 'day', label: 'Sunday, 29 November 2026' },
]

const meta = {
  title: 'Components/Breadcrumbs',
  component: Breadcrumbs,
  args: { onAction: fn() },
  render: (args) => (
    <nav aria-label="Breadcrumbs">
      <Breadcrumbs {...args} items={crumbs}>
        {(crumb) => (
          <Breadcrumb>
            {({ isCurrent }) =>
              isCurrent ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <Link onPress={() => args.onAction?.(crumb.id)}>{crumb.label}</Link>
              )
            }
          </Breadcrumb>
        )}
      </Breadcrumbs>
    </nav>
  ),
} satisfies Meta<typeof Breadcrumbs>
export default meta
type Story = StoryObj<typeof meta>

/** Each crumb but the last leads back up; the last is the page itself. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumbs' })
    await expect(within(nav).getAllByRole('listitem')).toHaveLength(3)
    await expect(within(nav).getByText('Sunday, 29 November 2026')).toHaveAttribute(
      'aria-current',
      'page',
    )
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await expect(args.onAction).toHaveBeenCalledWith('month')
  },
}

export const NarrowScreen: Story = { globals: mobileViewport }
export const Dark: Story = { globals: { theme: 'dark' } }
