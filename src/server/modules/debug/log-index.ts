import type { FileHandle } from 'node:fs/promises'
import { levelRank, toEntry } from './log-entry.ts'

/** `length` bytes of a file from `position` (fewer only at its end). */
export async function readRange(file: FileHandle, position: number, length: number) {
  const buffer = Buffer.allocUnsafe(length)
  let done = 0
  while (done < length) {
    const { bytesRead } = await file.read(buffer, done, length - done, position + done)
    if (bytesRead === 0) break
    done += bytesRead
  }
  return buffer.subarray(0, done)
}

/** Level of a line that is not a log entry (blank, cut, not JSON): never counted or shown. */
export const INVALID = 255
/** Bytes read per step: large enough for few reads, small enough to keep the event loop free. */
export const CHUNK = 1024 * 1024
const HEAD = 64

interface Fields {
  level: number
  time: number
  logger: string
}

/** The two-digit number at `i` (no closures here: this runs for every line). */
function two(s: string, i: number): number {
  return (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48
}

/** Milliseconds of `YYYY-MM-DDTHH:MM:SS.mmmZ` at `i` (what pino writes), else Date.parse. */
function isoMs(s: string, i: number): number {
  if (s.charCodeAt(i + 23) !== 90 || s.charCodeAt(i + 10) !== 84) {
    return Date.parse(s.slice(i, s.indexOf('"', i)))
  }
  const ms = (s.charCodeAt(i + 20) - 48) * 100 + two(s, i + 21)
  return Date.UTC(
    two(s, i) * 100 + two(s, i + 2),
    two(s, i + 5) - 1,
    two(s, i + 8),
    two(s, i + 11),
    two(s, i + 14),
    two(s, i + 17),
    ms,
  )
}

/**
 * Level, time and logger of a line as the server writes it, without parsing the JSON:
 * `{"level":"INFO","timestamp":"...",...,"logger":"http",...}`. The line is latin1-decoded
 * (one char per byte, so offsets are byte offsets). Anything unusual (another key order, two
 * `logger` keys, escapes) returns null and the line is parsed properly instead.
 */
function fastFields(line: string): Fields | null {
  if (!line.startsWith('{"level":"')) return null
  const levelEnd = line.indexOf('"', 10)
  const level = levelRank(line.slice(10, levelEnd))
  if (level < 0 || !line.startsWith(',"timestamp":"', levelEnd + 1)) return null
  const time = isoMs(line, levelEnd + 15)
  const key = line.indexOf('"logger":"')
  if (Number.isNaN(time) || key < 0 || line.indexOf('"logger":"', key + 10) >= 0) return null
  const end = line.indexOf('"', key + 10)
  const logger = line.slice(key + 10, end)
  if (logger.includes('\\')) return null
  // eslint-disable-next-line no-control-regex
  const ascii = !/[^\x00-\x7f]/.test(logger)
  return { level, time, logger: ascii ? logger : Buffer.from(logger, 'latin1').toString('utf8') }
}

function parsedFields(line: string): Fields | null {
  try {
    const entry = toEntry(JSON.parse(Buffer.from(line, 'latin1').toString('utf8')))
    if (!entry) return null
    return {
      level: levelRank(entry.level),
      time: Date.parse(entry.timestamp),
      logger: entry.logger,
    }
  } catch {
    return null
  }
}

function grow<T extends Float64Array | Uint8Array | Uint32Array>(array: T, size: number): T {
  if (size <= array.length) return array
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2))
  next.set(array)
  return next
}

/** One generation of a log, open for this query, with its index brought up to date. */
export interface OpenFile {
  key: string
  handle: FileHandle
  index: FileIndex
}

/**
 * What the log viewer needs of every line of one file, in typed arrays: where it ends, its
 * level, time and logger. Built once by one forward pass in CHUNK reads (about 0.7 us a line),
 * then only extended by the bytes appended since; a rotated file keeps its index, since the
 * cache is keyed by inode and a rename keeps the inode. Counting the lines that match level,
 * logger and time filters is then a loop over these arrays, without touching the file.
 */
export class FileIndex {
  count = 0
  /** Lines that are log entries. */
  valid = 0
  /** Bytes indexed: up to the end of the last complete line. */
  bytes = 0
  ends = new Float64Array(1024)
  times = new Float64Array(1024)
  levels = new Uint8Array(1024)
  loggers = new Uint32Array(1024)
  readonly names: string[] = []
  private readonly ids = new Map<string, number>()
  /** The file's first bytes when indexed: an inode reused by a new file does not match. */
  private head = Buffer.alloc(0)
  private lock: Promise<unknown> = Promise.resolve()

  /** Byte offset where line `i` starts; it ends (newline excluded) at `ends[i] - 1`. */
  start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1]!
  }

  loggerId(name: string): number | undefined {
    return this.ids.get(name)
  }

  /** Whether this index still describes the file (not truncated, not another file). */
  async matches(file: FileHandle, size: number): Promise<boolean> {
    if (size < this.bytes) return false
    if (this.head.length === 0) return true
    const head = Buffer.alloc(this.head.length)
    await file.read(head, 0, head.length, 0)
    return head.equals(this.head)
  }

  /** Indexes the complete lines appended up to `size`; concurrent callers take turns. */
  extend(file: FileHandle, size: number): Promise<void> {
    const run = this.lock.then(() => this.scan(file, size))
    this.lock = run.catch(() => undefined)
    return run
  }

  private async scan(file: FileHandle, size: number): Promise<void> {
    let buffer = Buffer.allocUnsafe(CHUNK)
    let position = this.bytes
    while (position < size) {
      const { bytesRead } = await file.read(
        buffer,
        0,
        Math.min(buffer.length, size - position),
        position,
      )
      if (bytesRead === 0) break
      const text = buffer.toString('latin1', 0, bytesRead)
      const last = text.lastIndexOf('\n')
      if (last < 0) {
        // A line longer than the buffer: read it whole next time. A cut line at the end waits.
        if (bytesRead < buffer.length) break
        buffer = Buffer.allocUnsafe(buffer.length * 2)
        continue
      }
      if (this.head.length === 0)
        this.head = Buffer.from(buffer.subarray(0, Math.min(HEAD, bytesRead)))
      for (let from = 0; from <= last;) {
        const newline = text.indexOf('\n', from)
        this.add(text.slice(from, newline), position + newline + 1)
        from = newline + 1
      }
      position += last + 1
    }
    this.bytes = position
  }

  private add(line: string, end: number) {
    const i = this.count++
    const fields = line.length > 1 ? (fastFields(line) ?? parsedFields(line)) : null
    this.ends = grow(this.ends, this.count)
    this.times = grow(this.times, this.count)
    this.levels = grow(this.levels, this.count)
    this.loggers = grow(this.loggers, this.count)
    this.ends[i] = end
    if (!fields) {
      this.levels[i] = INVALID
      return
    }
    let id = this.ids.get(fields.logger)
    if (id === undefined) {
      id = this.names.length
      this.ids.set(fields.logger, id)
      this.names.push(fields.logger)
    }
    this.levels[i] = fields.level
    this.times[i] = fields.time
    this.loggers[i] = id
    this.valid++
  }
}
