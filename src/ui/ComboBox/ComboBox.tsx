import type { ReactNode } from 'react'
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  Group,
  Input,
  composeRenderProps,
  type ComboBoxProps as AriaComboBoxProps,
  type ListBoxProps,
} from 'react-aria-components'
import { FieldHelp, FieldLabel, type FieldProps } from '../private/Field'
import * as field from '../private/field.css'
import { cx } from '../private/cx'
import { Icon } from '../Icon'
import { ListBox } from '../ListBox'
import { Popover } from '../Popover'
import * as styles from './ComboBox.css'

export interface ComboBoxProps<T extends object>
  extends Omit<AriaComboBoxProps<T>, 'children'>, FieldProps {
  placeholder?: string
  children: (item: T) => ReactNode
  /** What the open list shows when it has no options (loading, nothing found). */
  renderEmptyState?: ListBoxProps<T>['renderEmptyState']
}

/**
 * A text field with a list of options that narrows as one types. With `items` and
 * `onInputChange` the options can come from the server (a search over thousands). The list opens
 * on typing, on Down or on the chevron, not on focus alone, so Tab passes through without it
 * covering the next field; it closes on choosing, Escape and Tab.
 */
export function ComboBox<T extends object>({
  label,
  description,
  errorMessage,
  placeholder,
  children,
  renderEmptyState,
  className,
  ...props
}: ComboBoxProps<T>) {
  return (
    <AriaComboBox
      {...props}
      className={composeRenderProps(className, (cls) => cx(field.field, cls))}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={field.control}>
        <Icon name="search" size="sm" />
        <Input className={styles.input} placeholder={placeholder} />
        {/* Opens the whole list for the pointer; the keyboard opens it with Down (not a tab stop). */}
        <AriaButton className={styles.toggle}>
          <Icon name="chevronDown" size="sm" />
        </AriaButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover padded={false} placement="bottom start">
        <ListBox className={styles.list} renderEmptyState={renderEmptyState}>
          {children}
        </ListBox>
      </Popover>
    </AriaComboBox>
  )
}
