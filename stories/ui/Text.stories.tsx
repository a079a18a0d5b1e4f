import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Card, Inline, Stack, Text, textSizes, textTones, textWeights } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/Text',
  component: Text,
  args: { children: 'Meter readings arrive every 15 minutes.', as: 'p' },
  argTypes: {
    size: { control: 'select', options: textSizes },
    tone: { control: 'select', options: textTones },
    weight: { control: 'select', options: textWeights },
  },
} satisfies Meta<typeof Text>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText('Meter readings arrive every 15 minutes.')
    await expect(text.tagName).toBe('P')
    // A paragraph without the browser's margins: spacing is the layout's to give.
    await expect(getComputedStyle(text).marginTop).toBe('0px')
  },
}

/** Every tone, from the theme contract: secondary text, errors, success, warnings. */
export const Tones: Story = {
  render: () => (
    <Card>
      <Stack space="sm">
        {textTones.map((tone) => (
          <Text key={tone} as="p" tone={tone}>
            {tone}: 1,204.5 kWh since midnight
          </Text>
        ))}
      </Stack>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const neutral = getComputedStyle(canvas.getByText(/^neutral:/)).color
    const muted = getComputedStyle(canvas.getByText(/^muted:/)).color
    await expect(muted).not.toBe(neutral)
  },
}

export const TonesDark: Story = { ...Tones, globals: { theme: 'dark' } }

export const Sizes: Story = {
  render: () => (
    <Stack space="sm">
      {textSizes.map((size) => (
        <Text key={size} as="p" size={size} weight="medium" tabularNums>
          {size}: 33,246.2 kWh
        </Text>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const px = (name: string) => parseFloat(getComputedStyle(canvas.getByText(name)).fontSize)
    await expect(px('xs: 33,246.2 kWh')).toBeLessThan(px('display: 33,246.2 kWh'))
  },
}

/** A figure beside a long name stays on one line; the name wraps around it. */
export const NoWrap: Story = {
  globals: mobileViewport,
  render: () => (
    <Card>
      <Inline space="md" align="between" wrap="nowrap">
        <Text>Cumulative consumption of every meter in Substation North-East</Text>
        <Text nowrap weight="medium" tabularNums>
          3,246.2 kWh
        </Text>
      </Inline>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByText('3,246.2 kWh')
    await expect(getComputedStyle(figure).whiteSpace).toBe('nowrap')
  },
}

/** A long id breaks anywhere; a long name in a narrow box is cut with an ellipsis, its whole text in the title. */
export const LongText: Story = {
  globals: mobileViewport,
  render: () => (
    <Card>
      <Stack space="sm">
        <Text as="p" breakWord mono size="sm">
          7c9e6679-7425-40de-944b-e07fc1f90ae7-7c9e6679-7425-40de-944b-e07fc1f90ae7
        </Text>
        <Text
          truncate
          weight="medium"
          title="Cumulative consumption of every meter in Substation North-East"
        >
          Cumulative consumption of every meter in Substation North-East
        </Text>
      </Stack>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const cut = within(canvasElement).getByTitle(/^Cumulative consumption/)
    await expect(cut.scrollWidth).toBeGreaterThan(cut.clientWidth)
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}
