import type { Key, SortDescriptor } from 'react-aria-components'

/** What sorting compares in a column. */
export type SortValue = string | number | Date | null | undefined

/** A row as the table's collection holds it: one object per row, kept across renders. */
export interface TableItem<T> {
  id: Key
  row: T
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Orders two values ascending; empty values are handled by the caller. */
function compare(a: SortValue, b: SortValue) {
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime()
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return collator.compare(String(a), String(b))
}

const empty = (v: SortValue) => v === null || v === undefined

/**
 * Sorts items by `value` in the descriptor's direction: stable (ties keep their order), empty values
 * last in both directions. Decorated once: 10,000 rows would otherwise call `value` ~2 n log n times.
 */
export function sortItems<T>(
  items: readonly TableItem<T>[],
  value: (row: T) => SortValue,
  direction: SortDescriptor['direction'],
) {
  const sign = direction === 'descending' ? -1 : 1
  return items
    .map((item, i) => ({ item, key: value(item.row), i }))
    .sort((a, b) => {
      if (empty(a.key) || empty(b.key))
        return Number(empty(a.key)) - Number(empty(b.key)) || a.i - b.i
      return sign * compare(a.key, b.key) || a.i - b.i
    })
    .map((d) => d.item)
}
