import { cx } from '../private/cx'
import type { LayoutBaseProps, LayoutElement } from '../private/layout'
import { reset } from '../private/layout.css'
import * as styles from './ContentBlock.css'

export interface ContentBlockProps extends LayoutBaseProps {
  /** The widest the content may be: small 40rem, medium 48rem, large 56rem. */
  width: 'small' | 'medium' | 'large'
  /** @default 'div' */
  as?: LayoutElement
}

/** Content no wider than a reading width, centred in the page; as wide as the screen on a phone. */
export function ContentBlock({
  width,
  as: Element = 'div',
  className,
  ...props
}: ContentBlockProps) {
  return <Element className={cx(reset, styles.width[width], className)} {...props} />
}
