import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  cardElevations,
  Icon,
} from '~/ui'
import { mobileViewport, Row } from './helpers'

const meta = {
  title: 'Components/Card',
  component: Card,
  args: {
    title: 'Energy today',
    description: 'Cumulative consumption since midnight',
    children: 'Meter readings arrive every 15 minutes.',
  },
  argTypes: { elevation: { control: 'inline-radio', options: cardElevations } },
} satisfies Meta<typeof Card>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Energy today' })
    await expect(
      within(region).getByRole('heading', { level: 2, name: 'Energy today' }),
    ).toBeVisible()
  },
}

export const WithActionsAndFooter: Story = {
  args: {
    actions: (
      <Button intent="iconGhost" aria-label="Refresh">
        <Icon name="refresh" />
      </Button>
    ),
    footer: (
      <>
        <Button intent="formSecondary">Cancel</Button>
        <Button intent="formPrimary">Save</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Energy today' })
    await expect(within(region).getByRole('button', { name: 'Refresh' })).toBeVisible()
    await expect(within(region).getByRole('button', { name: 'Save' })).toBeVisible()
  },
}

export const Untitled: Story = {
  args: { title: undefined, description: undefined, children: 'A plain surface.' },
}
export const Flat: Story = { args: { elevation: 'flat' } }
export const Floating: Story = { args: { elevation: 'floating' } }

export const Composed: Story = {
  render: () => (
    <Card padding="none">
      <CardHeader actions={<Button intent="toolbarAction">Export</Button>}>
        <CardTitle>Device overview</CardTitle>
        <CardDescription>Composed from CardHeader, CardBody and CardFooter</CardDescription>
      </CardHeader>
      <CardBody>Body content</CardBody>
      <CardFooter>
        <Button intent="headerAction">View all</Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'Device overview' }),
    ).toBeVisible()
  },
}

export const LongText: Story = {
  args: {
    title: 'Consumption threshold exceeded on Substation North-East building 14 meter cabinet B',
    description:
      'A very long description that wraps over several lines to show the header keeps its actions aligned at the end even when the text needs more room than one line.',
    actions: <Button intent="toolbarAction">Details</Button>,
  },
}

export const NarrowScreen: Story = { ...WithActionsAndFooter, globals: mobileViewport }
export const Dark: Story = { ...WithActionsAndFooter, globals: { theme: 'dark' } }

export const Matrix: Story = {
  render: (args) => (
    <Row>
      {cardElevations.map((elevation) => (
        <Card key={elevation} {...args} title={elevation} elevation={elevation} />
      ))}
    </Row>
  ),
}
