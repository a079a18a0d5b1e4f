import type { ReactNode } from 'react'
import * as styles from './page.css'

/** The title block every page starts with. */
export function PageHeader({
  title,
  lead,
  actions,
}: {
  title: string
  lead?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className={styles.pageHeader}>
      <div>
        <h1 className={styles.pageTitle}>{title}</h1>
        {lead && <p className={styles.pageLead}>{lead}</p>}
      </div>
      {actions}
    </div>
  )
}
