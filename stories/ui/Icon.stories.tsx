import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Icon, iconNames, iconSizes } from '~/ui'
import { vars } from '~/styles'
import { Row } from './helpers'

const meta = {
  title: 'Components/Icon',
  component: Icon,
  args: { name: 'bolt' },
  argTypes: {
    name: { control: 'select', options: iconNames },
    size: { control: 'inline-radio', options: iconSizes },
  },
} satisfies Meta<typeof Icon>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    // Decorative by default: hidden from assistive tech.
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  },
}

export const Labelled: Story = {
  args: { name: 'wifiOff', label: 'Offline' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Offline' })).toBeVisible()
  },
}

function Gallery() {
  return (
    <ul
      aria-label="Icons"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(7rem, 1fr))',
        gap: vars.space.md,
        padding: 0,
        listStyle: 'none',
      }}
    >
      {iconNames.map((name) => (
        <li
          key={name}
          style={{
            display: 'grid',
            justifyItems: 'center',
            gap: vars.space.xs,
            fontSize: vars.fontSize.xs,
          }}
        >
          <Icon name={name} size="lg" />
          <code>{name}</code>
        </li>
      ))}
    </ul>
  )
}

export const All: Story = {
  render: () => <Gallery />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(iconNames.length)
  },
}
export const AllDark: Story = { render: () => <Gallery />, globals: { theme: 'dark' } }
export const Sizes: Story = {
  render: (args) => (
    <Row>
      {iconSizes.map((size) => (
        <Icon key={size} {...args} size={size} />
      ))}
    </Row>
  ),
}
