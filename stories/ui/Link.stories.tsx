import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Icon, Link, LinkButton, linkClassName, linkVariants } from '~/ui'
import { Row, Stack } from './helpers'

const meta = {
  title: 'Components/Link',
  component: Link,
  args: { href: '/notifications', children: 'View all' },
  argTypes: { variant: { control: 'inline-radio', options: linkVariants } },
} satisfies Meta<typeof Link>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/notifications',
    )
  },
}
export const Subtle: Story = { args: { variant: 'subtle' } }
export const Standalone: Story = { args: { variant: 'standalone' } }
export const Current: Story = {
  args: { 'aria-current': 'page', variant: 'subtle', children: 'Devices' },
}
export const Disabled: Story = { args: { isDisabled: true } }

export const AsButton: Story = {
  render: () => (
    <Row>
      <LinkButton href="/register-device" intent="formPrimary">
        <Icon name="plus" size="sm" />
        Register device
      </LinkButton>
      <LinkButton href="/devices" intent="headerAction">
        Exit
      </LinkButton>
    </Row>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: 'Register device' }),
    ).toHaveAttribute('href', '/register-device')
  },
}

/** A plain anchor (as the router renders its typed links) wearing a link's look. */
export const RouterLinkLook: Story = {
  render: () => (
    <Row>
      {linkVariants.map((v) => (
        <a key={v} href="/notifications" className={linkClassName(v)}>
          {v}
        </a>
      ))}
    </Row>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'standalone' })
    await expect(getComputedStyle(link).textDecorationLine).toBe('none')
  },
}

function All() {
  return (
    <Stack>
      <p>
        Read the <Link href="/docs">documentation</Link> or{' '}
        <Link href="/support" variant="subtle">
          contact support
        </Link>
        .
      </p>
      <Row>
        {linkVariants.map((v) => (
          <Link key={v} href="#" variant={v}>
            {v}
          </Link>
        ))}
      </Row>
    </Stack>
  )
}
export const Matrix: Story = { render: () => <All /> }
export const Dark: Story = { render: () => <All />, globals: { theme: 'dark' } }
