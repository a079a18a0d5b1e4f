import type { ReactNode } from 'react'
import * as styles from './VisuallyHidden.css'

export interface VisuallyHiddenProps {
  children: ReactNode
  /** Element to render. @default 'span' */
  elementType?: 'span' | 'div'
  id?: string
}

/** Text for screen readers only (status words, units, context a sighted user gets from layout). */
export function VisuallyHidden({
  children,
  elementType: Element = 'span',
  id,
}: VisuallyHiddenProps) {
  return (
    <Element className={styles.root} id={id}>
      {children}
    </Element>
  )
}
