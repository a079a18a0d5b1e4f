import type { RouteHandlers } from '../../api/__generated__/fastify.gen.ts'
import { notImplemented } from '../lib/http-errors.ts'
import type { OperationId } from '../permissions.ts'

/**
 * Operations of the contract that arrive with the next release (readings out, consumption,
 * reports, notifications, rules, debug): registered so the routes, validation and permissions
 * exist, answering 501 until their handlers replace these.
 */
export const pendingOperations = [
  'createManualReading',
  'getReading',
  'listDeviceReadings',
  'getLatestDeviceReading',
  'listDeviceMeasurements',
  'listDeviceAttachments',
  'getAttachmentContent',
  'listDeviceStatus',
  'getDeviceStatusSummary',
  'getEnergyReport',
  'getEnergyReportCsv',
  'listNotifications',
  'getUnreadNotificationCount',
  'markNotificationRead',
  'markAllNotificationsRead',
  'listNotificationRules',
  'getNotificationRule',
  'createNotificationRule',
  'updateNotificationRule',
  'deactivateNotificationRule',
  'deleteNotificationRule',
  'getLogs',
  'getSystemInfo',
  'postFrontendLogs',
] as const satisfies readonly OperationId[]

type Pending = (typeof pendingOperations)[number]

const answer501 = async () => {
  throw notImplemented()
}

export const pendingHandlers = Object.fromEntries(
  pendingOperations.map((id) => [id, answer501]),
) as unknown as Pick<RouteHandlers, Pending>
