/** Spec §1/§6: the four roles, upper-cased in the client. */
export const roles = ['DEVELOPER', 'SUPERUSER', 'ADMIN', 'USER'] as const
export type Role = (typeof roles)[number]

/** Elevated users can scope the whole application to one group or to all groups. */
export const isElevated = (role: Role) => role === 'DEVELOPER' || role === 'SUPERUSER'

/** Spec §6, one table: which roles open which area. */
export const areaRoles = {
  dashboard: roles,
  devices: roles,
  reports: roles,
  notifications: roles,
  registerDevice: ['DEVELOPER', 'SUPERUSER', 'ADMIN'],
  users: ['DEVELOPER', 'SUPERUSER', 'ADMIN'],
  settings: ['DEVELOPER', 'SUPERUSER'],
  debug: ['DEVELOPER'],
} as const satisfies Record<string, readonly Role[]>

export type Area = keyof typeof areaRoles

/** What the console calls each area: the sidebar's words, and a guard's when it refuses one. */
export const areaLabels: Record<Area, string> = {
  dashboard: 'Dashboard',
  devices: 'Devices',
  reports: 'Reports',
  notifications: 'Notifications',
  registerDevice: 'Register Device',
  users: 'Users & Groups',
  settings: 'Settings',
  debug: 'Debug',
}

export const canAccess = (role: Role, area: Area) =>
  (areaRoles[area] as readonly Role[]).includes(role)

/** Server roles arrive lower-case; anything outside the four is refused (spec §5). */
export function parseRole(value: unknown): Role {
  const role = typeof value === 'string' ? value.toUpperCase() : ''
  if (!(roles as readonly string[]).includes(role)) {
    throw new Error(`Invalid role received from API: ${String(value)}`)
  }
  return role as Role
}
