import type { LogEntry, LogLevel } from '~/api/__generated__/types.gen.ts'

export const LEVELS: readonly LogLevel[] = ['DEBUG', 'INFO', 'WARN', 'ERROR']

/**
 * A line's level as an index into LEVELS, or -1: pino labels (trace shows as DEBUG, fatal as
 * ERROR, per the contract) and pino's numbers, for lines written without our formatter.
 */
export function levelRank(value: unknown): number {
  if (typeof value === 'number') return value < 30 ? 0 : value < 40 ? 1 : value < 50 ? 2 : 3
  switch (typeof value === 'string' ? value.toUpperCase() : '') {
    case 'TRACE':
    case 'DEBUG':
      return 0
    case 'INFO':
      return 1
    case 'WARN':
    case 'WARNING':
      return 2
    case 'ERROR':
    case 'FATAL':
      return 3
    default:
      return -1
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : null)
const integer = (v: unknown) => (Number.isInteger(v) ? (v as number) : null)
const duration = (v: unknown) => (typeof v === 'number' && v >= 0 ? v : null)

/** Fields a line may carry that become LogEntry fields (when of the right type). */
const FIELDS = {
  request_id: text,
  user_id: text,
  method: text,
  endpoint: text,
  status_code: integer,
  duration_ms: duration,
} as const

/**
 * A parsed JSON line as the contract's LogEntry, or null for a line that is not a log entry.
 * The request log writes `status`; everything not taken becomes `context`.
 */
export function toEntry(line: unknown): LogEntry | null {
  if (!line || typeof line !== 'object' || Array.isArray(line)) return null
  const { level, timestamp, logger, message, msg, ...rest } = line as Record<string, unknown>
  const rank = levelRank(level)
  const time = typeof timestamp === 'string' ? Date.parse(timestamp) : NaN
  if (rank < 0 || Number.isNaN(time)) return null
  if (rest.status_code === undefined && Number.isInteger(rest.status)) {
    rest.status_code = rest.status
    delete rest.status
  }
  const entry: LogEntry = {
    timestamp: new Date(time).toISOString(),
    level: LEVELS[rank]!,
    logger: typeof logger === 'string' ? logger : 'app',
    message: typeof message === 'string' ? message : typeof msg === 'string' ? msg : '',
    request_id: null,
    user_id: null,
    method: null,
    endpoint: null,
    status_code: null,
    duration_ms: null,
    context: null,
  }
  for (const [key, take] of Object.entries(FIELDS)) {
    const value = take(rest[key])
    if (value === null) continue
    ;(entry as Record<string, unknown>)[key] = value
    delete rest[key]
  }
  entry.context = Object.keys(rest).length > 0 ? rest : null
  return entry
}

/** What `search` looks in (lower case): the message, logger, request fields and context. */
export function searchText(entry: LogEntry): string {
  return [
    entry.message,
    entry.logger,
    entry.request_id,
    entry.user_id,
    entry.method,
    entry.endpoint,
    entry.context && JSON.stringify(entry.context),
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase()
}
