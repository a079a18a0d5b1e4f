import type { IconName } from '~/ui'
import { areaLabels, canAccess, type Area, type Role } from '../auth/roles'

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
  { key: 'dashboard', label: areaLabels.dashboard, icon: 'dashboard', route: '/dashboard' },
  { key: 'devices', label: areaLabels.devices, icon: 'devices', route: '/devices' },
  { key: 'reports', label: areaLabels.reports, icon: 'reports', route: '/reports' },
  { key: 'notifications', label: areaLabels.notifications, icon: 'bell', route: '/notifications' },
  { key: 'users', label: areaLabels.users, icon: 'users', route: '/users' },
  { key: 'debug', label: areaLabels.debug, icon: 'debug', route: '/debug' },
  {
    key: 'registerDevice',
    label: areaLabels.registerDevice,
    icon: 'plus',
    route: '/register-device',
    hidden: true,
  },
  {
    key: 'settings',
    label: areaLabels.settings,
    icon: 'settings',
    route: '/settings',
    hidden: true,
  },
]

/** The sidebar of a role: visible items the role may open (spec §2, §6). */
export const sidebarItems = (role: Role) =>
  navigationItems.filter((item) => !item.hidden && canAccess(role, item.key))
