/**
 * The log viewer's filters (spec §2 'Debug: log viewer', §4, §5, §9): what the getLogs query sends
 * (a server file, or the frontend log the console ships), the same filters applied to this
 * browser's in-memory log, and the text a download holds.
 */
import type { GetLogsData, LogEntry, LogLevel, LogSource } from '~/api'
import type { FrontendLogEntry } from '~/lib/logger'

export const logSources = ['backend', 'frontend'] as const
export type LogSourceKind = (typeof logSources)[number]
export const logFiles = ['main', 'errors', 'audit'] as const
export type LogFile = (typeof logFiles)[number]
export const levelOptions = ['all', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const
export type LevelOption = (typeof levelOptions)[number]
export const logPageSizes = [50, 100, 200, 500] as const
export const DEFAULT_LOG_PAGE_SIZE = 100
export const AUTO_REFRESH_MS = 5000

export interface LogFilters {
  file: LogFile
  level: LevelOption
  search: string
  /** A logger (module) name, or null for all. */
  logger: string | null
  /** ISO instants, or null. */
  after: string | null
  before: string | null
  /** Lines of one request only (a clicked request id), or null. */
  requestId: string | null
}

export const defaultLogFilters: LogFilters = {
  file: 'main',
  level: 'all',
  search: '',
  logger: null,
  after: null,
  before: null,
  requestId: null,
}

/** One line of either source, as the list shows it. */
export type ViewerEntry = Pick<LogEntry, 'timestamp' | 'level' | 'logger' | 'message'> &
  Partial<
    Pick<LogEntry, 'request_id' | 'user_id' | 'method' | 'endpoint' | 'status_code' | 'duration_ms'>
  > & {
    context?: Record<string, unknown> | null
  }

/** Spec §5: filter dates go out as ISO timestamps, whatever form the field held them in. */
export function toIsoTimestamp(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** The log file a source reads: the chosen server file, or the shipped frontend log. */
export const logSourceFile = (source: LogSourceKind, filters: LogFilters): LogSource =>
  source === 'backend' ? filters.file : 'frontend'

/** The getLogs query of one page: a chosen request narrows by its id, alongside any search. */
export function serverLogQuery(
  source: LogSourceKind,
  filters: LogFilters,
  page: number,
  pageSize: number,
): NonNullable<GetLogsData['query']> {
  const search = filters.search.trim()
  return {
    source: logSourceFile(source, filters),
    limit: pageSize,
    offset: (Math.max(1, page) - 1) * pageSize,
    ...(filters.level !== 'all' && { level: filters.level }),
    ...(search && { search }),
    ...(filters.requestId && { request_id: filters.requestId }),
    ...(filters.logger && { logger: filters.logger }),
    ...(toIsoTimestamp(filters.after) && { after: toIsoTimestamp(filters.after) }),
    ...(toIsoTimestamp(filters.before) && { before: toIsoTimestamp(filters.before) }),
  }
}

const levelRank: Record<LogLevel, number> = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3 }

/** As the server does: a level means that level and above; search is case-insensitive over message and context. */
export function filterFrontendEntries(
  entries: readonly FrontendLogEntry[],
  filters: LogFilters,
): FrontendLogEntry[] {
  const needle = filters.search.trim().toLowerCase()
  const after = filters.after ? Date.parse(filters.after) : null
  const before = filters.before ? Date.parse(filters.before) : null
  return entries
    .filter((entry) => {
      if (filters.level !== 'all' && levelRank[entry.level] < levelRank[filters.level]) return false
      if (filters.logger && entry.logger !== filters.logger) return false
      const time = Date.parse(entry.timestamp)
      if (after !== null && time < after) return false
      if (before !== null && time >= before) return false
      if (!needle) return true
      const haystack =
        `${entry.message} ${entry.context ? JSON.stringify(entry.context) : ''}`.toLowerCase()
      return haystack.includes(needle)
    })
    .reverse() // the buffer keeps newest last; the viewer shows newest first, like the server
}

export const distinctLoggers = (entries: readonly { logger: string }[]) =>
  [...new Set(entries.map((e) => e.logger))].sort()

/** Page numbers clamp to what exists, so a shrinking result never shows an empty page past the end. */
export function clampPage(page: number, total: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  return Math.min(Math.max(1, page), pageCount)
}

const CONTEXT_SUMMARY_MAX = 240

/** A line's context as `key=value` pairs, cut to one screen line's worth ('raised=0 ms=17'). */
export function contextSummary(context: ViewerEntry['context']): string {
  if (!context) return ''
  const text = Object.entries(context)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ')
  return text.length > CONTEXT_SUMMARY_MAX ? `${text.slice(0, CONTEXT_SUMMARY_MAX - 1)}…` : text
}

/** The request fields a row shows beside its message, leaving out what the message already says. */
export function requestSummary(entry: ViewerEntry): string {
  return [
    entry.method,
    entry.endpoint,
    entry.status_code,
    entry.duration_ms != null ? `${entry.duration_ms} ms` : null,
  ]
    .filter((part) => part != null && !entry.message.includes(String(part)))
    .join(' ')
}

/** One line per entry: `time LEVEL [logger] message (method endpoint status ms) request=id`. */
export function formatLogLine(entry: ViewerEntry): string {
  const http = [
    entry.method,
    entry.endpoint,
    entry.status_code,
    entry.duration_ms != null ? `${entry.duration_ms}ms` : null,
  ]
    .filter((part) => part !== null && part !== undefined)
    .join(' ')
  const parts = [entry.timestamp, entry.level.padEnd(5), `[${entry.logger}]`, entry.message]
  if (http) parts.push(`(${http})`)
  if (entry.request_id) parts.push(`request=${entry.request_id}`)
  if (entry.context && Object.keys(entry.context).length > 0)
    parts.push(JSON.stringify(entry.context))
  return parts.join(' ')
}

export const formatLogsAsText = (entries: readonly ViewerEntry[]) =>
  entries.map(formatLogLine).join('\n') + '\n'

/** 'logs-backend-main-2026-11-22T10-00-00.txt': sortable, and safe on every file system. */
export const logFileName = (source: LogSourceKind, file: LogFile, now: Date) =>
  `logs-${source === 'backend' ? `backend-${file}` : 'frontend'}-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.txt`
