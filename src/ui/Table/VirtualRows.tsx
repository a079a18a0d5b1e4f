import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useRef, type ReactNode } from 'react'
import type { Key, SortDescriptor } from 'react-aria-components'
import { Icon } from '../Icon'
import { Skeleton } from '../Skeleton'
import { Spinner } from '../Spinner'
import type { TableItem } from './sort-rows'
import type { TableColumn } from './table-column'
import * as styles from './VirtualRows.css'

export interface VirtualRowsProps<T, C> {
  label?: string
  labelledBy?: string
  columns: readonly TableColumn<T, C>[]
  /** In the order shown. */
  items: readonly TableItem<T>[]
  context: C
  sort?: SortDescriptor
  /** A sortable header was pressed. */
  onSort: (column: Key) => void
  /** Fixed (fastest: rows are placed unmeasured, cells keep to one line); else measured. */
  rowHeight?: number
  /** Rows of the whole list when these are one page of it. */
  rowCount: number
  /** Position of the first row in the whole list. */
  rowOffset: number
  maxHeight: string
  isLoading: boolean
  loadingLabel: string
  emptyState: ReactNode
  isCurrentRow?: (row: T, context: C) => boolean
}

const DEFAULT_MIN_WIDTH = 128
const ESTIMATED_ROW_HEIGHT = 52

/** A column's CSS grid track, from the same width props react-aria's layout takes. */
function track(column: TableColumn<never, never>) {
  const { width, minWidth = DEFAULT_MIN_WIDTH } = column
  if (typeof width === 'number') return `${width}px`
  return `minmax(${minWidth}px, ${width ?? '1fr'})`
}

/**
 * The long-list engine of `Table`: react-aria's Table re-renders every visible cell (each with its
 * press, hover and focus hooks) whenever its collection changes, about 75 ms a keystroke on the
 * device list where this takes about 11 (`tests/bench/device-list.bench.mjs`). Same semantics as a
 * read-only react-aria table (table, columnheader with aria-sort, rowheader, cell, aria-rowcount,
 * aria-rowindex); only the rows in view are in the DOM, each memoised, so filtering re-renders
 * only rows that moved or changed.
 */
export function VirtualRows<T, C>(props: VirtualRowsProps<T, C>) {
  const { columns, items, rowHeight, context } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- rows are placed from its measurements at render, by design
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight ?? ESTIMATED_ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 1024, height: 600 },
  })
  const gridTemplateColumns = columns.map((c) => track(c as TableColumn<never, never>)).join(' ')
  const loading = props.isLoading && items.length === 0
  return (
    <div
      role="table"
      aria-label={props.label}
      aria-labelledby={props.labelledBy}
      aria-rowcount={props.rowCount + 1}
      aria-busy={props.isLoading || undefined}
    >
      <div role="rowgroup">
        <div
          role="row"
          aria-rowindex={1}
          className={styles.headerRow}
          style={{ gridTemplateColumns }}
        >
          {columns.map((column) => (
            <HeaderCell key={column.id} column={column} sort={props.sort} onSort={props.onSort} />
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
        style={{ maxHeight: props.maxHeight }}
      >
        {items.length === 0 ? (
          // A row of its own: a table's row groups may hold rows only.
          <div role="row" aria-rowindex={2}>
            <div role="cell" className={styles.state}>
              {loading ? (
                <>
                  <Spinner size="sm" label={props.loadingLabel} showLabel />
                  {Array.from({ length: 5 }, (_, i) => (
                    <Skeleton key={i} width={`${90 - i * 8}%`} />
                  ))}
                </>
              ) : (
                props.emptyState
              )}
            </div>
          </div>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((virtual) => {
              const item = items[virtual.index]!
              return (
                <VirtualRow
                  key={item.id}
                  row={item.row}
                  columns={columns}
                  context={context}
                  index={virtual.index}
                  rowIndex={props.rowOffset + virtual.index + 2}
                  top={virtual.start}
                  height={rowHeight}
                  measure={rowHeight ? undefined : virtualizer.measureElement}
                  gridTemplateColumns={gridTemplateColumns}
                  isCurrent={props.isCurrentRow?.(item.row, context) ?? false}
                />
              )
            })}
          </div>
        )}
      </div>
    </div>
  )
}

function HeaderCell<T, C>({
  column,
  sort,
  onSort,
}: {
  column: TableColumn<T, C>
  sort?: SortDescriptor
  onSort: (column: Key) => void
}) {
  const active = sort?.column === column.id
  return (
    <div
      role="columnheader"
      aria-sort={active ? sort.direction : column.allowsSorting ? 'none' : undefined}
      className={styles.headerCell({ align: column.align })}
    >
      {column.allowsSorting ? (
        <button type="button" className={styles.sortButton} onClick={() => onSort(column.id)}>
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

interface VirtualRowProps<T, C> {
  row: T
  columns: readonly TableColumn<T, C>[]
  context: C
  /** Position in `items`, for the virtualiser's measurements. */
  index: number
  rowIndex: number
  top: number
  height?: number
  measure?: (element: HTMLElement | null) => void
  gridTemplateColumns: string
  isCurrent: boolean
}

/** One row; memoised so scrolling and filtering re-render only the rows that move or change. */
const VirtualRow = memo(function VirtualRow<T, C>({ measure, ...props }: VirtualRowProps<T, C>) {
  return (
    <div
      role="row"
      ref={measure}
      data-index={props.index}
      aria-rowindex={props.rowIndex}
      aria-current={props.isCurrent || undefined}
      className={props.height ? styles.row : `${styles.row} ${styles.measuredRow}`}
      style={{
        height: props.height,
        transform: `translateY(${props.top}px)`,
        gridTemplateColumns: props.gridTemplateColumns,
      }}
    >
      {props.columns.map((column) => (
        <div
          key={column.id}
          role={column.isRowHeader ? 'rowheader' : 'cell'}
          className={styles.cell({
            align: column.align,
            rowHeader: column.isRowHeader,
            oneLine: props.height !== undefined,
          })}
        >
          {column.render(props.row, props.context)}
        </div>
      ))}
    </div>
  )
}) as <T, C>(props: VirtualRowProps<T, C>) => ReactNode
