import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '~/ui/Button'
import { EmptyState } from '~/ui/EmptyState'
import { ErrorState } from '~/ui/ErrorState'
import { Table, type Key, type TableColumn, type TableProps } from '~/ui/Table'
import { narrowViewport, shellViewportParameters } from '../support/viewports'
import { deviceColumns, devices, type DeviceRow } from './table-fixtures'

const few = devices(25)
const many = devices(10_000)

const meta = {
  title: 'Components/Table',
  component: Table<DeviceRow>,
  args: { 'aria-label': 'Devices', columns: deviceColumns, rows: few.slice(0, 8) },
  argTypes: { selectionMode: { control: 'inline-radio', options: ['none', 'single', 'multiple'] } },
  parameters: shellViewportParameters,
} satisfies Meta<typeof Table<DeviceRow>>
export default meta
type Story = StoryObj<typeof meta>

const grid = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('grid', { name: 'Devices' }))
const bodyRows = (canvasElement: HTMLElement) => grid(canvasElement).getAllByRole('row').slice(1)

/** A short list: react-aria's Table, rows as tall as their content. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(grid(canvasElement).getByRole('columnheader', { name: 'Name' })).toBeVisible()
    await expect(grid(canvasElement).getAllByRole('rowheader')[0]).toHaveTextContent(few[0]!.name)
    await expect(bodyRows(canvasElement)).toHaveLength(8)
  },
}

/** Pressing a header sorts by it (aria-sort from react-aria's sortDescriptor); again reverses. */
export const Sortable: Story = {
  args: { defaultSortDescriptor: { column: 'kwhToday', direction: 'descending' } },
  play: async ({ canvasElement }) => {
    const table = grid(canvasElement)
    const kwhHeader = table.getByRole('columnheader', { name: /Today \(kWh\)/ })
    await expect(kwhHeader).toHaveAttribute('aria-sort', 'descending')
    const shown = few.slice(0, 8)
    const top = Math.max(...shown.map((d) => d.kwhToday)).toFixed(2)
    await expect(bodyRows(canvasElement)[0]).toHaveTextContent(top)
    const nameHeader = table.getByRole('columnheader', { name: /Name/ })
    await userEvent.click(nameHeader)
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(kwhHeader).toHaveAttribute('aria-sort', 'none')
    const byName = [...shown].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
    await expect(bodyRows(canvasElement)[0]).toHaveTextContent(byName[0]!.name)
    await userEvent.click(nameHeader)
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
    await expect(bodyRows(canvasElement)[0]).toHaveTextContent(byName.at(-1)!.name)
  },
}

const totalsColumns: TableColumn<DeviceRow>[] = deviceColumns.map((c) =>
  c.id === 'kwhToday' ? { ...c, firstSortDirection: 'descending' } : c,
)
/** Totals under the rows, never sorted with them; a header can sort biggest first. */
export const WithFooter: Story = {
  args: {
    columns: totalsColumns,
    footer: {
      name: 'Total',
      kwhToday: few
        .slice(0, 8)
        .reduce((sum, d) => sum + d.kwhToday, 0)
        .toFixed(2),
    },
  },
  play: async ({ canvasElement }) => {
    const table = grid(canvasElement)
    const kwhHeader = table.getByRole('columnheader', { name: /Today \(kWh\)/ })
    await userEvent.click(kwhHeader)
    await expect(kwhHeader).toHaveAttribute('aria-sort', 'descending')
    const rows = table.getAllByRole('row')
    await expect(within(rows.at(-1)!).getByRole('rowheader')).toHaveTextContent('Total')
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

const virtualTable = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('table', { name: 'Devices' })

/**
 * 10,000 rows: only those in view (and a few more) are in the DOM; sorting still orders them all.
 * Same columns, same sort semantics; read-only rows that the table renders itself.
 */
export const TenThousandRows: Story = {
  args: { rows: many, rowHeight: 44, maxHeight: 480 },
  play: async ({ canvasElement }) => {
    const table = virtualTable(canvasElement)
    await expect(table).toHaveAttribute('aria-rowcount', '10001')
    await expect(within(table).getAllByRole('row').length).toBeLessThan(40)
    const header = within(table).getByRole('columnheader', { name: /Today \(kWh\)/ })
    await userEvent.click(within(header).getByRole('button'))
    await expect(header).toHaveAttribute('aria-sort', 'ascending')
    // A stable sort: ties keep their original order.
    const lowest = [...many].sort((a, b) => a.kwhToday - b.kwhToday)[0]!
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(lowest.name))
    await expect(within(table).getAllByRole('row').length).toBeLessThan(40)
  },
}

/** Page 3 of a paged list: the count and the positions are the whole list's. */
export const OnePageOfMany: Story = {
  args: { rows: few, virtualized: true, rowHeight: 44, rowCount: 1_250, rowOffset: 50 },
  play: async ({ canvasElement }) => {
    const table = virtualTable(canvasElement)
    await expect(table).toHaveAttribute('aria-rowcount', '1251')
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveAttribute('aria-rowindex', '52'),
    )
  },
}

/** Counts cell renders: the proof that rows are memoised. */
const cellRenders = { count: 0 }
const countedColumns: TableColumn<DeviceRow>[] = deviceColumns.map((c) =>
  c.id === 'name'
    ? {
        ...c,
        render: (d, context) => {
          cellRenders.count++
          return c.render(d, context)
        },
      }
    : c,
)

function Filtered(args: TableProps<DeviceRow>) {
  const [text, setText] = useState('')
  const [keep, setKeep] = useState(args.rows.length)
  const rows = args.rows.slice(0, keep).filter((d) => d.name.includes(text))
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <label>
        Filter <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Button intent="formSecondary" onPress={() => setKeep((n) => n - 100)}>
        Drop the last 100 rows
      </Button>
      <Table {...args} rows={rows} />
    </div>
  )
}

/**
 * Typing re-renders only rows that change: a keystroke that leaves the rows in view alone renders
 * no cell; one that brings new rows in renders only those.
 */
export const TypingRendersOnlyWhatChanged: Story = {
  args: { rows: many, columns: countedColumns, rowHeight: 44, maxHeight: 480 },
  render: (args) => <Filtered {...args} />,
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = virtualTable(canvasElement)
    // The virtual body renders its rows once it has measured its height: wait for them.
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(5))
    const first = cellRenders.count
    await userEvent.click(canvas.getByRole('button', { name: 'Drop the last 100 rows' }))
    await expect(cellRenders.count).toBe(first)
    // Every name has a space: the same rows stay in view, and none is rendered again.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Filter' }), ' ')
    await expect(cellRenders.count).toBe(first)
    // Other rows come into view: only they are rendered, once each.
    const filter = canvas.getByRole('textbox', { name: 'Filter' })
    await userEvent.clear(filter)
    await expect(cellRenders.count).toBe(first)
    await userEvent.type(filter, '5')
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('00005'))
    const rowsInDom = within(table).getAllByRole('row').length - 1
    await expect(cellRenders.count - first).toBeGreaterThan(0)
    await expect(cellRenders.count - first).toBeLessThanOrEqual(rowsInDom)
  },
}

export const Loading: Story = {
  args: { rows: [], isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading rows')
    // Busy around the grid: react-aria's Table does not pass aria-busy on.
    const table = within(canvasElement).getByRole('grid', { name: 'Devices' })
    await expect(table.parentElement).toHaveAttribute('aria-busy', 'true')
  },
}

export const LoadingMore: Story = {
  args: { isLoading: true, rows: few.slice(0, 4) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading more rows')
  },
}

export const Empty: Story = {
  args: {
    rows: [],
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
    await expect(within(canvasElement).getByText('No devices yet')).toBeVisible()
  },
}

/** A failed load goes in the same slot as the empty state. */
export const Error: Story = {
  args: {
    rows: [],
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
  },
}

/** A phone: less important columns hide, the table scrolls sideways inside its frame. */
export const Narrow375: Story = {
  name: 'Narrow 375 px',
  args: {
    columns: deviceColumns.map((c) =>
      ['serial', 'location', 'lastSeen'].includes(c.id) ? { ...c, hideWhenNarrow: true } : c,
    ),
  },
  globals: narrowViewport,
  play: async ({ canvasElement }) => {
    await expect(grid(canvasElement).getByRole('columnheader', { name: 'Name' })).toBeVisible()
    await expect(
      grid(canvasElement).queryByRole('columnheader', { name: 'Serial number' }),
    ).toBeNull()
  },
}

export const Dark: Story = {
  args: { selectionMode: 'multiple', defaultSelectedKeys: new Set(['dev-00003']) },
  globals: { theme: 'dark' },
}

/** The long list in the dark theme. */
export const DarkVirtualised: Story = {
  args: { rows: many, rowHeight: 44, maxHeight: 360 },
  globals: { theme: 'dark' },
}
