import fs from 'node:fs'
import path from 'node:path'
import pino, { type DestinationStream, type Level, type Logger, type StreamEntry } from 'pino'

/** The three files the debug log viewer reads (spec §2): main has everything, errors warn and up. */
export const logFiles = ['main', 'errors', 'audit'] as const
export type LogFile = (typeof logFiles)[number]

export interface Logs {
  /** The application logger; children carry `logger` (module) and `request_id`. */
  logger: Logger
  /** Who did what: sign-in, sign-out and every change. Written to audit.log and main.log. */
  audit: Logger
  dir: string
  /** Flush and close the files (on shutdown, and between tests). */
  close(): void
}

export interface LogOptions {
  dir: string
  level: string
  /** Level echoed to stdout, or 'silent'. */
  stdout: string
}

const baseOptions = {
  messageKey: 'message',
  base: undefined,
  timestamp: () => `,"timestamp":"${new Date().toISOString()}"`,
  formatters: { level: (label: string) => ({ level: label.toUpperCase() }) },
} satisfies pino.LoggerOptions

/** JSON lines with the fields the log viewer shows: timestamp, level, logger, message, request_id. */
export function createLogs(options: LogOptions): Logs {
  fs.mkdirSync(options.dir, { recursive: true })
  // Opened here, synchronously: an asynchronous open could outlive a quick close (and its directory).
  const open = (name: LogFile) =>
    pino.destination({ fd: fs.openSync(path.join(options.dir, `${name}.log`), 'a'), sync: false })
  const main = open('main')
  const errors = open('errors')
  const auditFile = open('audit')
  const streams: StreamEntry[] = [
    { level: options.level as Level, stream: main },
    { level: 'warn', stream: errors },
  ]
  if (options.stdout !== 'silent')
    streams.push({ level: options.stdout as Level, stream: process.stdout })
  // `logger` comes from a mixin, not a child binding: a line that names its own logger (http, db,
  // seed...) then carries one `logger` key, not two.
  const logger = pino(
    { ...baseOptions, level: options.level, mixin: () => ({ logger: 'app' }) },
    pino.multistream(streams),
  )
  const audit = pino(
    { ...baseOptions, level: 'info', mixin: () => ({ logger: 'audit' }) },
    pino.multistream([
      { level: 'info', stream: auditFile },
      { level: 'info', stream: main },
    ]),
  )
  const files: DestinationStream[] = [main, errors, auditFile]
  let closed = false
  return {
    logger,
    audit,
    dir: options.dir,
    close() {
      if (closed) return
      closed = true
      for (const file of files as pino.DestinationStream[] as unknown as Array<{
        flushSync(): void
        end(): void
      }>) {
        try {
          file.flushSync()
        } catch {
          // not yet open: nothing to flush
        }
        file.end()
      }
    },
  }
}
