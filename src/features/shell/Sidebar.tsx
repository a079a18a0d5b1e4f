import { Link } from '@tanstack/react-router'
import { Icon, Stack, navLinkClassName } from '~/ui'
import type { SessionUser } from '../auth/session'
import { sidebarItems } from './navigation'
import * as styles from './shell.css'

export interface SidebarProps {
  user: SessionUser | null
  /** Called when an item is chosen (the mobile drawer closes then). */
  onNavigate?: () => void
}

/** Spec §2: the navigation; renders nothing without a signed-in user. */
export function Sidebar({ user, onNavigate }: SidebarProps) {
  if (!user) return null
  return (
    <nav aria-label="Main">
      <Stack as="ul" space="xxs" className={styles.navList}>
        {sidebarItems(user.role).map((item) => (
          <li key={item.key}>
            <Link
              to={item.route}
              className={navLinkClassName}
              // Fuzzy matching is spec §2's rule: the route itself or anything below route + '/'.
              activeOptions={{ exact: false, includeSearch: false }}
              onClick={onNavigate}
            >
              <Icon name={item.icon} size="sm" />
              {item.label}
            </Link>
          </li>
        ))}
      </Stack>
    </nav>
  )
}
