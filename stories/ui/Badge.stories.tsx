import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Badge, badgeVariants, CountBadge, Icon, LevelBadge, logLevels } from '~/ui'
import { Narrow, Row, Stack } from './helpers'

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'Online' },
  argTypes: { variant: { control: 'select', options: badgeVariants } },
} satisfies Meta<typeof Badge>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Online')).toBeVisible()
  },
}
export const Secondary: Story = { args: { variant: 'secondary', children: 'USER' } }
export const Destructive: Story = { args: { variant: 'destructive', children: 'Offline' } }
export const Outline: Story = { args: { variant: 'outline', children: 'Inactive' } }
export const Brand: Story = { args: { variant: 'brand', children: 'Profiled' } }
export const Small: Story = { args: { size: 'sm', variant: 'secondary', children: 'DEVELOPMENT' } }
export const WithIcon: Story = {
  args: {
    variant: 'success',
    children: (
      <>
        <Icon name="check" size="xs" />
        Synced
      </>
    ),
  },
}
export const LongText: Story = {
  args: { variant: 'secondary', children: 'Substation North-East, building 14, meter cabinet B' },
  render: (args) => (
    <Narrow width="12rem">
      <Badge {...args} />
    </Narrow>
  ),
}

export const Count: Story = {
  render: () => (
    <Row>
      <CountBadge count={3} label="unread" />
      <CountBadge count={9} label="unread" />
      <CountBadge count={12} label="unread" />
      <CountBadge count={0} label="unread" />
      <CountBadge count={4} tone="brand" />
    </Row>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('3 unread')).toBeInTheDocument()
    await expect(canvas.getByText('9')).toBeVisible()
    // Over nine reads '9+' on screen; screen readers still get the real number.
    await expect(canvas.getByText('9+')).toBeVisible()
    await expect(canvas.getByText('12 unread')).toBeInTheDocument()
    // At zero the badge renders nothing.
    await expect(canvas.queryByText('0 unread')).not.toBeInTheDocument()
  },
}

export const LogLevels: Story = {
  render: () => (
    <Row>
      {logLevels.map((level) => (
        <LevelBadge key={level} level={level} />
      ))}
      <LevelBadge level="warning" />
      <LevelBadge level="trace" />
    </Row>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const level of logLevels)
      await expect(canvas.getAllByText(level).length).toBeGreaterThan(0)
    await expect(canvas.getAllByText('WARN')).toHaveLength(2)
    await expect(canvas.getByText('TRACE')).toBeVisible()
  },
}

export const Dark: Story = { globals: { theme: 'dark' }, render: () => <BadgeMatrix /> }

function BadgeMatrix() {
  return (
    <Stack>
      {(['md', 'sm'] as const).map((size) => (
        <Row key={size}>
          {badgeVariants.map((variant) => (
            <Badge key={variant} variant={variant} size={size}>
              {variant}
            </Badge>
          ))}
        </Row>
      ))}
      <Row>
        {logLevels.map((level) => (
          <LevelBadge key={level} level={level} />
        ))}
        <CountBadge count={5} label="unread" />
        <CountBadge count={42} label="unread" />
      </Row>
    </Stack>
  )
}

export const Matrix: Story = { render: () => <BadgeMatrix /> }
