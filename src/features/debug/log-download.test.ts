import { describe, expect, it } from 'vitest'
import type { LogEntry, LogResponse } from '~/api'
import { collectLogs, type LogQuery } from './log-download'

const entry = (n: number): LogEntry => ({
  timestamp: new Date(Date.UTC(2026, 10, 25, 12, 0, 0, n)).toISOString(),
  level: 'INFO',
  logger: 'fixture',
  message: `line ${n}`,
  request_id: null,
  user_id: null,
  method: null,
  endpoint: null,
  status_code: null,
  duration_ms: null,
  context: { n },
})

/** A log that gains `growth` newer lines after every read, answered as the server pages it. */
function growingLog(size: number, growth = 0) {
  let lines = Array.from({ length: size }, (_, n) => entry(n))
  const queries: LogQuery[] = []
  const fetchPage = (query: LogQuery): Promise<LogResponse> => {
    queries.push(query)
    const before = query.before ? Date.parse(query.before) : Infinity
    const matching = lines.filter((e) => Date.parse(e.timestamp) < before).reverse()
    const offset = query.offset ?? 0
    const page = matching.slice(offset, offset + (query.limit ?? 100))
    lines = [...lines, ...Array.from({ length: growth }, (_, k) => entry(lines.length + k))]
    return Promise.resolve({ entries: page, filtered_count: matching.length, loggers: [] })
  }
  return { fetchPage, queries }
}

const numbers = (entries: LogEntry[]) => entries.map((e) => e.context!.n as number)

describe('collectLogs', () => {
  it('collects every matching entry, not one page', async () => {
    const log = growingLog(1234)
    const result = await collectLogs(log.fetchPage, { source: 'main', limit: 50, offset: 100 })
    expect(result.total).toBe(1234)
    expect(numbers(result.entries)).toEqual(Array.from({ length: 1234 }, (_, i) => 1233 - i))
    expect(log.queries.map((q) => q.offset)).toEqual([0, 500, 1000])
  })

  it('neither repeats nor skips lines while the log grows', async () => {
    const log = growingLog(1200, 7)
    const result = await collectLogs(log.fetchPage, { source: 'main' })
    expect(numbers(result.entries)).toEqual(Array.from({ length: 1200 }, (_, i) => 1199 - i))
  })

  it('keeps the newest entries up to the bound and says how many matched', async () => {
    const log = growingLog(1200)
    const result = await collectLogs(log.fetchPage, { source: 'main', level: 'INFO' }, 700)
    expect(result.entries).toHaveLength(700)
    expect(result.entries[0]!.context!.n).toBe(1199)
    expect(result.total).toBe(1200)
    expect(log.queries.every((q) => q.level === 'INFO')).toBe(true)
  })

  it('makes one request for an empty log', async () => {
    const log = growingLog(0)
    expect(await collectLogs(log.fetchPage, { source: 'main' })).toEqual({ entries: [], total: 0 })
    expect(log.queries).toHaveLength(1)
  })
})
