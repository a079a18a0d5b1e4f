import { cx } from '../private/cx'
import type { LayoutBaseProps } from '../private/layout'
import { reset } from '../private/layout.css'
import * as styles from './Notice.css'

export interface NoticeProps extends LayoutBaseProps {
  /** 'critical' for what failed (a form's own error), 'caution' for what to know first. */
  tone: 'critical' | 'caution'
  /** @default 'p' */
  as?: 'p' | 'div'
}

/**
 * A message in a tinted box above the content it is about. It announces nothing by itself: give
 * it `role="alert"` (an error just shown) or `role="status"`.
 */
export function Notice({ tone, as: Element = 'p', className, ...props }: NoticeProps) {
  return <Element className={cx(reset, styles.tone[tone], className)} {...props} />
}
