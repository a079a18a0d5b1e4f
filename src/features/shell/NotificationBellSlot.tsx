import { NotificationBell } from '../notifications/NotificationBell'

/** Where the notification bell sits in the top bar (spec §2 'Notification bell popover'). */
export function NotificationBellSlot() {
  return <NotificationBell />
}
