import type { ReactNode } from 'react'
import {
  Label,
  ProgressBar as AriaProgressBar,
  composeRenderProps,
  type ProgressBarProps as AriaProgressBarProps,
} from 'react-aria-components'
import * as styles from './ProgressBar.css'
import { cx } from '../private/cx'

export const progressTones = ['brand', 'success', 'warning', 'danger'] as const

export interface ProgressBarProps extends Omit<AriaProgressBarProps, 'children'> {
  /** 'Pushing devices' */
  label?: ReactNode
  /** Text on the right; react-aria formats a percentage unless `valueLabel` ('12 of 40') is given. @default true */
  showValue?: boolean
  /** @default 'brand' */
  tone?: (typeof progressTones)[number]
  /** @default 'md' */
  size?: 'sm' | 'md'
}

/** Progress of long work (bulk push, batch registration); `isIndeterminate` when the total is unknown. */
export function ProgressBar({
  label,
  showValue = true,
  tone = 'brand',
  size = 'md',
  className,
  ...props
}: ProgressBarProps) {
  return (
    <AriaProgressBar
      {...props}
      className={composeRenderProps(className, (cls) => cx(styles.root, cls))}
    >
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          {(label || showValue) && (
            <div className={styles.header}>
              {label && <Label className={styles.label}>{label}</Label>}
              {showValue && !isIndeterminate && <span className={styles.value}>{valueText}</span>}
            </div>
          )}
          <div className={styles.track({ size })}>
            <div
              className={styles.fill({ tone, indeterminate: isIndeterminate })}
              style={isIndeterminate ? undefined : { width: `${percentage}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  )
}
