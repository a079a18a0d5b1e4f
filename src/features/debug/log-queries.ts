import { getLogsOptions } from '~/api'
import {
  DEFAULT_LOG_PAGE_SIZE,
  defaultLogFilters,
  serverLogQuery,
  type LogFilters,
  type LogSourceKind,
} from './log-filters'

/** One page of a server log file, or of the frontend log every console ships to the server. */
export const serverLogsOptions = (
  source: LogSourceKind,
  filters: LogFilters,
  page: number,
  pageSize: number,
) => getLogsOptions({ query: serverLogQuery(source, filters, page, pageSize) })

/** What the route warms: the first page of the `main` file, as the viewer first shows it. */
export const backendLogsOptions = () =>
  serverLogsOptions('backend', defaultLogFilters, 1, DEFAULT_LOG_PAGE_SIZE)
