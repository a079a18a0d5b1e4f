import type { ReactNode } from 'react'
import { cx } from '../private/cx'
import * as styles from './DescriptionList.css'

export interface DescriptionListProps {
  /** Term and value pairs, in order; a term is also the pair's key, so each appears once. */
  items: readonly (readonly [term: string, value: ReactNode])[]
  /** Below this screen size each term sits over its value (values too long for a phone's half). */
  collapseBelow?: 'tablet'
  /** Values are amounts: set at the end of their column, in figures of equal width. @default false */
  amounts?: boolean
  /** 'xs' beside small figures (notes under a stat). @default 'sm' */
  size?: 'xs' | 'sm'
  'aria-label'?: string
  className?: string
}

/** Facts about one thing (a device, a draft under review): a muted term beside each value. */
export function DescriptionList({
  items,
  collapseBelow,
  amounts = false,
  size = 'sm',
  className,
  ...props
}: DescriptionListProps) {
  return (
    <dl
      className={cx(
        styles.list,
        collapseBelow && styles.collapsed,
        amounts && styles.amounts,
        size === 'xs' && styles.small,
        className,
      )}
      {...props}
    >
      {items.map(([term, value]) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>{term}</dt>
          <dd className={cx(styles.value, amounts && styles.amount)}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
