import type { ReactNode } from 'react'
import {
  Switch as AriaSwitch,
  composeRenderProps,
  type SwitchProps as AriaSwitchProps,
} from 'react-aria-components'
import * as styles from './Switch.css'
import { cx } from '../private/cx'

export interface SwitchProps extends Omit<AriaSwitchProps, 'children'> {
  /** The label, clickable. */
  children?: ReactNode
}

/** An on/off toggle that takes effect at once (a rule active, auto-refresh on). */
export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={composeRenderProps(className, (cls) => cx(styles.root, cls))}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      {children}
    </AriaSwitch>
  )
}
