import { Link } from '@tanstack/react-router'
import { Icon } from '../../ui'
import * as styles from './shell.css'

/** Where the notification bell sits; the notifications feature replaces this with its popover. */
export function NotificationBellSlot() {
  return (
    <Link to="/notifications" className={styles.menuLink} aria-label="Notifications">
      <Icon name="bell" />
    </Link>
  )
}
