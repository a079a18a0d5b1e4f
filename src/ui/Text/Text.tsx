import type { LayoutBaseProps } from '../private/layout'
import { cx } from '../private/cx'
import { reset } from '../private/layout.css'
import * as styles from './Text.css'

export { textSizes, textTones, textWeights } from './Text.css'

export interface TextProps extends LayoutBaseProps {
  /** Font size from the type scale; without it the text keeps its parent's. */
  size?: (typeof styles.textSizes)[number]
  /** Colour from the theme ('muted' for secondary text, 'critical' for errors); else the parent's. */
  tone?: (typeof styles.textTones)[number]
  /** Without it the text keeps its parent's weight. */
  weight?: (typeof styles.textWeights)[number]
  /** Figures of equal width, so numbers in a column line up. @default false */
  tabularNums?: boolean
  /** Break long words and ids anywhere instead of widening their box. @default false */
  breakWord?: boolean
  /** One line, cut with an ellipsis (give the full text in `title`). @default false */
  truncate?: boolean
  /** One line, never wrapped nor cut (a figure or a time beside text that wraps). @default false */
  nowrap?: boolean
  /** The monospace font (times, ids, log fields). @default false */
  mono?: boolean
  /** With `as="time"`: the machine-readable instant. */
  dateTime?: string
  /** The element; 'p' for a paragraph (no margin), 'dt'/'dd' in a description list. @default 'span' */
  as?: TextElement
}

type TextElement = 'span' | 'p' | 'div' | 'dt' | 'dd' | 'strong' | 'small' | 'li' | 'label' | 'time'

/** Heading elements: only through `Heading`, which gives them their sizes. */
type HeadingElement = 'h1' | 'h2' | 'h3' | 'h4'

/** Text in a size, weight and tone of the theme. */
export function Text({
  size,
  tone,
  weight,
  tabularNums = false,
  breakWord = false,
  truncate = false,
  nowrap = false,
  mono = false,
  as: Element = 'span',
  className,
  ...props
}: Omit<TextProps, 'as'> & { as?: TextElement | HeadingElement }) {
  return (
    <Element
      className={cx(
        reset,
        size && styles.size[size],
        tone && styles.tone[tone],
        weight && styles.weight[weight],
        tabularNums && styles.tabularNums,
        breakWord && styles.breakWord,
        truncate && styles.truncate,
        nowrap && styles.nowrap,
        mono && styles.mono,
        className,
      )}
      {...props}
    />
  )
}
