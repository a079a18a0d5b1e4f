import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState, useSyncExternalStore } from 'react'
import { getLogs, normalizeError } from '~/api'
import { downloadText } from '~/lib/download'
import { Box, Button, Checkbox, Icon, Inline, Pagination, Stack } from '~/ui'
import { useAppServices } from '../shared/use-app-services'
import { LogFilterBar } from './LogFilterBar'
import { LogList } from './LogList'
import { collectLogs, type LogQuery } from './log-download'
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
  serverLogQuery,
  type LogFilters,
  type LogSourceKind,
  type ViewerEntry,
} from './log-filters'
import * as styles from './debug.css'
import { formatNumber } from '~/lib/format'

interface SourceView {
  entries: readonly ViewerEntry[]
  total: number
  loggers: readonly string[]
  isLoading: boolean
  isError: boolean
  isFetching: boolean
  refetch: () => void
  /** Every entry the filters match (bounded), for Download. */
  collect: () => Promise<{ entries: readonly ViewerEntry[]; total: number }>
}

const fetchLogPage = async (query: LogQuery) => (await getLogs({ query, throwOnError: true })).data

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
    collect: () => collectLogs(fetchLogPage, serverLogQuery(source, filters, 1, pageSize)),
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
    collect: () => Promise.resolve({ entries: matching, total: matching.length }),
  }
}

/** Download: the whole filtered set as a text file, saying so when the bound cut it. */
function useDownload(view: SourceView, name: () => string) {
  const { feedback } = useAppServices()
  const [isPending, setPending] = useState(false)
  const download = async () => {
    setPending(true)
    try {
      const { entries, total } = await view.collect()
      downloadText(formatLogsAsText(entries), name(), 'text/plain;charset=utf-8')
      if (entries.length < total) {
        feedback.push({
          severity: 'info',
          title: 'Download cut to the newest lines',
          message: `The file holds the newest ${formatNumber(entries.length)} of ${formatNumber(total)} matching lines. Narrow the filters to get the rest.`,
        })
      }
    } catch (error) {
      const { message, detail } = normalizeError(error, 'The logs could not be downloaded')
      feedback.push({ title: 'Download failed', message, detail, severity: 'error' })
    } finally {
      setPending(false)
    }
  }
  return { download, isPending }
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
  const download = useDownload(view, () => logFileName(source, filters.file, new Date()))

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
    <Stack space="lg">
      <LogFilterBar
        source={source}
        onSourceChange={changeSource}
        filters={filters}
        onFiltersChange={changeFilters}
        loggers={view.loggers}
      />
      <Inline space="sm" alignY="center">
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
          <Box
            as="span"
            display="inline-flex"
            alignItems="center"
            gap="xs"
            fontSize="sm"
            color="muted"
          >
            Request {filters.requestId}
            <Button variant="ghost" size="sm" onPress={() => changeFilters({ requestId: null })}>
              <Icon name="close" size="sm" /> Show all requests
            </Button>
          </Box>
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
          isPending={download.isPending}
          onPress={() => void download.download()}
        >
          <Icon name="download" size="sm" /> Download
        </Button>
      </Inline>
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
    </Stack>
  )
}
