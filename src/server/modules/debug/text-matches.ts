import type { LogEntry } from '~/api/__generated__/types.gen.ts'
import { searchText, toEntry } from './log-entry.ts'
import { CHUNK, INVALID, readRange, type FileIndex, type OpenFile } from './log-index.ts'

/**
 * A filter that needs a line's text. `token` is bytes every matching line contains, found by
 * native substring search over raw chunks; each hit is then confirmed on the parsed line,
 * since the raw text also holds keys, levels, times and JSON escapes.
 */
export interface TextFilter {
  key: string
  /** null: no usable token, every line is confirmed. */
  token: Buffer | null
  /** Compare lower-cased (the token is lower case ASCII). */
  fold: boolean
  /** The token is the whole needle: a hit inside the message value needs no parsing. */
  tokenIsNeedle: boolean
  accepts(entry: LogEntry): boolean
}

/**
 * The longest run of the needle that is written the same in raw JSON and in lower-cased latin1:
 * printable ASCII without `"` and `\` (which JSON escapes).
 */
function plainRun(needle: string): string {
  return needle
    .split(/[^\x20-\x21\x23-\x5b\x5d-\x7e]+/)
    .reduce((a, b) => (b.length > a.length ? b : a), '')
}

export const textFilter = {
  /** Case-insensitive text in message, logger, request fields or context. */
  search(needle: string): TextFilter {
    const lower = needle.toLowerCase()
    const token = plainRun(lower)
    return {
      key: `search:${lower}`,
      token: token ? Buffer.from(token, 'latin1') : null,
      fold: true,
      tokenIsNeedle: token === lower,
      accepts: (entry) => searchText(entry).includes(lower),
    }
  },
  /** Lines of one request: `"request_id":"<id>"` appears verbatim in each. */
  requestId(id: string): TextFilter {
    return {
      key: `request:${id}`,
      token: Buffer.from(`"request_id":${JSON.stringify(id)}`),
      fold: false,
      tokenIsNeedle: false,
      accepts: (entry) => entry.request_id === id,
    }
  },
}

const MESSAGE_KEY = '"message":"'

/**
 * Whether the message of a line contains the needle, read from the raw text: the server writes
 * the message last (`..."message":"text"}`), and a value without escapes reads as it is written.
 * False means "parse to know", not "no match".
 */
function inMessage(folded: string, start: number, end: number, needle: string): boolean {
  const value = folded.lastIndexOf(MESSAGE_KEY, end) + MESSAGE_KEY.length
  const close = end - 2
  if (value < start + MESSAGE_KEY.length || folded.indexOf('"', value) !== close) return false
  const text = folded.slice(value, close)
  return !text.includes('\\') && text.includes(needle)
}

/**
 * Which lines of one file pass one text filter, as a mask over the file's index. Scanned once in
 * CHUNK reads, then only over lines indexed since: a cache entry for paging and refreshing.
 */
export class TextMatches {
  /** Lines decided so far. */
  private lines = 0
  private mask = new Uint8Array(0)
  private lock: Promise<unknown> = Promise.resolve()

  private readonly needle: string

  constructor(private readonly filter: TextFilter) {
    this.needle = filter.token?.toString('latin1') ?? ''
  }

  /** The mask, extended to every line the file's index has; concurrent callers take turns. */
  extend(file: OpenFile): Promise<Uint8Array> {
    const run = this.lock.then(() => this.scan(file))
    this.lock = run.catch(() => undefined)
    return run
  }

  private async scan({ handle, index }: OpenFile): Promise<Uint8Array> {
    if (this.mask.length < index.count) {
      const next = new Uint8Array(Math.max(index.count, this.mask.length * 2))
      next.set(this.mask)
      this.mask = next
    }
    while (this.lines < index.count) {
      const first = this.lines
      const from = index.start(first)
      let last = first
      while (last + 1 < index.count && index.ends[last + 1]! - from <= CHUNK) last++
      const buffer = await readRange(handle, from, index.ends[last]! - from)
      this.scanChunk(buffer, from, first, last, index)
      this.lines = last + 1
    }
    return this.mask
  }

  private scanChunk(buffer: Buffer, base: number, first: number, last: number, index: FileIndex) {
    const { filter } = this
    const folded = filter.fold ? buffer.toString('latin1').toLowerCase() : undefined
    const token = filter.token
    const find = (from: number): number => {
      if (!token) return from < buffer.length ? from : -1
      return folded ? folded.indexOf(this.needle, from) : buffer.indexOf(token, from)
    }
    let line = first
    for (let hit = find(0); hit >= 0;) {
      while (line <= last && index.ends[line]! <= base + hit) line++
      if (line > last) break
      const start = index.start(line) - base
      const end = index.ends[line]! - 1 - base
      if (index.levels[line] !== INVALID && this.confirm(buffer, folded, start, end)) {
        this.mask[line] = 1
      }
      hit = find(end + 1)
    }
  }

  /** Whether line [start, end) of the chunk passes the filter. */
  private confirm(buffer: Buffer, folded: string | undefined, start: number, end: number) {
    if (folded && this.filter.tokenIsNeedle && inMessage(folded, start, end, this.needle)) {
      return true
    }
    try {
      const entry = toEntry(JSON.parse(buffer.toString('utf8', start, end)))
      return entry !== null && this.filter.accepts(entry)
    } catch {
      return false
    }
  }
}
