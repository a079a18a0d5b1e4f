import type { ElementType } from 'react'
import { sprinkles, type Sprinkles } from '~/styles/sprinkles.css'
import { cx } from '../private/cx'
import type { LayoutBaseProps } from '../private/layout'
import { reset } from '../private/layout.css'

export type BoxProps = Sprinkles &
  Omit<LayoutBaseProps, keyof Sprinkles> & {
    /** The element or component to render. @default 'div' */
    as?: ElementType
  }

/**
 * Any element with the sprinkles' layout props (`padding`, `display`, `gap`, `background`…,
 * responsive as `{ mobile, tablet, desktop }`): the escape hatch when no primitive says it. It
 * carries the whole sprinkles class map, so pages that count their bytes prefer Stack or Inline.
 * Like the other primitives it starts without margin, padding or bullets.
 */
export function Box({ as: Element = 'div', className, ...props }: BoxProps) {
  const atoms: Record<string, unknown> = {}
  const rest: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(props)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) atoms[key] = value
    else rest[key] = value
  }
  return <Element className={cx(reset, sprinkles(atoms as Sprinkles), className)} {...rest} />
}
