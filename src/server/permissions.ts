import type { RouteHandlers } from '../api/__generated__/fastify.gen.ts'
import type { Role } from './db/database.ts'

export type OperationId = keyof RouteHandlers

/**
 * Who may call an operation: anyone (it authenticates itself), a device with its own token
 * (and nobody else), or people and API keys of these roles.
 */
export type Rule = 'public' | 'device' | readonly Role[]

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
  // a group's billing cycle, tariffs and emission factors: read by everyone in it (bills), set by admins
  getGroupEnergySettings: ALL,
  updateGroupEnergySettings: MANAGERS,
  // what a change would re-price: asked by whoever may make it (the handler checks the group)
  previewGroupEnergySettings: MANAGERS,
  createTenant: ELEVATED,
  // the live event stream (what each caller sees is its scope's)
  streamEvents: ALL,
  // devices
  listDeviceModels: ALL,
  listDevices: ALL,
  getDevice: ALL,
  createDevice: MANAGERS,
  createDevicesBatch: MANAGERS,
  updateDevice: MANAGERS,
  deleteDevice: MANAGERS,
  createDeviceCredentials: MANAGERS,
  deleteDeviceCredentials: MANAGERS,
  listDeviceStatus: ALL,
  getDeviceStatusSummary: ALL,
  // readings
  bulkPushReadings: MANAGERS,
  // a device pushes its own readings with its token; nobody else calls it
  ingestDeviceReadings: 'device',
  createManualReading: ALL,
  getReading: ALL,
  listDeviceReadings: ALL,
  getLatestDeviceReading: ALL,
  // device ingest over MQTT: connect instructions for managers; the broker's callbacks carry
  // the shared secret MQTT_AUTH_SECRET instead of a session (checked in the handlers)
  getDeviceConnection: MANAGERS,
  authenticateMqttClient: 'public',
  authorizeMqttClient: 'public',
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
  getCumulativeConsumptionThisBill: ALL,
  getCumulativeConsumptionLastBill: ALL,
  getCumulativeConsumptionBillYearAgo: ALL,
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
  // alarms: everyone in the group sees, acknowledges, clears and snoozes them
  listAlarms: ALL,
  getAlarm: ALL,
  acknowledgeAlarm: ALL,
  clearAlarm: ALL,
  listRuleSnoozes: ALL,
  snoozeRule: ALL,
  endRuleSnooze: ALL,
  // channels: listed by everyone (rule dialogs name them), managed by admins and above
  listNotificationChannels: ALL,
  getNotificationChannel: ALL,
  createNotificationChannel: MANAGERS,
  updateNotificationChannel: MANAGERS,
  deleteNotificationChannel: MANAGERS,
  testNotificationChannel: MANAGERS,
  listChannelDeliveries: MANAGERS,
  deleteNotificationRule: MANAGERS,
  // API keys (service accounts)
  listApiKeys: MANAGERS,
  createApiKey: MANAGERS,
  deleteApiKey: MANAGERS,
  // debug
  getLogs: ELEVATED,
  getSystemInfo: ELEVATED,
  // the server's notices (the embedded database past its capacity...), for admins and above
  getServerStatus: MANAGERS,
  postFrontendLogs: ALL,
}

/**
 * What only a person may do, whatever the role: an API key acts for its creator, and a leaked key
 * must not reach the creator's sign-in.
 */
export const PERSON_ONLY: ReadonlySet<OperationId> = new Set(['changePassword'])

/** Only developers may ask for a profile (`profile=true`). */
export const PROFILE_ROLES: readonly Role[] = ['developer']

/** Whether a person or API key of `role` may call an operation of `rule`. */
export function isAllowed(rule: Rule, role: Role | undefined): boolean {
  if (rule === 'public') return true
  if (rule === 'device') return false
  return role !== undefined && rule.includes(role)
}
