import { useId, useMemo, useState, type ReactNode } from 'react'
import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableFooter as AriaTableFooter,
  TableHeader as AriaTableHeader,
  type Key,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components'
import { Checkbox } from '../Checkbox'
import { EmptyState } from '../EmptyState'
import { Icon } from '../Icon'
import { Skeleton } from '../Skeleton'
import { Spinner } from '../Spinner'
import { VisuallyHidden } from '../VisuallyHidden'
import { cx } from '../private/cx'
import { sortItems, type SortValue, type TableItem } from './sort-rows'
import * as styles from './Table.css'
import { VirtualRows } from './VirtualRows'

export type { Key, Selection, SortDescriptor, SortValue }
export const tableSelectionModes = ['none', 'single', 'multiple'] as const
/** Longer than this, a table renders only the rows in view (unless `virtualized` says otherwise). */
export const VIRTUALIZE_FROM = 100

import type { TableColumn } from './table-column'

export type { TableColumn }

export interface TableProps<T, C = undefined> {
  'aria-label'?: string
  'aria-labelledby'?: string
  /** A line above the rows saying what they are; it names the table (instead of `aria-label`). */
  caption?: string
  columns: readonly TableColumn<T, C>[]
  rows: readonly T[]
  /** Handed to every cell's `render`; rows re-render when it changes, so keep it stable (memo). */
  context?: C
  /** The row's unique key. @default row.id */
  getRowId?: (row: T) => Key
  /** @default 'none' */
  selectionMode?: (typeof tableSelectionModes)[number]
  selectedKeys?: Selection
  defaultSelectedKeys?: Selection
  onSelectionChange?: (keys: Selection) => void
  /** Controlled sort (e.g. from the URL); leave out for the table to keep it. */
  sortDescriptor?: SortDescriptor
  defaultSortDescriptor?: SortDescriptor
  onSortChange?: (descriptor: SortDescriptor) => void
  /** The caller sorts `rows` itself (e.g. the server); the table only shows the sort. @default false */
  manualSorting?: boolean
  /** Opening a row (click, Enter): e.g. navigate to its details. */
  onRowAction?: (key: Key) => void
  /** Marks a row as the current one (`aria-current`), e.g. the chosen scope. */
  isCurrentRow?: (row: T, context: C) => boolean
  /** A last row that is never sorted (totals), by column id. */
  footer?: Readonly<Record<string, ReactNode>>
  /** Placeholder rows and a spinner before the first rows, a spinner bar below existing ones. @default false */
  isLoading?: boolean
  /** What the spinner says while the first rows load. @default 'Loading rows' */
  loadingLabel?: string
  /** What an empty table shows. @default an EmptyState 'No results' */
  emptyState?: ReactNode
  /**
   * Render only the rows in view, in a scrolling area: for lists that can be long (a fleet of
   * 10,000). No selection, row actions or footer. Say it explicitly for
   * a list that can be long, so the table keeps one structure while it grows.
   * @default rows.length > VIRTUALIZE_FROM, when none of those is asked for
   */
  virtualized?: boolean
  /** Virtualised: the scrolling area is at most this tall (a few rows make it shorter). @default 420 */
  maxHeight?: number | string
  /** Virtualised: the same as `maxHeight` (the name the first `ui/Table` gave it). */
  height?: number | string
  /** Plain: the height while there are no rows yet (e.g. a page of rows, so a card keeps its size). */
  emptyHeight?: number | string
  /** Virtualised: each row's height in px (fastest; a cell keeps to one line). Leave out for rows measured from their content. */
  rowHeight?: number
  /** Virtualised: rows of the whole list when `rows` is one page of it. @default rows.length */
  rowCount?: number
  /** Virtualised: position of the first row in the whole list. @default 0 */
  rowOffset?: number
  className?: string
}

const FOOTER_ID = '\u0000footer'
const cssLength = (value: number | string) => (typeof value === 'number' ? `${value}px` : value)

const defaultRowId = (row: unknown): Key => {
  const id = (row as { id?: Key }).id
  if (id === undefined || id === null) throw new Error('Table: rows need an `id`, or pass getRowId')
  return id
}

/**
 * One wrapper per row object, kept across renders: react-aria caches each row's rendered element by
 * its item's identity, so filtering or re-sorting re-renders no row that was already there.
 */
function useItems<T>(rows: readonly T[], getRowId: (row: T) => Key) {
  const [cache] = useState(() => new WeakMap<object, TableItem<T>>())
  return useMemo(
    () =>
      rows.map((row) => {
        if (typeof row !== 'object' || row === null) return { id: getRowId(row), row }
        let item = cache.get(row)
        if (!item) cache.set(row, (item = { id: getRowId(row), row }))
        return item
      }),
    [rows, getRowId, cache],
  )
}

function sortValueOf<T, C>(column: TableColumn<T, C>, context: C) {
  if (column.sortValue) return column.sortValue
  return (row: T) => {
    const v = column.render(row, context)
    if (typeof v === 'string' || typeof v === 'number') return v
    throw new Error(`Table: column '${column.id}' renders an element; give it a sortValue`)
  }
}

/**
 * The console's one data table, on react-aria's Table: sortable columns (aria-sort), selection,
 * row actions and grid keyboard navigation. Short tables are plain rows that grow with their
 * content; long ones render only the rows in view, so 10,000 rows stay fast.
 */
export function Table<T, C = undefined>(props: TableProps<T, C>) {
  const {
    columns,
    rows,
    context,
    getRowId = defaultRowId,
    selectionMode = 'none',
    isLoading = false,
    loadingLabel = 'Loading rows',
  } = props
  const interactive = selectionMode !== 'none' || Boolean(props.onRowAction || props.footer)
  const virtualized = props.virtualized ?? (rows.length > VIRTUALIZE_FROM && !interactive)
  if (virtualized && interactive)
    throw new Error('Table: a virtualised table has no selection, row actions or footer')
  const [ownSort, setOwnSort] = useState(props.defaultSortDescriptor)
  const sort = props.sortDescriptor ?? ownSort
  const wrapped = useItems(rows, getRowId)
  const items = useMemo(() => {
    if (props.manualSorting || !sort?.column) return wrapped
    const column = columns.find((c) => c.id === sort.column)
    if (!column) throw new Error(`Table: no column '${String(sort.column)}' to sort by`)
    return sortItems(wrapped, sortValueOf(column, context as C), sort.direction)
  }, [wrapped, columns, context, sort, props.manualSorting])
  const onSortChange = (next: SortDescriptor) => {
    setOwnSort(withFirstDirection(next))
    props.onSortChange?.(withFirstDirection(next))
  }
  const withFirstDirection = (next: SortDescriptor): SortDescriptor => {
    // react-aria starts a newly chosen column ascending; some columns read better the other way.
    const first = columns.find((c) => c.id === next.column)?.firstSortDirection
    return next.column !== sort?.column && first ? { ...next, direction: first } : next
  }
  const selectable = selectionMode !== 'none'
  const captionId = useId()
  const label = props['aria-label']
  const labelledBy = props.caption ? captionId : props['aria-labelledby']
  const caption = props.caption && (
    <p id={captionId} className={styles.caption}>
      {props.caption}
    </p>
  )
  const emptyState = props.emptyState ?? <EmptyState size="sm" title="No results" />

  if (virtualized)
    return (
      <div className={cx(styles.frame, props.className)}>
        {caption}
        <VirtualRows
          label={label}
          labelledBy={labelledBy}
          columns={columns}
          items={items}
          context={context as C}
          sort={sort}
          onSort={(column) =>
            onSortChange({
              column,
              direction:
                sort?.column === column && sort.direction === 'ascending'
                  ? 'descending'
                  : 'ascending',
            })
          }
          rowHeight={props.rowHeight}
          rowCount={props.rowCount ?? rows.length}
          rowOffset={props.rowOffset ?? 0}
          maxHeight={cssLength(props.maxHeight ?? props.height ?? 420)}
          isLoading={isLoading}
          loadingLabel={loadingLabel}
          emptyState={emptyState}
          isCurrentRow={props.isCurrentRow}
        />
      </div>
    )

  const table = (
    <AriaTable
      aria-label={label}
      aria-labelledby={labelledBy}
      className={styles.table}
      selectionMode={selectionMode}
      selectedKeys={props.selectedKeys}
      defaultSelectedKeys={props.defaultSelectedKeys}
      onSelectionChange={props.onSelectionChange}
      sortDescriptor={sort}
      onSortChange={onSortChange}
      onRowAction={props.onRowAction}
    >
      <AriaTableHeader className={styles.header}>
        {selectable && (
          <AriaColumn className={cx(styles.column({ align: 'center' }), styles.selectionCell)}>
            {selectionMode === 'multiple' ? (
              <Checkbox slot="selection" />
            ) : (
              <VisuallyHidden>Select</VisuallyHidden>
            )}
          </AriaColumn>
        )}
        {columns.map((col) => (
          <AriaColumn
            key={col.id}
            id={col.id}
            isRowHeader={col.isRowHeader}
            allowsSorting={col.allowsSorting}
            className={cx(
              styles.column({ align: col.align }),
              col.hideWhenNarrow && styles.hideWhenNarrow,
            )}
            style={{ width: plainWidth(col.width) }}
          >
            <span className={styles.columnLabel}>{col.name}</span>
            {col.allowsSorting && (
              <Icon
                name={
                  sort?.column === col.id && sort.direction === 'descending'
                    ? 'chevronDown'
                    : 'chevronUp'
                }
                size="xs"
                className={styles.sortIcon}
              />
            )}
          </AriaColumn>
        ))}
      </AriaTableHeader>
      <AriaTableBody
        items={items}
        dependencies={[columns, context, selectable, props.isCurrentRow, !props.onRowAction]}
        renderEmptyState={() => (
          <div className={styles.state}>
            {isLoading ? <TableLoading label={loadingLabel} /> : emptyState}
          </div>
        )}
      >
        {(item) => (
          <AriaRow
            id={item.id}
            className={styles.row}
            data-has-action={props.onRowAction ? true : undefined}
            aria-current={props.isCurrentRow?.(item.row, context as C) || undefined}
          >
            {selectable && (
              <AriaCell className={cx(styles.cell(), styles.selectionCell)}>
                <Checkbox slot="selection" />
              </AriaCell>
            )}
            {columns.map((col) => (
              <AriaCell key={col.id} className={cellClass(col)}>
                {col.render(item.row, context as C)}
              </AriaCell>
            ))}
          </AriaRow>
        )}
      </AriaTableBody>
      {props.footer && (
        <AriaTableFooter className={styles.footer}>
          <AriaRow id={FOOTER_ID} className={styles.row}>
            {selectable && <AriaCell className={cx(styles.cell(), styles.selectionCell)} />}
            {columns.map((col) => (
              <AriaCell key={col.id} className={cellClass(col)}>
                {props.footer![col.id]}
              </AriaCell>
            ))}
          </AriaRow>
        </AriaTableFooter>
      )}
    </AriaTable>
  )

  return (
    <div className={cx(styles.frame, props.className)}>
      {caption}
      {/* Scrolls sideways on a phone; the grid inside is a tab stop, and its arrow keys scroll it. */}
      <div
        className={styles.scroll}
        style={
          props.emptyHeight === undefined || rows.length > 0
            ? undefined
            : { minHeight: cssLength(props.emptyHeight) }
        }
        aria-busy={isLoading || undefined}
      >
        {table}
      </div>
      {/* Outside the grid: a loader row inside it carries aria-level, which axe rejects on a grid. */}
      {isLoading && rows.length > 0 && (
        <div className={styles.loadMore}>
          <Spinner size="sm" label="Loading more rows" showLabel />
        </div>
      )}
    </div>
  )
}

function cellClass<T, C>(col: TableColumn<T, C>) {
  return cx(
    styles.cell({ align: col.align, rowHeader: col.isRowHeader }),
    col.hideWhenNarrow && styles.hideWhenNarrow,
  )
}

/** A plain table's column: fractions share what is left, so only px and % become a width. */
function plainWidth(width: TableColumn<unknown>['width']) {
  if (typeof width === 'number') return `${width}px`
  return width?.endsWith('%') ? width : undefined
}

function TableLoading({ label }: { label: string }) {
  return (
    <div className={styles.loadingRows}>
      <Spinner label={label} />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} width={`${90 - i * 8}%`} />
      ))}
    </div>
  )
}
