import type { ReactNode } from 'react'
import {
  Checkbox as AriaCheckbox,
  composeRenderProps,
  type CheckboxProps as AriaCheckboxProps,
} from 'react-aria-components'
import * as styles from './Checkbox.css'
import { cx } from '../private/cx'
import { Icon } from '../Icon'

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  /** The label, clickable. */
  children?: ReactNode
  /** A muted line under the label. */
  description?: ReactNode
}

/** A checkbox with its label (e.g. the log viewer's 'Auto-refresh'); supports indeterminate. */
export function Checkbox({ children, description, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox
      {...props}
      className={composeRenderProps(className, (cls) => cx(styles.root, cls))}
    >
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isIndeterminate ? (
              <Icon name="minus" size="xs" />
            ) : isSelected ? (
              <Icon name="check" size="xs" />
            ) : null}
          </span>
          {(children || description) && (
            <span className={styles.text}>
              {children}
              {description && <span className={styles.description}>{description}</span>}
            </span>
          )}
        </>
      )}
    </AriaCheckbox>
  )
}
