import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useRef, type ReactNode } from 'react'
import { Icon } from '../Icon'
import { Skeleton } from '../Skeleton'
import { Spinner } from '../Spinner'
import { cx } from '../private/cx'
import type { Key, SortDescriptor } from './Table'
import { frame } from './Table.css'
import * as styles from './VirtualTable.css'

/** A column, defined at module level by the caller (not inside a render). */
export interface VirtualTableColumn<T> {
  id: string
  /** Header text, also the column's accessible name. */
  name: string
  /** A CSS grid track. @default 'minmax(8rem, 1fr)' */
  width?: string
  /** @default 'start' */
  align?: 'start' | 'end'
  /** Its cells name their row for screen readers. */
  isRowHeader?: boolean
  /** The header is a button asking `onSortChange` for this column. */
  allowsSorting?: boolean
  render: (row: T) => ReactNode
}

export interface VirtualTableProps<T> {
  'aria-label': string
  columns: readonly VirtualTableColumn<T>[]
  /** The rows in the order shown: the caller sorts (often the server, page by page). */
  rows: readonly T[]
  /** @default row.id */
  getRowId?: (row: T) => Key
  /** Fixed, so rows are placed without being measured. @default 52 */
  rowHeight?: number
  /** Rows of the whole list when `rows` is one page of it. @default rows.length */
  rowCount?: number
  /** Position of the first row in the whole list. @default 0 */
  rowOffset?: number
  sortDescriptor?: SortDescriptor
  onSortChange?: (column: string) => void
  /** The rows scroll within this; fewer rows make a shorter table. @default '420px' */
  maxHeight?: string
  /** Before the first rows: a spinner with `loadingLabel` and placeholder lines. @default false */
  isLoading?: boolean
  /** @default 'Loading rows' */
  loadingLabel?: string
  className?: string
}

const defaultRowId = (row: unknown): Key => {
  const id = (row as { id?: Key }).id
  if (id === undefined || id === null)
    throw new Error('VirtualTable: rows need an `id`, or pass getRowId')
  return id
}
const tracks = (columns: readonly VirtualTableColumn<never>[]) =>
  columns.map((c) => c.width ?? 'minmax(8rem, 1fr)').join(' ')

/**
 * A read-only table of plain rows for long lists (a fleet of 10,000 devices): only the rows in view
 * are in the DOM, each a light element, so filtering as the user types stays instant. Sorting is
 * the caller's. For selection, row actions and keyboard grid navigation, use `Table`.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { columns, rows, getRowId = defaultRowId, rowHeight = 52, rowOffset = 0 } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- rows are placed from its measurements at render, by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    initialRect: { width: 1024, height: 600 },
  })
  const gridTemplateColumns = tracks(columns as readonly VirtualTableColumn<never>[])
  const loading = props.isLoading && rows.length === 0
  return (
    <div
      role="table"
      aria-label={props['aria-label']}
      aria-rowcount={(props.rowCount ?? rows.length) + 1}
      aria-busy={loading || undefined}
      className={cx(frame, props.className)}
    >
      <div role="rowgroup">
        <div
          role="row"
          aria-rowindex={1}
          className={styles.headerRow}
          style={{ gridTemplateColumns }}
        >
          {columns.map((column) => (
            <HeaderCell
              key={column.id}
              column={column}
              sort={props.sortDescriptor}
              onSortChange={props.onSortChange}
            />
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        ref={scrollRef}
        // Focusable, so the rows scroll from the keyboard even when no cell holds a link (axe:
        // scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className={styles.body}
        style={{ maxHeight: props.maxHeight ?? '420px' }}
      >
        {loading ? (
          // A row of its own: a table's row groups may hold rows only.
          <div role="row" aria-rowindex={2}>
            <div role="cell" className={styles.loading}>
              <Spinner size="sm" label={props.loadingLabel ?? 'Loading rows'} showLabel />
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} width={`${90 - i * 8}%`} />
              ))}
            </div>
          </div>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!
              return (
                <VirtualRow
                  key={getRowId(row)}
                  row={row}
                  columns={columns}
                  rowIndex={rowOffset + item.index + 2}
                  top={item.start}
                  height={rowHeight}
                  gridTemplateColumns={gridTemplateColumns}
                />
              )
            })}
          </div>
        )}
      </div>
    </div>
  )
}

function HeaderCell<T>({
  column,
  sort,
  onSortChange,
}: {
  column: VirtualTableColumn<T>
  sort?: SortDescriptor
  onSortChange?: (column: string) => void
}) {
  const active = sort?.column === column.id
  return (
    <div
      role="columnheader"
      aria-sort={active ? sort.direction : undefined}
      className={styles.headerCell({ align: column.align })}
    >
      {column.allowsSorting && onSortChange ? (
        <button type="button" className={styles.sortButton} onClick={() => onSortChange(column.id)}>
          {column.name}
          {active && (
            <Icon name={sort.direction === 'descending' ? 'chevronDown' : 'chevronUp'} size="xs" />
          )}
        </button>
      ) : (
        column.name
      )}
    </div>
  )
}

interface VirtualRowProps<T> {
  row: T
  columns: readonly VirtualTableColumn<T>[]
  rowIndex: number
  top: number
  height: number
  gridTemplateColumns: string
}

/** One row; memoised so scrolling and filtering re-render only the rows that change. */
const VirtualRow = memo(function VirtualRow<T>({
  row,
  columns,
  rowIndex,
  top,
  height,
  gridTemplateColumns,
}: VirtualRowProps<T>) {
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className={styles.row}
      style={{ height, transform: `translateY(${top}px)`, gridTemplateColumns }}
    >
      {columns.map((column) => (
        <div
          key={column.id}
          role={column.isRowHeader ? 'rowheader' : 'cell'}
          className={styles.cell({ align: column.align, rowHeader: column.isRowHeader })}
        >
          {column.render(row)}
        </div>
      ))}
    </div>
  )
}) as <T>(props: VirtualRowProps<T>) => ReactNode
