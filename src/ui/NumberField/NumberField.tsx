import {
  Button as AriaButton,
  Group,
  Input,
  NumberField as AriaNumberField,
  composeRenderProps,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components'
import * as styles from './NumberField.css'
import * as field from '../private/field.css'
import { FieldHelp, FieldLabel, type FieldProps } from '../private/Field'
import { cx } from '../private/cx'
import { Icon } from '../Icon'

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'children'>, FieldProps {
  placeholder?: string
  /** Show increment/decrement buttons (arrow keys always work). @default true */
  showSteppers?: boolean
}

/** A locale-aware number input (e.g. kWh with `formatOptions`), with min/max/step and steppers. */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  showSteppers = true,
  className,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      className={composeRenderProps(className, (cls) => cx(field.field, cls))}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={cx(field.control, showSteppers && styles.group)}>
        <Input placeholder={placeholder} className={field.bareInput} />
        {showSteppers && (
          <div className={styles.steppers}>
            <AriaButton slot="increment" className={styles.stepper}>
              <Icon name="chevronUp" size="xs" />
            </AriaButton>
            <AriaButton slot="decrement" className={styles.stepper}>
              <Icon name="chevronDown" size="xs" />
            </AriaButton>
          </div>
        )}
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  )
}
