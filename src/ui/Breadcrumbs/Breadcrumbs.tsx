import {
  Breadcrumb as AriaBreadcrumb,
  Breadcrumbs as AriaBreadcrumbs,
  composeRenderProps,
  type BreadcrumbProps,
  type BreadcrumbsProps,
} from 'react-aria-components'
import { cx } from '../private/cx'
import * as styles from './Breadcrumbs.css'

/**
 * The way back up from where the user is (a drilled-in window, a nested page): a list of
 * `Breadcrumb`s, each a `Link` but the last, which is the page itself. Put it in a `nav` named
 * 'Breadcrumbs'.
 */
export function Breadcrumbs<T extends object>({ className, ...props }: BreadcrumbsProps<T>) {
  return <AriaBreadcrumbs {...props} className={cx(styles.list, className)} />
}

/** One crumb; its children may be a function of `{ isCurrent }` (the last crumb). */
export function Breadcrumb({ className, ...props }: BreadcrumbProps) {
  return (
    <AriaBreadcrumb
      {...props}
      className={composeRenderProps(className, (cls) => cx(styles.crumb, cls))}
    />
  )
}
