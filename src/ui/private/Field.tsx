import type { ReactNode } from 'react'
import {
  FieldError as AriaFieldError,
  Label as AriaLabel,
  Text,
  type ValidationResult,
} from 'react-aria-components'
import * as styles from './field.css'

/** Props every form field in the library shares. */
export interface FieldProps {
  /** Visible label; when a field must go without one, pass `aria-label` instead. */
  label?: ReactNode
  /** Help text under the control, linked with aria-describedby. */
  description?: ReactNode
  /** Shown when the field is invalid (`isInvalid` or failed validation). */
  errorMessage?: string | ((validation: ValidationResult) => string)
}

export function FieldLabel({ children }: { children?: ReactNode }) {
  return children ? <AriaLabel className={styles.label}>{children}</AriaLabel> : null
}

/** Description and error message, in that order, beneath a control. */
export function FieldHelp({
  description,
  errorMessage,
}: Pick<FieldProps, 'description' | 'errorMessage'>) {
  return (
    <>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <AriaFieldError className={styles.error}>{errorMessage}</AriaFieldError>
    </>
  )
}
