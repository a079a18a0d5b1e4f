import fs from 'node:fs/promises'
import path from 'node:path'
import type { LogEntry, LogLevel, LogResponse } from '~/api/__generated__/types.gen.ts'
import type { LogSource } from '~/server/logging.ts'
import { LEVELS, toEntry } from './log-entry.ts'
import { CHUNK, FileIndex, INVALID, readRange, type OpenFile } from './log-index.ts'
import { textFilter, TextMatches, type TextFilter } from './text-matches.ts'

export interface LogQuery {
  source: LogSource
  limit: number
  offset: number
  level?: LogLevel
  search?: string
  logger?: string
  requestId?: string
  /** ISO instants: entries at or after `after` and strictly before `before`. */
  after?: string
  before?: string
}

interface Ref {
  file: OpenFile
  line: number
}

/** Text match results kept (per file and filter): enough for a few people paging and refreshing. */
const MAX_TEXT_CACHE = 64
/** Page lines closer than this are read together. */
const COALESCE = 64 * 1024

/**
 * Reads one log (current file and rotated ones) newest first, for GET /debug/logs.
 *
 * Why it is fast on a 100 MB log, and how filtered_count stays affordable:
 * - Each file has a FileIndex (line ends, level, time, logger in typed arrays) built once and then
 *   only extended by appended bytes; it is cached by inode, so rotation (a rename) keeps it.
 * - Level, logger and time filters and filtered_count are a loop over those arrays (about 1 ms
 *   per 250,000 lines): the count is exact and the file is not read for it.
 * - Without filters the count is the number of entries and the walk stops at the end of the page.
 * - `search` and `request_id` need the text: their matches are found once per file and filter by
 *   a chunked scan with native substring search (TextMatches), cached, and extended only over new
 *   lines afterwards, so paging, filter changes and the viewer's 5-second refresh stay cheap.
 * - Only the page's lines are then read and parsed, in a few coalesced reads.
 */
export class LogReader {
  private readonly indexes = new Map<string, FileIndex>()
  private readonly texts = new Map<string, TextMatches>()
  /** The files each log had at its last read, to forget those rotated out. */
  private readonly sources = new Map<LogSource, Set<string>>()

  constructor(private readonly dir: string) {}

  async read(query: LogQuery): Promise<LogResponse> {
    const files = await this.open(query.source)
    try {
      const filters = textFilters(query)
      const masks = await Promise.all(
        files.map((file) => Promise.all(filters.map((f) => this.matches(file, f)))),
      )
      const { refs, count } = select(files, masks, query, filters.length > 0)
      return {
        entries: await readEntries(refs),
        filtered_count: count,
        loggers: [...new Set(files.flatMap((f) => f.index.names))].sort(),
      }
    } finally {
      await Promise.all(files.map((f) => f.handle.close()))
    }
  }

  /** The generations of a log, newest first (`main.log`, `main.1.log`...), indexed to their end. */
  private async open(source: LogSource): Promise<OpenFile[]> {
    const pattern = new RegExp(`^${source}(?:\\.(\\d+))?\\.log$`)
    const names = (await fs.readdir(this.dir).catch(() => [] as string[]))
      .map((name) => ({
        name,
        n: Number(pattern.exec(name)?.[1] ?? (pattern.test(name) ? 0 : NaN)),
      }))
      .filter((f) => !Number.isNaN(f.n))
      .sort((a, b) => a.n - b.n)
    const files: OpenFile[] = []
    for (const { name } of names) {
      // Opened before stat: a rotation while we read renames the files, not what we hold open.
      const handle = await fs.open(path.join(this.dir, name), 'r').catch(() => null)
      if (!handle) continue
      const stat = await handle.stat()
      const key = `${stat.dev}:${stat.ino}`
      if (files.some((f) => f.key === key)) {
        await handle.close()
        continue
      }
      let index = this.indexes.get(key)
      if (!index || !(await index.matches(handle, stat.size))) {
        index = new FileIndex()
        this.forget(key)
        this.indexes.set(key, index)
      }
      await index.extend(handle, stat.size)
      files.push({ key, handle, index })
    }
    this.prune(source, files)
    return files
  }

  /** Drops what was cached for files of this log that no longer exist (rotated out). */
  private prune(source: LogSource, files: OpenFile[]) {
    const live = new Set(files.map((f) => f.key))
    for (const key of this.sources.get(source) ?? []) if (!live.has(key)) this.forget(key)
    this.sources.set(source, live)
  }

  private forget(key: string) {
    this.indexes.delete(key)
    for (const cacheKey of this.texts.keys())
      if (cacheKey.startsWith(`${key}\0`)) this.texts.delete(cacheKey)
  }

  /** Which lines of a file pass a text filter, from the cache (most recently used last). */
  private async matches(file: OpenFile, filter: TextFilter): Promise<Uint8Array> {
    const cacheKey = `${file.key}\0${filter.key}`
    let matches = this.texts.get(cacheKey)
    this.texts.delete(cacheKey)
    matches ??= new TextMatches(filter)
    this.texts.set(cacheKey, matches)
    if (this.texts.size > MAX_TEXT_CACHE) this.texts.delete(this.texts.keys().next().value!)
    return matches.extend(file)
  }
}

function textFilters(query: LogQuery): TextFilter[] {
  const filters: TextFilter[] = []
  if (query.search?.trim()) filters.push(textFilter.search(query.search.trim()))
  if (query.requestId) filters.push(textFilter.requestId(query.requestId))
  return filters
}

/**
 * Walks the lines newest first, counting those that pass every filter and keeping the page.
 * With no filter the count is known from the indexes and the walk stops after the page.
 */
function select(files: OpenFile[], masks: Uint8Array[][], query: LogQuery, byText: boolean) {
  const minLevel = query.level ? LEVELS.indexOf(query.level) : 0
  const after = query.after ? Date.parse(query.after) : -Infinity
  const before = query.before ? Date.parse(query.before) : Infinity
  const filtered =
    byText || minLevel > 0 || query.logger !== undefined || after > -Infinity || before < Infinity
  const end = query.offset + query.limit
  const refs: Ref[] = []
  let count = 0
  for (const [k, file] of files.entries()) {
    const { index } = file
    const fileMasks = masks[k]!
    const logger = query.logger === undefined ? undefined : index.loggerId(query.logger)
    if (query.logger !== undefined && logger === undefined) continue
    for (let i = index.count - 1; i >= 0; i--) {
      const level = index.levels[i]!
      if (level === INVALID || level < minLevel) continue
      if (logger !== undefined && index.loggers[i] !== logger) continue
      const time = index.times[i]!
      if (time < after || time >= before) continue
      if (!passes(fileMasks, i)) continue
      if (count >= query.offset && count < end) refs.push({ file, line: i })
      count++
      if (!filtered && count >= end) {
        return { refs, count: files.reduce((sum, f) => sum + f.index.valid, 0) }
      }
    }
  }
  return { refs, count }
}

/** Whether line `i` is in every mask (a loop, not a closure: this runs for every line). */
function passes(masks: Uint8Array[], i: number): boolean {
  for (const mask of masks) if (mask[i] === 0) return false
  return true
}

/** The page's lines, parsed, in the order given; lines close together are read in one go. */
async function readEntries(refs: Ref[]): Promise<LogEntry[]> {
  const texts = new Map<Ref, string>()
  for (const group of coalesce(refs)) {
    const { file } = group[0]!
    const from = file.index.start(group.at(-1)!.line)
    const to = file.index.ends[group[0]!.line]!
    const buffer = await readRange(file.handle, from, to - from)
    for (const ref of group) {
      const start = file.index.start(ref.line) - from
      texts.set(ref, buffer.toString('utf8', start, file.index.ends[ref.line]! - 1 - from))
    }
  }
  const entries: LogEntry[] = []
  for (const ref of refs) {
    try {
      const entry = toEntry(JSON.parse(texts.get(ref)!))
      if (entry) entries.push(entry)
    } catch {
      // indexed as an entry, so not expected; a line that fails to parse is left out
    }
  }
  return entries
}

/** Consecutive refs (newest first) of one file whose bytes are close, as groups to read at once. */
function coalesce(refs: Ref[]): Ref[][] {
  const groups: Ref[][] = []
  for (const ref of refs) {
    const group = groups.at(-1)
    const previous = group?.at(-1)
    const near =
      previous &&
      previous.file === ref.file &&
      previous.file.index.start(previous.line) - ref.file.index.ends[ref.line]! < COALESCE &&
      ref.file.index.ends[group![0]!.line]! - ref.file.index.start(ref.line) < CHUNK
    if (near) group!.push(ref)
    else groups.push([ref])
  }
  return groups
}
