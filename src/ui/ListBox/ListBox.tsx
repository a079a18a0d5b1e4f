import type { ReactNode } from 'react'
import {
  ListBox as AriaListBox,
  ListBoxItem as AriaListBoxItem,
  Text,
  composeRenderProps,
  type ListBoxItemProps as AriaListBoxItemProps,
  type ListBoxProps as AriaListBoxProps,
} from 'react-aria-components'
import * as styles from './ListBox.css'
import { cx } from '../private/cx'
import { Icon } from '../Icon'

/** A list of selectable options (used inside Select; usable alone for a pick list). */
export function ListBox<T extends object>({ className, ...props }: AriaListBoxProps<T>) {
  return (
    <AriaListBox
      {...props}
      className={composeRenderProps(className, (cls) => cx(styles.list, cls))}
    />
  )
}

export interface ListBoxItemProps<T> extends Omit<AriaListBoxItemProps<T>, 'children'> {
  children: ReactNode
  /** A second, muted line (a device's serial number and location). */
  description?: ReactNode
}

/** One option; shows a check mark when selected. `textValue` is needed when children are not plain text. */
export function ListBoxItem<T extends object>({
  children,
  description,
  className,
  ...props
}: ListBoxItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined)
  return (
    <AriaListBoxItem
      {...props}
      textValue={textValue}
      className={composeRenderProps(className, (cls) => cx(styles.item, cls))}
    >
      {({ isSelected }) => (
        <>
          <span className={styles.check} aria-hidden="true">
            {isSelected && <Icon name="check" size="sm" />}
          </span>
          {/* The description stays inside the label: axe wants all visible text in the option's name. */}
          <Text slot="label" className={styles.itemText}>
            <span>{children}</span>
            {description && <span className={styles.itemDescription}>{description}</span>}
          </Text>
        </>
      )}
    </AriaListBoxItem>
  )
}
