/** The only place app code imports API things from (DESIGN 'Client'). */
export * from './__generated__/sdk.gen'
export * from './__generated__/@tanstack/react-query.gen'
export type * from './__generated__/types.gen'
export * as schemas from './__generated__/zod.gen'
export {
  client,
  configureApiClient,
  skipAuthRedirect,
  GROUP_HEADER,
  REQUEST_ID_HEADER,
  type RefreshOutcome,
} from './client'
export {
  ApiError,
  normalizeError,
  formatDetail,
  errorStatus,
  isNotFound,
  type NormalizedError,
} from './errors'
export { toFormErrors, type FormErrors, type FormErrorOptions } from './form-errors'
export {
  invalidate,
  forget,
  cancel,
  type QueryOperation,
  type KeyParams,
  type CacheScope,
} from './cache'
export {
  LIVE_STALENESS,
  type Staleness,
  type StalenessTable,
  type DeviceOperation,
} from './live-staleness'
export type { LiveEvents, LiveEventName } from '../common/live-events'
export {
  createQueryClient,
  queryPolicy,
  staleness,
  priority,
  retryDelay,
  type StalenessProfile,
  type PriorityClass,
} from './query-client'
