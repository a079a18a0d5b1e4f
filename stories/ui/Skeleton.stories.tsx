import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Card, FullPageSkeleton, Skeleton, SkeletonText, skeletonShapes } from '~/ui'
import { mobileViewport, Row, Stack } from './helpers'

const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
  args: { width: '16rem' },
  argTypes: { shape: { control: 'inline-radio', options: skeletonShapes } },
} satisfies Meta<typeof Skeleton>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const Rect: Story = { args: { shape: 'rect', height: '6rem' } }
export const Circle: Story = { args: { shape: 'circle', width: '2.5rem' } }

export const CardLoading: Story = {
  render: () => (
    <Card title="Devices">
      <Stack gap="0.75rem">
        <Row>
          <Skeleton shape="circle" width="2rem" />
          <Skeleton width="12rem" />
        </Row>
        <SkeletonText lines={4} />
      </Stack>
    </Card>
  ),
}

export const FullPage: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <FullPageSkeleton />,
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status')
    await expect(status).toHaveTextContent('Verifying your session...')
    await expect(status).toHaveTextContent('This will only take a moment')
  },
}

export const FullPageNarrow: Story = { ...FullPage, globals: mobileViewport }
export const FullPageDark: Story = { ...FullPage, globals: { theme: 'dark' } }

export const Matrix: Story = {
  render: () => (
    <Row>
      {skeletonShapes.map((shape) => (
        <Skeleton
          key={shape}
          shape={shape}
          width={shape === 'text' ? '10rem' : '4rem'}
          height={shape === 'rect' ? '3rem' : undefined}
        />
      ))}
    </Row>
  ),
}
