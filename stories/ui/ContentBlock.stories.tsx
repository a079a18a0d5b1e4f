import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Card, ContentBlock } from '~/ui'
import { mobileViewport } from './helpers'

const meta = {
  title: 'Components/ContentBlock',
  component: ContentBlock,
  args: {
    width: 'small',
    children: <Card title="Profile">Your name and e-mail as other users see them.</Card>,
  },
} satisfies Meta<typeof ContentBlock>
export default meta
type Story = StoryObj<typeof meta>

const boxOf = (root: HTMLElement) =>
  within(root).getByRole('region', { name: 'Profile' }).parentElement!.getBoundingClientRect()

/** 40rem wide, centred. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const box = boxOf(canvasElement)
    await expect(box.width).toBe(640)
    const room = canvasElement.getBoundingClientRect()
    await expect(Math.abs(box.left - room.left - (room.right - box.right))).toBeLessThan(1)
  },
}

export const Large: Story = {
  args: { width: 'large' },
  play: async ({ canvasElement }) => {
    await expect(boxOf(canvasElement).width).toBe(896)
  },
}

/** As wide as a phone's screen allows. */
export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvasElement }) => {
    await expect(boxOf(canvasElement).width).toBeLessThan(640)
  },
}
