import type { HTMLAttributes, Ref } from 'react'
import { cx } from '../private/cx'
import * as styles from './CodeBlock.css'

export interface CodeBlockProps extends HTMLAttributes<HTMLPreElement> {
  /** The text, shown as it is: JSON, a command, a token. */
  children: string
  /** Wrap long lines anywhere rather than scroll sideways. @default false */
  wrap?: boolean
  /** The <pre>, e.g. to move focus to a value that just appeared. */
  ref?: Ref<HTMLPreElement>
}

/**
 * Preformatted text on a sunken ground, in the monospace font; a tall one scrolls inside its block,
 * and is a tab stop so keyboard users can scroll it too.
 */
export function CodeBlock({ wrap = false, className, ...props }: CodeBlockProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reached by keyboard
    <pre tabIndex={0} className={cx(styles.codeBlock, wrap && styles.wrap, className)} {...props} />
  )
}
