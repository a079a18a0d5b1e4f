import { listDevicesOptions, queryPolicy } from '~/api'

/** Enough for every device of a tenant in one request; the fleet card counts them all. */
export const FLEET_LIMIT = 500

/**
 * Every device in scope, in one request: the dashboard's fleet card and the reports' device picker
 * read the same cache entry.
 */
export const fleetQuery = () => ({
  ...listDevicesOptions({ query: { limit: FLEET_LIMIT } }),
  ...queryPolicy('realTime'),
})
