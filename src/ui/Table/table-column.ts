import type { ReactNode } from 'react'
import type { SortDescriptor } from 'react-aria-components'
import type { SortValue } from './sort-rows'

/**
 * A column, defined at module level beside its page (not inside a render): the table renders a
 * row's cells once and again only when the row object, `columns` or `context` changes.
 */
export interface TableColumn<T, C = undefined> {
  id: string
  /** Header text (also the accessible name of the column). */
  name: string
  /** Its cells name their row for screen readers; exactly one column should have it. */
  isRowHeader?: boolean
  allowsSorting?: boolean
  /** The direction a first press on this header sorts in. @default 'ascending' */
  firstSortDirection?: SortDescriptor['direction']
  /** px, a fraction like '2fr', or a share like '1%' (as narrow as its content). @default '1fr' */
  width?: number | `${number}fr` | `${number}%`
  /** Virtualised tables: the column's least width in px. @default 128, or `width` when in px */
  minWidth?: number
  /** 'end' also keeps the cell on one line with tabular figures (numbers, actions). @default 'start' */
  align?: 'start' | 'center' | 'end'
  /** Hidden on phones (not in virtualised tables): repeat what matters in another cell there. */
  hideWhenNarrow?: boolean
  /** A cell; `context` is the table's `context` prop (the caller's handlers and lookups). */
  render: (row: T, context: C) => ReactNode
  /** What sorting compares; required when sorting by a column whose `render` is not text. */
  sortValue?: (row: T) => SortValue
}
