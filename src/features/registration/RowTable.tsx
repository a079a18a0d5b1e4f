import * as styles from './registration.css'

export interface RowTableProps {
  caption: string
  /** Header of each column; the last column shows the row's check. */
  columns: string[]
  rows: { key: string; cells: string[]; errors: string[]; result?: string }[]
}

/** A preview of input rows with each row's problems (or 'Ready') in its last column. */
export function RowTable({ caption, columns, rows }: RowTableProps) {
  return (
    // A scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className={styles.muted}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={styles.th}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i} className={styles.td}>
                  {cell}
                </td>
              ))}
              <td className={styles.td}>
                {row.errors.length ? (
                  <ul className={styles.errorList}>
                    {row.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                ) : (
                  <span className={styles.good}>{row.result ?? 'Ready'}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
