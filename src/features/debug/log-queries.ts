import { getLogsOptions } from '../../api'
import {
  DEFAULT_LOG_PAGE_SIZE,
  backendLogQuery,
  defaultLogFilters,
  type LogFilters,
} from './log-filters'

/** One page of a server log file; the route warms the first page of `main` with it. */
export const backendLogsOptions = (
  filters: LogFilters = defaultLogFilters,
  page = 1,
  pageSize = DEFAULT_LOG_PAGE_SIZE,
) => getLogsOptions({ query: backendLogQuery(filters, page, pageSize) })
