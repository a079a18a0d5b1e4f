import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { vars } from '~/styles'

const colorNames = Object.keys(vars.color) as (keyof typeof vars.color)[]

function ColorSwatches() {
  return (
    <ul
      aria-label="Theme colours"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
        gap: vars.space.md,
        padding: 0,
        listStyle: 'none',
        fontFamily: vars.font.body,
      }}
    >
      {colorNames.map((name) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: vars.space.sm }}>
          <span
            aria-hidden
            style={{
              width: '2rem',
              height: '2rem',
              borderRadius: vars.radius.md,
              border: `1px solid ${vars.color.border}`,
              background: vars.color[name],
            }}
          />
          <code style={{ color: vars.color.text }}>{name}</code>
        </li>
      ))}
    </ul>
  )
}

const meta = {
  title: 'Foundations/Colors',
  component: ColorSwatches,
} satisfies Meta<typeof ColorSwatches>
export default meta
type Story = StoryObj<typeof meta>

export const Light: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Theme colours' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(colorNames.length)
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
