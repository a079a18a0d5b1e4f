import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Avatar, avatarSizes, getInitials } from '~/ui'
import { Row } from './helpers'

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  args: { name: 'Ada Lovelace', email: 'ada@example.com' },
  argTypes: { size: { control: 'inline-radio', options: avatarSizes } },
} satisfies Meta<typeof Avatar>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: 'Ada Lovelace' }),
    ).toHaveTextContent('AL')
  },
}

export const FromEmail: Story = {
  args: { name: null, email: 'grace.hopper@example.com' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: 'grace.hopper@example.com' }),
    ).toHaveTextContent('GH')
  },
}

export const Unknown: Story = {
  args: { name: null, email: null },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: 'Unknown User' }),
    ).toHaveTextContent('?')
  },
}

/** The initials rules, checked as a table. */
export const InitialsRules: Story = {
  play: async () => {
    await expect(getInitials('Ada Lovelace')).toBe('AL')
    await expect(getInitials('  Jean  Paul  Sartre ')).toBe('JS')
    await expect(getInitials('Cher')).toBe('C')
    await expect(getInitials('', 'admin@example.com')).toBe('A')
    await expect(getInitials(null, 'first_last@example.com')).toBe('FL')
    await expect(getInitials(undefined, undefined)).toBe('?')
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }

export const Matrix: Story = {
  render: (args) => (
    <Row>
      {avatarSizes.map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
      <Avatar email="ops@example.com" />
      <Avatar name="Émile Zola" />
    </Row>
  ),
}
