import { cx } from '../private/cx'
import type { LayoutBaseProps, LayoutElement } from '../private/layout'
import { reset } from '../private/layout.css'
import { responsiveClasses, type Responsive, type Space } from '../private/responsive'
import * as styles from './Tiles.css'

export interface TilesProps extends LayoutBaseProps {
  /** The gap between tiles, across and down. */
  space: Responsive<Space>
  /** The narrowest a tile may be (a CSS length, e.g. '18rem'): columns are added while they fit. */
  minItemWidth: string
  /** Keep the empty columns of a short last row, so a lone tile is no wider than the others. @default false */
  fill?: boolean
  /** How tiles of a row line up. @default 'stretch' */
  alignY?: Responsive<'stretch' | 'top' | 'center' | 'bottom'>
  /** @default 'div' */
  as?: LayoutElement
}

/** The custom property behind `var(--x)`, to set it inline. */
const propertyOf = (cssVar: string) => cssVar.slice('var('.length, -1)

/** A grid of equal tiles that gains columns as the screen widens (cards, fields, figures). */
export function Tiles({
  space,
  minItemWidth,
  fill = false,
  alignY,
  as: Element = 'div',
  className,
  style,
  ...props
}: TilesProps) {
  return (
    <Element
      className={cx(
        reset,
        styles.tiles,
        fill && styles.fill,
        ...responsiveClasses(styles.space, space),
        ...responsiveClasses(styles.alignY, alignY),
        className,
      )}
      style={{ [propertyOf(styles.minItemWidth)]: minItemWidth, ...style }}
      {...props}
    />
  )
}
