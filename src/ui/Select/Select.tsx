import type { ReactNode } from 'react'
import {
  Button as AriaButton,
  Select as AriaSelect,
  SelectValue,
  composeRenderProps,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components'
import * as styles from './Select.css'
import * as field from '../private/field.css'
import { FieldHelp, FieldLabel, type FieldProps } from '../private/Field'
import { cx } from '../private/cx'
import { Icon } from '../Icon'
import { ListBox, ListBoxItem } from '../ListBox'
import { Popover } from '../Popover'

export interface SelectProps<T extends object>
  extends Omit<AriaSelectProps<T>, 'children'>, FieldProps {
  /** Options: SelectItem elements, or a render function over `items`. */
  children: ReactNode | ((item: T) => ReactNode)
  items?: Iterable<T>
  /** @default 'Select an option' */
  placeholder?: string
}

/** A single-choice dropdown; the list closes on choosing (spec §4). */
export function Select<T extends object>({
  label,
  description,
  errorMessage,
  children,
  items,
  className,
  ...props
}: SelectProps<T>) {
  return (
    <AriaSelect {...props} className={composeRenderProps(className, (cls) => cx(field.field, cls))}>
      <FieldLabel>{label}</FieldLabel>
      <AriaButton className={cx(field.control, styles.trigger)}>
        <SelectValue className={styles.value} />
        <Icon name="chevronDown" size="sm" className={styles.chevron} />
      </AriaButton>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover padded={false} className={styles.popover}>
        <ListBox items={items}>{children}</ListBox>
      </Popover>
    </AriaSelect>
  )
}

/** An option of a Select. */
export const SelectItem = ListBoxItem
