import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState, useSyncExternalStore } from 'react'
import { Button, Checkbox, Icon, Pagination } from '../../ui'
import { useAppServices } from '../shell/use-app-services'
import { LogFilterBar } from './LogFilterBar'
import { LogList } from './LogList'
import { serverLogsOptions } from './log-queries'
import {
  AUTO_REFRESH_MS,
  DEFAULT_LOG_PAGE_SIZE,
  clampPage,
  defaultLogFilters,
  distinctLoggers,
  filterFrontendEntries,
  formatLogsAsText,
  logFileName,
  logPageSizes,
  type LogFilters,
  type LogSourceKind,
  type ViewerEntry,
} from './log-filters'
import * as styles from './debug.css'

/** Saves the shown lines as a .txt file through a temporary link. */
function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  link.click()
  URL.revokeObjectURL(url)
}

interface SourceView {
  entries: readonly ViewerEntry[]
  total: number
  loggers: readonly string[]
  isLoading: boolean
  isError: boolean
  isFetching: boolean
  refetch: () => void
}

/** One page of a server log: the chosen backend file, or the frontend log of every session. */
function useServerLogs(
  source: LogSourceKind,
  active: boolean,
  filters: LogFilters,
  page: number,
  pageSize: number,
  autoRefresh: boolean,
): SourceView {
  const logs = useQuery({
    ...serverLogsOptions(source, filters, page, pageSize),
    enabled: active,
    // Lines stay on screen while the next page or filter loads; the viewer shows its own error.
    placeholderData: keepPreviousData,
    refetchInterval: active && autoRefresh ? AUTO_REFRESH_MS : false,
    staleTime: 0,
    meta: { silent: true },
  })
  return {
    entries: logs.data?.entries ?? [],
    total: logs.data?.filtered_count ?? 0,
    loggers: logs.data?.loggers ?? [],
    isLoading: logs.isPending,
    isError: logs.isError,
    isFetching: logs.isFetching,
    refetch: () => void logs.refetch(),
  }
}

/** This browser's in-memory log (spec §9: the last 1000 entries), live, including lines not yet shipped. */
function useBrowserLogs(filters: LogFilters, page: number, pageSize: number): SourceView {
  const { logs } = useAppServices()
  const all = useSyncExternalStore(logs.subscribe, logs.entries)
  const matching = filterFrontendEntries(all, filters)
  const start = (clampPage(page, matching.length, pageSize) - 1) * pageSize
  return {
    entries: matching.slice(start, start + pageSize),
    total: matching.length,
    loggers: distinctLoggers(all),
    isLoading: false,
    isError: false,
    isFetching: false,
    refetch: () => {},
  }
}

/**
 * Spec §2 'Debug: log viewer': the server's log files, or the console's own log — every session's,
 * as shipped to the server, or this browser's in-memory buffer — filtered and paged.
 */
export function LogViewer() {
  const [source, setSource] = useState<LogSourceKind>('backend')
  const [filters, setFilters] = useState<LogFilters>(defaultLogFilters)
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(DEFAULT_LOG_PAGE_SIZE)
  const [autoRefresh, setAutoRefresh] = useState(false)
  const [browserOnly, setBrowserOnly] = useState(false)
  const fromServer = source === 'backend' || !browserOnly
  const server = useServerLogs(source, fromServer, filters, page, pageSize, autoRefresh)
  const browser = useBrowserLogs(filters, page, pageSize)
  const view = fromServer ? server : browser

  // Spec §4: any filter change goes back to the first page.
  const changeFilters = (patch: Partial<LogFilters>) => {
    setFilters((current) => ({ ...current, ...patch }))
    setPage(1)
  }
  const changeSource = (next: LogSourceKind) => {
    setSource(next)
    setFilters(defaultLogFilters)
    setPage(1)
  }

  return (
    <div className={styles.stack}>
      <LogFilterBar
        source={source}
        onSourceChange={changeSource}
        filters={filters}
        onFiltersChange={changeFilters}
        loggers={view.loggers}
      />
      <div className={styles.actions}>
        {source === 'frontend' && (
          <Checkbox
            isSelected={browserOnly}
            onChange={(only) => {
              setBrowserOnly(only)
              setPage(1)
            }}
          >
            This browser only
          </Checkbox>
        )}
        {fromServer && (
          <Checkbox isSelected={autoRefresh} onChange={setAutoRefresh}>
            Auto-refresh
          </Checkbox>
        )}
        {filters.requestId && (
          <span className={styles.chip}>
            Request {filters.requestId}
            <Button variant="ghost" size="sm" onPress={() => changeFilters({ requestId: null })}>
              <Icon name="close" size="sm" /> Show all requests
            </Button>
          </span>
        )}
        <span className={styles.spacer} />
        {fromServer && (
          <Button
            intent="toolbarAction"
            onPress={view.refetch}
            isPending={view.isFetching && !view.isLoading}
          >
            <Icon name="refresh" size="sm" /> Refresh
          </Button>
        )}
        <Button
          intent="toolbarAction"
          isDisabled={view.entries.length === 0}
          onPress={() =>
            downloadText(
              logFileName(source, filters.file, new Date()),
              formatLogsAsText(view.entries),
            )
          }
        >
          <Icon name="download" size="sm" /> Download
        </Button>
      </div>
      <LogList
        entries={view.entries}
        isLoading={view.isLoading}
        isError={view.isError}
        onRequestSelect={
          source === 'backend' ? (requestId) => changeFilters({ requestId }) : undefined
        }
      />
      <Pagination
        aria-label="Log pages"
        page={clampPage(page, view.total, pageSize)}
        pageSize={pageSize}
        total={view.total}
        pageSizeOptions={logPageSizes}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size)
          setPage(1)
        }}
      />
    </div>
  )
}
