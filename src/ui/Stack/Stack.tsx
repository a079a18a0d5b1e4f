import { cx } from '../private/cx'
import type { LayoutBaseProps, LayoutElement } from '../private/layout'
import { reset } from '../private/layout.css'
import { responsiveClasses, type Responsive, type Space } from '../private/responsive'
import * as styles from './Stack.css'

export interface StackProps extends LayoutBaseProps {
  /** The gap between children, from the space tokens; one value or one per screen size. */
  space: Responsive<Space>
  /** Where children sit across the stack; 'stretch' makes each as wide as the stack. @default 'stretch' */
  align?: Responsive<'stretch' | 'start' | 'center' | 'end'>
  /** A line between children (rows of a list). @default false */
  dividers?: boolean
  /** The element; lists, forms and sections keep their semantics. @default 'div' */
  as?: LayoutElement
}

/** Children one under another, a token's space apart. */
export function Stack({
  space,
  align,
  dividers = false,
  as: Element = 'div',
  className,
  ...props
}: StackProps) {
  return (
    <Element
      className={cx(
        reset,
        styles.stack,
        ...responsiveClasses(styles.space, space),
        ...responsiveClasses(styles.align, align),
        dividers && styles.dividers,
        className,
      )}
      {...props}
    />
  )
}
