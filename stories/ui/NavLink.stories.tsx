import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { Icon, NavLink, Stack, type IconName } from '~/ui'

const items: [IconName, string][] = [
  ['dashboard', 'Dashboard'],
  ['devices', 'Devices'],
  ['bell', 'Notifications'],
  ['settings', 'Settings'],
]

const meta = {
  title: 'Components/NavLink',
  component: NavLink,
  args: { href: '#devices', children: 'Devices' },
  render: () => (
    <nav aria-label="Main" style={{ width: '15rem' }}>
      <Stack as="ul" space="xxs">
        {items.map(([icon, label]) => (
          <li key={label}>
            <NavLink href={`#${label.toLowerCase()}`} isCurrent={label === 'Devices'}>
              <Icon name={icon} size="sm" />
              {label}
            </NavLink>
          </li>
        ))}
      </Stack>
    </nav>
  ),
} satisfies Meta<typeof NavLink>
export default meta
type Story = StoryObj<typeof meta>

/** The current page is brand-tinted and said (aria-current); keyboard focus shows the ring. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'Devices' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await userEvent.tab()
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveFocus()
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
