import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { sprinkles, tokens, vars } from '~/styles'
import { Badge, Button, Card } from '~/ui'

const sizeNames = Object.keys(vars.fontSize) as (keyof typeof vars.fontSize)[]
const spaceNames = Object.keys(vars.space) as (keyof typeof vars.space)[]
const shadowNames = Object.keys(vars.shadow) as (keyof typeof vars.shadow)[]
const radiusNames = Object.keys(vars.radius) as (keyof typeof vars.radius)[]

function Typography() {
  return (
    <div className={sprinkles({ display: 'grid', gap: 'md' })}>
      {sizeNames.map((size) => (
        <p
          key={size}
          style={{ margin: 0, fontSize: vars.fontSize[size], lineHeight: vars.lineHeight.tight }}
        >
          <code className={sprinkles({ fontSize: 'xs', color: 'muted' })}>{size}</code> Consumption
          today 1,204.5 kWh
        </p>
      ))}
      <p style={{ margin: 0, fontFamily: vars.font.mono, fontSize: vars.fontSize.sm }}>
        mono: 2026-11-22T08:30:00Z INFO api.request 7f3c9a2e
      </p>
    </div>
  )
}

function Spacing() {
  return (
    <ul
      aria-label="Spacing scale"
      className={sprinkles({ display: 'grid', gap: 'sm', padding: 'none', margin: 'none' })}
      style={{ listStyle: 'none' }}
    >
      {spaceNames.map((s) => (
        <li key={s} className={sprinkles({ display: 'flex', alignItems: 'center', gap: 'md' })}>
          <code style={{ width: '4rem' }}>{s}</code>
          <span
            style={{
              width: vars.space[s],
              height: '1rem',
              background: vars.color.brand,
              borderRadius: vars.radius.sm,
            }}
          />
          <span className={sprinkles({ fontSize: 'xs', color: 'muted' })}>{tokens.space[s]}</span>
        </li>
      ))}
    </ul>
  )
}

function Surfaces() {
  return (
    <div
      className={sprinkles({
        display: 'grid',
        gridTemplateColumns: { mobile: 1, tablet: 3 },
        gap: 'lg',
      })}
    >
      {shadowNames.map((shadow, i) => (
        <div
          key={shadow}
          className={sprinkles({
            padding: 'lg',
            background: 'surface',
            boxShadow: shadow,
            borderRadius: radiusNames[i + 1] ?? 'lg',
          })}
        >
          shadow {shadow}, radius {radiusNames[i + 1]}
        </div>
      ))}
    </div>
  )
}

/** spec §1: an accent per non-production environment (applied at start by applyEnvironment). */
function EnvironmentAccents() {
  return (
    <ul
      aria-label="Environment accents"
      className={sprinkles({ display: 'flex', gap: 'lg', padding: 'none', flexWrap: 'wrap' })}
      style={{ listStyle: 'none' }}
    >
      {Object.entries(tokens.environmentAccent).map(([env, colour]) => (
        <li key={env} className={sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm' })}>
          <span
            style={{
              width: '2rem',
              height: '2rem',
              borderRadius: vars.radius.md,
              background: colour,
            }}
          />
          <Badge variant="outline">{env.toUpperCase()}</Badge>
        </li>
      ))}
      <li className={sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm' })}>
        <Badge variant="secondary">production: no accent</Badge>
      </li>
    </ul>
  )
}

function Sample() {
  return (
    <Card
      title="Theme sample"
      description="Surfaces, text and brand colour in the current theme"
      footer={<Button intent="formPrimary">Save</Button>}
    >
      <p className={sprinkles({ margin: 'none', color: 'muted', fontSize: 'sm' })}>
        Muted body text on a surface.
      </p>
    </Card>
  )
}

const meta = { title: 'Foundations/Theme', component: Typography } satisfies Meta<typeof Typography>
export default meta
type Story = StoryObj<typeof meta>

export const TypeScale: Story = {
  play: async () => {
    await document.fonts.ready
    await expect(document.fonts.check(`16px "Inter Variable"`)).toBe(true)
  },
}
export const SpaceScale: Story = {
  render: () => <Spacing />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(spaceNames.length)
  },
}
export const Elevation: Story = { render: () => <Surfaces /> }
export const EnvironmentAccent: Story = {
  render: () => <EnvironmentAccents />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('STAGING')).toBeVisible()
  },
}
export const SampleLight: Story = { render: () => <Sample /> }
export const SampleDark: Story = { render: () => <Sample />, globals: { theme: 'dark' } }
