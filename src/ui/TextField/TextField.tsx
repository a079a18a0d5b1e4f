import {
  Input,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  composeRenderProps,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components'
import * as styles from './TextField.css'
import * as field from '../private/field.css'
import { FieldHelp, FieldLabel, type FieldProps } from '../private/Field'
import { cx } from '../private/cx'

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'>, FieldProps {
  placeholder?: string
  /** A multi-line text area instead of a one-line input. @default false */
  multiline?: boolean
  /** Rows of a multi-line field. @default 3 */
  rows?: number
}

/** A labelled text input (or text area) with description and error message wired for screen readers. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline = false,
  rows = 3,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      className={composeRenderProps(className, (cls) => cx(field.field, cls))}
    >
      <FieldLabel>{label}</FieldLabel>
      {multiline ? (
        <AriaTextArea
          rows={rows}
          placeholder={placeholder}
          className={cx(field.control, styles.textarea)}
        />
      ) : (
        <Input placeholder={placeholder} className={field.control} />
      )}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  )
}

/** A multi-line TextField. */
export function TextArea(props: Omit<TextFieldProps, 'multiline'>) {
  return <TextField {...props} multiline />
}
