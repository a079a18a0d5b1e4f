import fs from 'node:fs'
import path from 'node:path'
import pino, { type Level, type Logger, type StreamEntry } from 'pino'
import { DEFAULT_LOG_ROTATION, type LogRotation } from './config.ts'

/** The files the debug log viewer reads (spec §2): main has everything, errors warn and up. */
export const logFiles = ['main', 'errors', 'audit'] as const
export type LogFile = (typeof logFiles)[number]
/** The server's files plus `frontend`, where the console's shipped entries go. */
export type LogSource = LogFile | 'frontend'

export interface Logs {
  /** The application logger; children carry `logger` (module) and `request_id`. */
  logger: Logger
  /** Who did what: sign-in, sign-out and every change. Written to audit.log and main.log. */
  audit: Logger
  dir: string
  /**
   * Appends JSON lines (one object each) to frontend.log as `userId`'s, secrets scrubbed; the
   * bytes written, or null (nothing written) once the user has filled their share of the current
   * file (FRONTEND_USER_SHARE).
   */
  writeFrontend(userId: string, lines: readonly Record<string, unknown>[]): number | null
  /** Resolves once every line written so far is in its file (the log viewer reads its own writes). */
  flushed(): Promise<void>
  /** Flush and close the files (on shutdown, and between tests). */
  close(): void
}

export interface LogOptions {
  dir: string
  level: string
  /** Level echoed to stdout, or 'silent'. */
  stdout: string
  /** @default DEFAULT_LOG_ROTATION */
  rotation?: LogRotation
}

/**
 * The part of a frontend.log file one user may fill before the file rotates (at least one batch is
 * written, so a user may pass it by one batch: at most ~2.4 MB). One user alone can therefore
 * never rotate the file, and so never push other users' entries out of the rotated files, however
 * many sessions they open; it takes several users writing at their limit.
 */
export const FRONTEND_USER_SHARE = 0.1

/** The rotated generation `n` of a log: `main.log`, `main.1.log`, `main.2.log`... */
export const logFileName = (source: LogSource, n: number) =>
  n === 0 ? `${source}.log` : `${source}.${n}.log`

// Keys whose values never reach a log line, at any depth: passwords, tokens, cookies, keys.
const SECRET_KEY = /pass(word|wd)|secret|token|cookie|authori[sz]ation|api[-_]?key|credential/i
export const REDACTED = '[REDACTED]'

/**
 * A copy of `value` with secret-named keys replaced by `[REDACTED]`; untouched branches are
 * shared, so a line without secrets costs one walk and no allocation.
 */
export function scrub<T>(value: T, depth = 0): T {
  if (!value || typeof value !== 'object' || depth > 8) return value
  if (value instanceof Error) return value
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    value.forEach((item, i) => {
      const clean = scrub(item, depth + 1)
      if (clean !== item) (out ??= [...value])[i] = clean
    })
    return (out ?? value) as T
  }
  let out: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(value)) {
    // Numbers and flags under such names (token_count, password_changed) are no secret.
    const secret = SECRET_KEY.test(key) && (typeof item === 'string' || typeof item === 'object')
    const clean = secret && item !== null ? REDACTED : scrub(item, depth + 1)
    if (clean !== item) (out ??= { ...(value as Record<string, unknown>) })[key] = clean
  }
  return (out ?? value) as T
}

const baseOptions = {
  messageKey: 'message',
  base: undefined,
  timestamp: () => `,"timestamp":"${new Date().toISOString()}"`,
  formatters: {
    level: (label: string) => ({ level: label.toUpperCase() }),
    log: (object: Record<string, unknown>) => scrub(object),
  },
} satisfies pino.LoggerOptions

/** Files written by live Logs, written out synchronously if the process exits without close(). */
const openFiles = new Set<RotatingFile>()
let exitHook = false

/**
 * An append-only log file that rotates by size. Lines are queued and written by one write at a
 * time (batching under load, never blocking the event loop); rotation happens between writes,
 * so a line never straddles two files: `name.log` becomes `name.1.log`, every older generation
 * moves up one, and the one past `maxFiles` is deleted.
 */
class RotatingFile {
  private fd: number
  private size: number
  private queue: string[] = []
  private writing: Promise<void> | undefined
  private closed = false
  private failed = false
  /** Rotations so far: what was written before a change is in the older files. */
  rotations = 0

  constructor(
    private readonly dir: string,
    private readonly source: LogSource,
    private readonly rotation: LogRotation,
  ) {
    // Opened synchronously: an asynchronous open could outlive a quick close (and its directory).
    this.fd = fs.openSync(this.file(0), 'a')
    this.size = fs.fstatSync(this.fd).size
    openFiles.add(this)
  }

  private file(n: number) {
    return path.join(this.dir, logFileName(this.source, n))
  }

  /** The stream interface pino.multistream calls. */
  write(line: string): boolean {
    if (this.closed) return false
    this.queue.push(line)
    this.writing ??= this.drain()
    return true
  }

  flushed(): Promise<void> {
    return this.writing ?? Promise.resolve()
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.closed) {
      const data = Buffer.from(this.queue.join(''))
      this.queue = []
      try {
        await writeAll(this.fd, data)
        this.size += data.length
        if (this.size >= this.rotation.maxBytes) this.rotate()
      } catch (error) {
        this.report(error)
      }
    }
    this.writing = undefined
    if (this.closed) this.closeNow()
  }

  private rotate() {
    const { maxFiles } = this.rotation
    if (maxFiles === 0) {
      fs.ftruncateSync(this.fd, 0)
    } else {
      fs.rmSync(this.file(maxFiles), { force: true })
      for (let n = maxFiles - 1; n >= 0; n--) {
        if (fs.existsSync(this.file(n))) fs.renameSync(this.file(n), this.file(n + 1))
      }
      const old = this.fd
      this.fd = fs.openSync(this.file(0), 'a')
      fs.closeSync(old)
    }
    this.size = 0
    this.rotations++
  }

  /** A full disk or a removed directory must not take the server down: say so once, go on. */
  private report(error: unknown) {
    if (this.failed) return
    this.failed = true
    process.stderr.write(`log file ${this.file(0)}: ${(error as Error).message}\n`)
  }

  /** Writes what is queued synchronously (shutdown, exit) unless a write is in flight. */
  close() {
    if (this.closed) return
    this.closed = true
    openFiles.delete(this)
    // An in-flight write finishes first (the order of lines matters); drain() then closes.
    if (!this.writing) this.closeNow()
  }

  private closeNow() {
    try {
      if (this.queue.length > 0) fs.writeSync(this.fd, this.queue.join(''))
      fs.closeSync(this.fd)
    } catch {
      // already gone (directory removed): nothing left to save
    }
    this.queue = []
  }
}

function writeAll(fd: number, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const step = (offset: number) =>
      fs.write(fd, data, offset, data.length - offset, null, (error, written) => {
        if (error) return reject(error)
        if (offset + written < data.length) step(offset + written)
        else resolve()
      })
    step(0)
  })
}

function ensureExitHook() {
  if (exitHook) return
  exitHook = true
  process.on('exit', () => {
    for (const file of openFiles) file.close()
  })
}

/** JSON lines with the fields the log viewer shows: timestamp, level, logger, message, request_id. */
export function createLogs(options: LogOptions): Logs {
  fs.mkdirSync(options.dir, { recursive: true })
  ensureExitHook()
  const rotation = options.rotation ?? DEFAULT_LOG_ROTATION
  const open = (source: LogSource) => new RotatingFile(options.dir, source, rotation)
  const main = open('main')
  const errors = open('errors')
  const auditFile = open('audit')
  const frontend = open('frontend')
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
  const files = [main, errors, auditFile, frontend]
  /** Bytes each user has written to the current frontend.log (since `sharesOf` rotations). */
  const shares = new Map<string, number>()
  let sharesOf = frontend.rotations
  const share = Math.floor(rotation.maxBytes * FRONTEND_USER_SHARE)
  return {
    logger,
    audit,
    dir: options.dir,
    writeFrontend(userId, lines) {
      if (sharesOf !== frontend.rotations) {
        shares.clear()
        sharesOf = frontend.rotations
      }
      const used = shares.get(userId) ?? 0
      if (used >= share) return null
      const data = lines.map((line) => `${JSON.stringify(scrub(line))}\n`).join('')
      const bytes = Buffer.byteLength(data)
      shares.set(userId, used + bytes)
      frontend.write(data)
      return bytes
    },
    async flushed() {
      await Promise.all(files.map((file) => file.flushed()))
    },
    close() {
      for (const file of files) file.close()
    },
  }
}
