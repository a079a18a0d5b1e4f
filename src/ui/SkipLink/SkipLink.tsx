import type { MouseEvent } from 'react'
import * as styles from './SkipLink.css'

export interface SkipLinkProps {
  /** The id of the element to move focus to (it needs `tabIndex={-1}`). @default 'main' */
  targetId?: string
  /** @default 'Skip to main content' */
  children?: string
}

/**
 * The first Tab stop of a page: hidden until focused, it moves focus past the navigation. Focus is
 * moved by hand, so the router never sees a hash change.
 */
export function SkipLink({ targetId = 'main', children = 'Skip to main content' }: SkipLinkProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId)
    if (!target) return
    event.preventDefault()
    target.focus()
  }
  return (
    <a href={`#${targetId}`} className={styles.skipLink} onClick={skip}>
      {children}
    </a>
  )
}
