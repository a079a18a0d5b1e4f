import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../../src/ui/Button'
import { EmptyState } from '../../src/ui/EmptyState'
import { ErrorState } from '../../src/ui/ErrorState'
import { Table, type Key, type TableProps } from '../../src/ui/Table'
import { virtualizeInTests } from '../support/virtualization'
import { compactDeviceColumns, deviceColumns, devices, type DeviceRow } from './table-fixtures'

const few = devices(25)
const many = devices(10_000)

const meta = {
  title: 'Components/Table',
  component: Table<DeviceRow>,
  args: { 'aria-label': 'Devices', columns: deviceColumns, rows: few, height: 400 },
  argTypes: { selectionMode: { control: 'inline-radio', options: ['none', 'single', 'multiple'] } },
  beforeEach: virtualizeInTests,
} satisfies Meta<typeof Table<DeviceRow>>
export default meta
type Story = StoryObj<typeof meta>

const bodyRows = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('grid', { name: 'Devices' }))
    .getAllByRole('row')
    .slice(1)

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'Devices' })
    await expect(within(grid).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument()
    await expect(within(grid).getAllByRole('rowheader')[0]).toHaveTextContent(few[0]!.name)
  },
}

/** Clicking a header sorts by it (aria-sort), clicking again reverses. */
export const Sorting: Story = {
  args: { defaultSortDescriptor: { column: 'kwhToday', direction: 'descending' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const kwhHeader = canvas.getByRole('columnheader', { name: /Today \(kWh\)/ })
    await expect(kwhHeader).toHaveAttribute('aria-sort', 'descending')
    const top = Math.max(...few.map((d) => d.kwhToday)).toFixed(2)
    await expect(bodyRows(canvasElement)[0]).toHaveTextContent(top)
    const nameHeader = canvas.getByRole('columnheader', { name: /Name/ })
    await userEvent.click(nameHeader)
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    const first = [...few].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))[0]!
    await expect(bodyRows(canvasElement)[0]).toHaveTextContent(first.name)
  },
}

export const MultipleSelection: Story = {
  args: { selectionMode: 'multiple', defaultSelectedKeys: new Set(['dev-00002']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(bodyRows(canvasElement)[1]).toHaveAttribute('aria-selected', 'true')
    await userEvent.click(within(bodyRows(canvasElement)[3]!).getByRole('checkbox'))
    await expect(bodyRows(canvasElement)[3]).toHaveAttribute('aria-selected', 'true')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select All' }))
    for (const row of bodyRows(canvasElement))
      await expect(row).toHaveAttribute('aria-selected', 'true')
  },
}

/** Single selection by keyboard: Space selects the focused row, selecting another replaces it. */
export const SingleSelection: Story = {
  args: { selectionMode: 'single' },
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    await expect(bodyRows(canvasElement)[0]).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(bodyRows(canvasElement)[0]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowDown}{ArrowDown} ')
    await expect(bodyRows(canvasElement)[0]).toHaveAttribute('aria-selected', 'false')
    await expect(bodyRows(canvasElement)[2]).toHaveAttribute('aria-selected', 'true')
  },
}

function WithRowAction(args: TableProps<DeviceRow>) {
  const [opened, setOpened] = useState<Key | null>(null)
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Table {...args} onRowAction={setOpened} />
      <p role="status">{opened ? `Opened ${String(opened)}` : 'No device opened'}</p>
    </div>
  )
}

/** Keyboard: Tab into the grid, arrows move between rows, Enter opens the row. */
export const RowActions: Story = {
  render: (args) => <WithRowAction {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await expect(bodyRows(canvasElement)[0]).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await expect(bodyRows(canvasElement)[2]).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('status')).toHaveTextContent('Opened dev-00003')
  },
}

/** 10,000 rows: only the visible ones (plus a few) are in the DOM; sorting still re-orders all of them. */
export const TenThousandRows: Story = {
  args: { rows: many, columns: compactDeviceColumns, height: 480 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(bodyRows(canvasElement).length).toBeLessThanOrEqual(100)
    await expect(canvas.getByRole('grid', { name: 'Devices' })).toHaveAttribute(
      'aria-rowcount',
      '10001',
    )
    await expect(bodyRows(canvasElement)[0]).toHaveTextContent(many[0]!.name)
    const header = canvas.getByRole('columnheader', { name: /Today \(kWh\)/ })
    await userEvent.click(header)
    await expect(header).toHaveAttribute('aria-sort', 'ascending')
    // Array.prototype.sort is stable, as is the table's sort: ties keep their original order.
    const lowest = [...many].sort((a, b) => a.kwhToday - b.kwhToday)[0]!
    await waitFor(() => expect(bodyRows(canvasElement)[0]).toHaveTextContent(lowest.name))
    await expect(bodyRows(canvasElement).length).toBeLessThanOrEqual(100)
  },
}

export const Loading: Story = {
  args: { rows: [], isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading rows')
  },
}

export const LoadingMore: Story = {
  args: { isLoading: true, height: 280, rows: few.slice(0, 4) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading more rows')
  },
}

export const Empty: Story = {
  args: {
    rows: [],
    height: 260,
    emptyState: (
      <EmptyState
        size="sm"
        icon="devices"
        title="No devices yet"
        description="Register a device to start collecting readings."
        action={<Button intent="formSecondary">Register device</Button>}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No devices yet')).toBeInTheDocument()
  },
}

/** A failed load goes in the same slot as the empty state. */
export const Error: Story = {
  args: {
    rows: [],
    height: 260,
    emptyState: (
      <ErrorState
        size="sm"
        title="Could not load devices"
        message="Request failed with status 503."
        onRetry={() => {}}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert')
    await expect(alert).toHaveTextContent('Could not load devices')
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}

export const LongText: Story = {
  args: {
    rows: few.slice(0, 6).map((d, i) =>
      i % 2
        ? {
            ...d,
            name: `${d.name} in the north-east stairwell next to the second emergency exit of building C`,
            location: 'Basement plant room behind the district heating substation',
          }
        : d,
    ),
    height: 320,
  },
}

export const NarrowScreen: Story = {
  args: { selectionMode: 'multiple', height: 360 },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
}

export const Dark: Story = {
  args: { selectionMode: 'multiple', defaultSelectedKeys: new Set(['dev-00003']) },
  globals: { theme: 'dark' },
}
