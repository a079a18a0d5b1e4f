import type { ReactNode } from 'react'
import { Button, Icon, type IconName } from '../../ui'
import * as styles from './page.css'

/** A column; `className` (`numeric`, `wideOnly`, `actionsCell`) goes on its header and its cells. */
export type ListColumn<Row, Context> = {
  name: string
  className?: string
  render: (row: Row, context: Context) => ReactNode
}

const withClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base)

/**
 * A plain table that scrolls sideways inside its card on narrow screens. Cells get `context` (the
 * caller's props) besides their row, so the columns are declared once, at module level.
 */
export function ListTable<Row extends { id: string }, Context>(props: {
  label: string
  columns: readonly ListColumn<Row, Context>[]
  rows: readonly Row[]
  context: Context
  /** Marks a row with `aria-current`. */
  isCurrent?: (row: Row) => boolean
}) {
  const { label, columns, rows, context, isCurrent } = props
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- lets keyboard users scroll the table sideways
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={label}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.name} scope="col" className={withClass(styles.th, column.className)}>
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={styles.row} aria-current={isCurrent?.(row) || undefined}>
              {columns.map((column) => (
                <td key={column.name} className={withClass(styles.td, column.className)}>
                  {column.render(row, context)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** An icon button in a row's actions cell; `label` says what it does to which row. */
export function RowAction(props: { icon: IconName; label: string; onPress: () => void }) {
  return (
    <Button intent="iconGhost" aria-label={props.label} onPress={props.onPress}>
      <Icon name={props.icon} size="sm" />
    </Button>
  )
}
