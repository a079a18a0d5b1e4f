/**
 * The console's own logger (spec §9): debug and up in development and test, warn and up elsewhere;
 * structured JSON lines in production; the last 1000 entries kept in memory for the debug log viewer.
 */
export const logLevels = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const
export type LogLevel = (typeof logLevels)[number]

export interface FrontendLogEntry {
  timestamp: string
  level: LogLevel
  logger: string
  message: string
  context?: Record<string, unknown>
}

export const LOG_BUFFER_LIMIT = 1000

export type LogListener = (entry?: FrontendLogEntry) => void

/** Where a level stands: a logger at `min` writes `level` when `levelRank(level) >= levelRank(min)`. */
export const levelRank = (level: LogLevel) => logLevels.indexOf(level)

export interface LoggerOptions {
  environment: string
  /** @default console */
  sink?: Pick<Console, 'debug' | 'info' | 'warn' | 'error'>
  /** @default () => new Date() */
  now?: () => Date
}

export function createLogBuffer({
  environment,
  sink = console,
  now = () => new Date(),
}: LoggerOptions) {
  const minLevel: LogLevel =
    environment === 'development' || environment === 'test' ? 'DEBUG' : 'WARN'
  const structured = environment === 'production'
  let entries: FrontendLogEntry[] = []
  const listeners = new Set<LogListener>()

  function write(
    level: LogLevel,
    logger: string,
    message: string,
    context?: Record<string, unknown>,
  ) {
    if (levelRank(level) < levelRank(minLevel)) return
    const entry: FrontendLogEntry = {
      timestamp: now().toISOString(),
      level,
      logger,
      message,
      context,
    }
    entries = [...entries.slice(-(LOG_BUFFER_LIMIT - 1)), entry]
    const method = level.toLowerCase() as 'debug' | 'info' | 'warn' | 'error'
    if (structured) sink[method](JSON.stringify(entry))
    else sink[method](`[${logger}] ${message}`, ...(context ? [context] : []))
    listeners.forEach((listener) => listener(entry))
  }

  const child = (logger: string) => ({
    debug: (message: string, context?: Record<string, unknown>) =>
      write('DEBUG', logger, message, context),
    info: (message: string, context?: Record<string, unknown>) =>
      write('INFO', logger, message, context),
    warn: (message: string, context?: Record<string, unknown>) =>
      write('WARN', logger, message, context),
    error: (message: string, context?: Record<string, unknown>) =>
      write('ERROR', logger, message, context),
  })

  return {
    minLevel,
    child,
    /** Newest last; a new array after every write, so it works with useSyncExternalStore. */
    entries: () => entries,
    /** Called after every write with the new entry, and with nothing after `clear()`. */
    subscribe(listener: LogListener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear() {
      entries = []
      listeners.forEach((listener) => listener())
    },
  }
}

export type LogBuffer = ReturnType<typeof createLogBuffer>
export type Logger = ReturnType<LogBuffer['child']>
