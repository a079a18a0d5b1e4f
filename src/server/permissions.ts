import type { RouteHandlers } from '../api/__generated__/fastify.gen.ts'
import type { Role } from './db/database.ts'

export type OperationId = keyof RouteHandlers

/** Who may call an operation: anyone (it authenticates itself), or signed-in users of these roles. */
export type Rule = 'public' | readonly Role[]

const ALL: readonly Role[] = ['developer', 'superuser', 'admin', 'user']
/** Register devices, push readings, manage users, groups and rules (spec §6). */
const MANAGERS: readonly Role[] = ['developer', 'superuser', 'admin']
/** Elevated users: every group, tenants, debug tools. */
const ELEVATED: readonly Role[] = ['developer', 'superuser']

/**
 * The one permission table (spec §6), checked for every route before validation. Finer rules
 * that depend on the object (admins only in their own group, only developers create developers,
 * `profile=true` for developers only) are enforced by the handlers and the tenant scope.
 * A test fails when an operation of openapi.yaml has no entry here.
 */
export const permissions: Record<OperationId, Rule> = {
  // auth: login and refresh authenticate themselves; logout works from either cookie
  login: 'public',
  refreshSession: 'public',
  logout: 'public',
  // the signed-in user
  getCurrentUser: ALL,
  changePassword: ALL,
  getPreferences: ALL,
  updatePreferences: ALL,
  // users: getUser allows a user their own id (checked in the handler)
  listUsers: MANAGERS,
  getUser: ALL,
  createUser: MANAGERS,
  updateUser: MANAGERS,
  deleteUser: MANAGERS,
  // groups and tenants
  listGroups: ALL,
  getGroup: ALL,
  createGroup: ELEVATED,
  updateGroup: MANAGERS,
  deleteGroup: ELEVATED,
  listGroupMembers: MANAGERS,
  createTenant: ELEVATED,
  // devices
  listDeviceModels: ALL,
  listDevices: ALL,
  getDevice: ALL,
  createDevice: MANAGERS,
  createDevicesBatch: MANAGERS,
  updateDevice: MANAGERS,
  deleteDevice: MANAGERS,
  listDeviceStatus: ALL,
  getDeviceStatusSummary: ALL,
  // readings
  bulkPushReadings: MANAGERS,
  createManualReading: ALL,
  getReading: ALL,
  listDeviceReadings: ALL,
  getLatestDeviceReading: ALL,
  listDeviceMeasurements: ALL,
  listDeviceAttachments: ALL,
  getAttachmentContent: ALL,
  // consumption and reports
  getCumulativeConsumption: ALL,
  getCumulativeConsumptionToday: ALL,
  getCumulativeConsumptionYesterday: ALL,
  getCumulativeConsumptionThisWeek: ALL,
  getCumulativeConsumptionLastWeek: ALL,
  getCumulativeConsumptionThisMonth: ALL,
  getCumulativeConsumptionLastMonth: ALL,
  getConsumptionIntervals: ALL,
  getConsumptionIntervalsLastMonth: ALL,
  getConsumptionIntervalsToday: ALL,
  getEnergyReport: ALL,
  getEnergyReportCsv: ALL,
  // notifications: the feed is the signed-in user's; rules are managed by admins and above
  listNotifications: ALL,
  getUnreadNotificationCount: ALL,
  markNotificationRead: ALL,
  markAllNotificationsRead: ALL,
  listNotificationRules: ALL,
  getNotificationRule: ALL,
  createNotificationRule: MANAGERS,
  updateNotificationRule: MANAGERS,
  deactivateNotificationRule: MANAGERS,
  deleteNotificationRule: MANAGERS,
  // debug
  getLogs: ELEVATED,
  getSystemInfo: ELEVATED,
  postFrontendLogs: ALL,
}

/** Only developers may ask for a profile (`profile=true`). */
export const PROFILE_ROLES: readonly Role[] = ['developer']

export function isAllowed(rule: Rule, role: Role | undefined): boolean {
  if (rule === 'public') return true
  return role !== undefined && rule.includes(role)
}
