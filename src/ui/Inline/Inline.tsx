import { cx } from '../private/cx'
import type { LayoutBaseProps, LayoutElement } from '../private/layout'
import { reset } from '../private/layout.css'
import { responsiveClasses, type Responsive, type Space } from '../private/responsive'
import * as styles from './Inline.css'

export interface InlineProps extends LayoutBaseProps {
  /** The gap between children, across and between lines, from the space tokens. */
  space: Responsive<Space>
  /** Where the children sit along the line; 'between' spreads them to both ends. @default 'start' */
  align?: Responsive<'start' | 'center' | 'end' | 'between'>
  /** How children line up across the line. @default 'stretch' */
  alignY?: Responsive<'stretch' | 'top' | 'center' | 'bottom' | 'baseline'>
  /**
   * 'nowrap' keeps every child on one line; 'reverse' wraps upwards, so the last child (a form's
   * primary button) stays on the first line. @default 'wrap'
   */
  wrap?: 'wrap' | 'nowrap' | 'reverse'
  /** @default 'div' */
  as?: LayoutElement
}

/** Children side by side, wrapping onto more lines when narrow (toolbars, buttons, tags). */
export function Inline({
  space,
  align,
  alignY,
  wrap = 'wrap',
  as: Element = 'div',
  className,
  ...props
}: InlineProps) {
  return (
    <Element
      className={cx(
        reset,
        styles.inline,
        styles.wrap[wrap],
        ...responsiveClasses(styles.space, space),
        ...responsiveClasses(styles.align, align),
        ...responsiveClasses(styles.alignY, alignY),
        className,
      )}
      {...props}
    />
  )
}
