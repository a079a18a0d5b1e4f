import {
  getDeviceOptions,
  listDeviceAttachmentsOptions,
  listDevicesOptions,
  queryPolicy,
} from '~/api'
import { listQuery, type DevicesSearch } from './device-list'

/*
 * The queries device routes warm in their loaders. Kept apart from the pages so a loader does not
 * pull a page's components into the first download.
 */

/** The device query every device page shares. */
export const deviceQuery = (deviceId: string) => ({
  ...getDeviceOptions({ path: { id: deviceId } }),
  ...queryPolicy('realTime'),
})

/**
 * Options of the list query for a set of search parameters; today's figures are cut at midnight
 * in `timeZone`, the user's calendar, as on the device's own page (issue 20).
 */
export const deviceListQuery = (search: DevicesSearch, timeZone: string) => ({
  ...listDevicesOptions({ query: { ...listQuery(search), timezone: timeZone } }),
  ...queryPolicy('realTime'),
})

/** A device's manual readings with their photos. */
export const attachmentsQuery = (deviceId: string) => ({
  ...listDeviceAttachmentsOptions({ path: { id: deviceId } }),
  ...queryPolicy('regular'),
})
