import type { ReactNode } from 'react'
import { cx } from '../private/cx'
import * as styles from './DescriptionList.css'

export interface DescriptionListProps {
  /** Term and value pairs, in order; a term is also the pair's key, so each appears once. */
  items: readonly (readonly [term: string, value: ReactNode])[]
  /** Below this screen size each term sits over its value (values too long for a phone's half). */
  collapseBelow?: 'tablet'
  'aria-label'?: string
  className?: string
}

/** Facts about one thing (a device, a draft under review): a muted term beside each value. */
export function DescriptionList({
  items,
  collapseBelow,
  className,
  ...props
}: DescriptionListProps) {
  return (
    <dl className={cx(styles.list, collapseBelow && styles.collapsed, className)} {...props}>
      {items.map(([term, value]) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
