import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  composeRenderProps,
  type TabListProps as AriaTabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components'
import * as styles from './Tabs.css'
import { cx } from '../private/cx'

export const tabListVariants = ['underline', 'pills'] as const

/** Tabs: a TabList of Tab, then one TabPanel per tab id. Control with selectedKey/onSelectionChange to sync the URL. */
export function Tabs({ className, ...props }: TabsProps) {
  return (
    <AriaTabs {...props} className={composeRenderProps(className, (cls) => cx(styles.tabs, cls))} />
  )
}

export interface TabListProps<T> extends AriaTabListProps<T> {
  /** @default 'underline' */
  variant?: (typeof tabListVariants)[number]
}

export function TabList<T extends object>({
  variant = 'underline',
  className,
  ...props
}: TabListProps<T>) {
  return (
    <AriaTabList
      {...props}
      data-variant={variant}
      className={composeRenderProps(className, (cls) => cx(styles.list({ variant }), cls))}
    />
  )
}

export function Tab({ className, ...props }: TabProps) {
  return (
    <AriaTab {...props} className={composeRenderProps(className, (cls) => cx(styles.tab, cls))} />
  )
}

export function TabPanel({ className, ...props }: TabPanelProps) {
  return (
    <AriaTabPanel
      {...props}
      className={composeRenderProps(className, (cls) => cx(styles.panel, cls))}
    />
  )
}
