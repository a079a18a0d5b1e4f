import {
  Button as AriaButton,
  Group,
  Input,
  SearchField as AriaSearchField,
  composeRenderProps,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components'
import * as styles from './SearchField.css'
import * as field from '../private/field.css'
import { FieldHelp, FieldLabel, type FieldProps } from '../private/Field'
import { cx } from '../private/cx'
import { Icon } from '../Icon'

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, 'children'>, FieldProps {
  /** @default 'Search' */
  placeholder?: string
  /** Accessible name of the clear button. @default 'Clear search' */
  clearLabel?: string
}

/** A search input with a magnifier and a clear button; Escape clears it too. */
export function SearchField({
  label,
  description,
  errorMessage,
  placeholder = 'Search',
  clearLabel = 'Clear search',
  className,
  ...props
}: SearchFieldProps) {
  return (
    <AriaSearchField
      {...props}
      className={composeRenderProps(className, (cls) => cx(field.field, cls))}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={field.control}>
        <Icon name="search" size="sm" className={styles.icon} />
        <Input placeholder={placeholder} className={cx(field.bareInput, styles.input)} />
        <AriaButton aria-label={clearLabel} className={styles.clear}>
          <Icon name="close" size="sm" />
        </AriaButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaSearchField>
  )
}
