import type { ReactNode } from 'react'
import {
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  Separator,
  composeRenderProps,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type MenuSectionProps as AriaMenuSectionProps,
  type PopoverProps,
} from 'react-aria-components'
import * as styles from './Menu.css'
import * as list from '../ListBox/ListBox.css'
import { cx } from '../private/cx'
import { Icon, type IconName } from '../Icon'
import { Popover } from '../Popover'

export interface MenuProps<T extends object> extends AriaMenuProps<T> {
  /** Where the menu opens relative to its trigger. @default 'bottom end' */
  placement?: PopoverProps['placement']
}

/** A list of actions in a popover; put it after the trigger Button inside a MenuTrigger. */
export function Menu<T extends object>({
  placement = 'bottom end',
  className,
  ...props
}: MenuProps<T>) {
  return (
    <Popover placement={placement} padded={false} className={styles.popover}>
      <AriaMenu {...props} className={composeRenderProps(className, (cls) => cx(list.list, cls))} />
    </Popover>
  )
}

/**
 * A menu that stands in its container (an account panel) rather than in a popover of its own:
 * one tab stop, arrows between items, Enter or Space to choose.
 */
export function MenuList<T extends object>({ className, ...props }: AriaMenuProps<T>) {
  return (
    <AriaMenu {...props} className={composeRenderProps(className, (cls) => cx(list.list, cls))} />
  )
}

export interface MenuItemProps<T> extends Omit<AriaMenuItemProps<T>, 'children'> {
  children: ReactNode
  icon?: IconName
  /** Red, for deleting and signing out of things. @default false */
  isDanger?: boolean
}

/**
 * A menu action; `href` makes it a link (Settings), `onAction` a command (Logout). In a section
 * or menu with a `selectionMode` it is a choice, its check mark on the chosen one.
 */
export function MenuItem<T extends object>({
  children,
  icon,
  isDanger = false,
  className,
  ...props
}: MenuItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined)
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue}
      data-danger={isDanger || undefined}
      className={composeRenderProps(className, (cls) => cx(list.item, cls))}
    >
      {({ hasSubmenu, isSelected, selectionMode }) => (
        <>
          {selectionMode !== 'none' && (
            <span className={list.check} aria-hidden="true">
              {isSelected && <Icon name="check" size="sm" />}
            </span>
          )}
          {icon && <Icon name={icon} size="sm" className={styles.icon} />}
          <span className={list.itemText}>{children}</span>
          {hasSubmenu && <Icon name="chevronRight" size="sm" className={styles.submenu} />}
        </>
      )}
    </AriaMenuItem>
  )
}

export interface MenuSectionProps<T> extends Omit<AriaMenuSectionProps<T>, 'children'> {
  /** A heading over the section's items. */
  title?: string
  children: ReactNode
}

/** Items under a heading; with `selectionMode` and `selectedKeys` they are choices (a theme). */
export function MenuSection<T extends object>({ title, children, ...props }: MenuSectionProps<T>) {
  return (
    <AriaMenuSection<T> {...props}>
      {title && <Header className={list.sectionHeader}>{title}</Header>}
      {children}
    </AriaMenuSection>
  )
}

export function MenuSeparator() {
  return <Separator className={list.separator} />
}

export { MenuTrigger, SubmenuTrigger } from 'react-aria-components'
