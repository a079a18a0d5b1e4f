import { cx } from '../private/cx'
import type { LayoutBaseProps, LayoutElement } from '../private/layout'
import { reset } from '../private/layout.css'
import { responsiveClasses, type Responsive, type Space } from '../private/responsive'
import * as styles from './Columns.css'

export interface ColumnsProps extends LayoutBaseProps {
  /** The gap between columns (and between rows once collapsed). */
  space: Responsive<Space>
  /** Below this screen size the columns stack one under another (phones: 'tablet'). */
  collapseBelow?: 'tablet' | 'desktop'
  /** How columns line up across the row. @default 'stretch' */
  alignY?: Responsive<'stretch' | 'top' | 'center' | 'bottom' | 'baseline'>
  /** @default 'div' */
  as?: LayoutElement
}

const collapsed = {
  tablet: { mobile: 'column', tablet: 'row' },
  desktop: { mobile: 'column', desktop: 'row' },
} as const

/** A row of `Column`s: fluid ones share the room the content-wide ones leave. */
export function Columns({
  space,
  collapseBelow,
  alignY,
  as: Element = 'div',
  className,
  ...props
}: ColumnsProps) {
  return (
    <Element
      className={cx(
        reset,
        styles.columns,
        ...responsiveClasses(styles.space, space),
        ...responsiveClasses(styles.direction, collapseBelow && collapsed[collapseBelow]),
        ...responsiveClasses(styles.alignY, alignY),
        className,
      )}
      {...props}
    />
  )
}

export interface ColumnProps extends LayoutBaseProps {
  /** 'fluid' shares the free room; 'content' is as wide as what it holds. @default 'fluid' */
  width?: 'fluid' | 'content'
  /** @default 'div' */
  as?: LayoutElement
}

/** One column of `Columns`. */
export function Column({ width = 'fluid', as: Element = 'div', className, ...props }: ColumnProps) {
  return <Element className={cx(reset, styles.columnWidth[width], className)} {...props} />
}
