import { Link as AriaLink, composeRenderProps, type LinkProps } from 'react-aria-components'
import { cx } from '../private/cx'
import * as styles from './NavLink.css'

/**
 * A row of a navigation list or an account menu (an icon, then the page's name): muted, tinted on
 * hover, brand-tinted when it is the current page (`aria-current="page"`, which `isCurrent` sets).
 */
export function NavLink({ isCurrent, className, ...props }: LinkProps & { isCurrent?: boolean }) {
  return (
    <AriaLink
      {...props}
      aria-current={isCurrent ? 'page' : undefined}
      className={composeRenderProps(className, (cls) => cx(styles.navLink, cls))}
    />
  )
}

/** `NavLink`'s look for a link the ui cannot render: the router's own `<Link>`, which marks the current page. */
export const navLinkClassName = styles.navLink
