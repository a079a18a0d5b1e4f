import type { IconName } from '../../ui'
import { canAccess, type Area, type Role } from '../auth/roles'

/** Spec §3 'Navigation item': key, label, icon, route. */
export interface NavigationItem {
  key: Area
  label: string
  icon: IconName
  route: string
  /** Register Device and Settings exist but stay out of the sidebar (spec §2). */
  hidden?: boolean
}

export const navigationItems: readonly NavigationItem[] = [
  { key: 'dashboard', label: 'Dashboard', icon: 'dashboard', route: '/dashboard' },
  { key: 'devices', label: 'Devices', icon: 'devices', route: '/devices' },
  { key: 'reports', label: 'Reports', icon: 'reports', route: '/reports' },
  { key: 'notifications', label: 'Notifications', icon: 'bell', route: '/notifications' },
  { key: 'users', label: 'Users & Groups', icon: 'users', route: '/users' },
  { key: 'debug', label: 'Debug', icon: 'debug', route: '/debug' },
  {
    key: 'registerDevice',
    label: 'Register Device',
    icon: 'plus',
    route: '/register-device',
    hidden: true,
  },
  { key: 'settings', label: 'Settings', icon: 'settings', route: '/settings', hidden: true },
]

/** The sidebar of a role: visible items the role may open (spec §2, §6). */
export const sidebarItems = (role: Role) =>
  navigationItems.filter((item) => !item.hidden && canAccess(role, item.key))
