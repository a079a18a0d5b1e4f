import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import {
  VirtualTable,
  type SortDescriptor,
  type VirtualTableColumn,
  type VirtualTableProps,
} from '../../src/ui/Table'
import { mobileViewport } from './helpers'
import { deviceColumns, devices, type DeviceRow } from './table-fixtures'

/** The Table stories' columns, as grid tracks. */
const tracks: Record<string, string> = {
  name: 'minmax(10rem, 2fr)',
  serial: 'minmax(7rem, 1fr)',
  location: 'minmax(7rem, 1fr)',
  status: '6rem',
  lastSeen: 'minmax(9rem, 1fr)',
  kwhToday: '7rem',
}
const columns: VirtualTableColumn<DeviceRow>[] = deviceColumns.map((c) => ({
  id: c.id,
  name: c.name,
  isRowHeader: c.isRowHeader,
  allowsSorting: c.allowsSorting,
  align: c.align === 'end' ? 'end' : 'start',
  width: tracks[c.id],
  render: c.render,
}))
const narrowColumns = columns.filter((c) => ['name', 'status', 'kwhToday'].includes(c.id))

const few = devices(25)
const many = devices(10_000)

const meta = {
  title: 'Components/VirtualTable',
  component: VirtualTable<DeviceRow>,
  args: { 'aria-label': 'Devices', columns, rows: few, maxHeight: '400px' },
} satisfies Meta<typeof VirtualTable<DeviceRow>>
export default meta
type Story = StoryObj<typeof meta>

const table = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('table', { name: 'Devices' })

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const grid = within(table(canvasElement))
    await expect(grid.getAllByRole('rowheader')[0]).toHaveTextContent(few[0]!.name)
    await expect(grid.getAllByRole('columnheader')).toHaveLength(6)
    // Without onSortChange nothing can be sorted: the headers are plain text.
    await expect(grid.queryByRole('button')).toBeNull()
  },
}

/** The caller sorts; the header shows the order and asks for a new one. */
function SortedByCaller(props: VirtualTableProps<DeviceRow>) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' })
  const rows = useMemo(() => {
    const sorted = [...props.rows].sort((a, b) =>
      String(a[sort.column as keyof DeviceRow]).localeCompare(
        String(b[sort.column as keyof DeviceRow]),
      ),
    )
    return sort.direction === 'descending' ? sorted.reverse() : sorted
  }, [props.rows, sort])
  return (
    <VirtualTable
      {...props}
      rows={rows}
      sortDescriptor={sort}
      onSortChange={(column) =>
        setSort((s) => ({
          column,
          direction:
            s.column === column && s.direction === 'ascending' ? 'descending' : 'ascending',
        }))
      }
    />
  )
}

export const Sorting: Story = {
  render: (args) => <SortedByCaller {...args} />,
  play: async ({ canvasElement }) => {
    const grid = within(table(canvasElement))
    const name = grid.getByRole('columnheader', { name: 'Name' })
    await expect(name).toHaveAttribute('aria-sort', 'ascending')
    await userEvent.click(grid.getByRole('button', { name: 'Name' }))
    await waitFor(() => expect(name).toHaveAttribute('aria-sort', 'descending'))
    const names = few.map((d) => d.name).sort((a, b) => b.localeCompare(a))
    await expect(grid.getAllByRole('rowheader')[0]).toHaveTextContent(names[0]!)
  },
}

/** 10,000 rows: only those in view (and a few more) are in the DOM. */
export const TenThousandRows: Story = {
  args: { rows: many },
  play: async ({ canvasElement }) => {
    const el = table(canvasElement)
    await expect(el).toHaveAttribute('aria-rowcount', '10001')
    await expect(within(el).getAllByRole('row').length).toBeLessThan(30)
  },
}

/** Page 3 of a paged list: the count and positions are the whole list's. */
export const OnePageOfMany: Story = {
  args: { rows: few, rowCount: 1_250, rowOffset: 50 },
  play: async ({ canvasElement }) => {
    const el = table(canvasElement)
    await expect(el).toHaveAttribute('aria-rowcount', '1251')
    await expect(within(el).getAllByRole('row')[1]).toHaveAttribute('aria-rowindex', '52')
  },
}

export const Loading: Story = {
  args: { rows: [], isLoading: true, loadingLabel: 'Loading devices...' },
  play: async ({ canvasElement }) => {
    await expect(table(canvasElement)).toHaveAttribute('aria-busy', 'true')
    await expect(within(canvasElement).getByText('Loading devices...')).toBeVisible()
  },
}

export const LongText: Story = {
  args: {
    rows: [
      {
        ...few[0]!,
        name: 'Main distribution board of the north wing, second floor, behind the server room',
        location: 'A location long enough to need an ellipsis in its column',
      },
      ...few.slice(1, 5),
    ],
  },
}

export const NarrowScreen: Story = {
  args: { columns: narrowColumns },
  globals: mobileViewport,
}

export const Dark: Story = { globals: { theme: 'dark' } }
