import { describe, expect, it } from 'vitest'
import type { FrontendLogEntry } from '~/lib/logger'
import {
  clampPage,
  contextSummary,
  defaultLogFilters,
  filterFrontendEntries,
  formatLogLine,
  logFileName,
  requestSummary,
  serverLogQuery,
  toIsoTimestamp,
} from './log-filters'

const entry = (fields: Partial<FrontendLogEntry>): FrontendLogEntry => ({
  timestamp: '2026-11-22T10:00:00.000Z',
  level: 'INFO',
  logger: 'api',
  message: 'hello',
  ...fields,
})

describe('server log query', () => {
  it('asks for the default page of the main file with no other filter', () => {
    expect(serverLogQuery('backend', defaultLogFilters, 1, 100)).toEqual({
      source: 'main',
      limit: 100,
      offset: 0,
    })
  })
  it('sends every filter, dates as ISO, and the offset of the page', () => {
    const query = serverLogQuery(
      'backend',
      {
        ...defaultLogFilters,
        file: 'errors',
        level: 'WARN',
        search: ' timeout ',
        logger: 'readings',
        after: '2026-11-22T09:00:00+01:00',
        before: '2026-11-22T10:00:00Z',
      },
      3,
      50,
    )
    expect(query).toEqual({
      source: 'errors',
      limit: 50,
      offset: 100,
      level: 'WARN',
      search: 'timeout',
      logger: 'readings',
      after: '2026-11-22T08:00:00.000Z',
      before: '2026-11-22T10:00:00.000Z',
    })
  })
  it('narrows to a request by its id, keeping the search', () => {
    const query = serverLogQuery(
      'backend',
      { ...defaultLogFilters, search: 'x', requestId: 'req-1' },
      1,
      100,
    )
    expect(query).toMatchObject({ search: 'x', request_id: 'req-1' })
  })
  it('reads the shipped frontend log for the frontend source, whatever file was chosen', () => {
    const filters = { ...defaultLogFilters, file: 'audit' as const, level: 'ERROR' as const }
    expect(serverLogQuery('frontend', filters, 2, 50)).toEqual({
      source: 'frontend',
      limit: 50,
      offset: 50,
      level: 'ERROR',
    })
  })
  it('drops dates it cannot read', () => {
    expect(toIsoTimestamp('not a date')).toBeUndefined()
    expect(toIsoTimestamp(null)).toBeUndefined()
  })
})

describe('frontend log filtering', () => {
  const entries = [
    entry({
      timestamp: '2026-11-22T09:00:00.000Z',
      level: 'DEBUG',
      logger: 'router',
      message: 'navigated',
    }),
    entry({
      timestamp: '2026-11-22T09:30:00.000Z',
      level: 'WARN',
      logger: 'api',
      message: 'Slow answer',
      context: { path: '/api/v1/devices/' },
    }),
    entry({
      timestamp: '2026-11-22T10:00:00.000Z',
      level: 'ERROR',
      logger: 'api',
      message: 'Request failed',
    }),
  ]
  it('shows newest first', () => {
    expect(filterFrontendEntries(entries, defaultLogFilters).map((e) => e.message)).toEqual([
      'Request failed',
      'Slow answer',
      'navigated',
    ])
  })
  it('keeps the level and above, the logger, and the time window (after inclusive, before exclusive)', () => {
    expect(filterFrontendEntries(entries, { ...defaultLogFilters, level: 'WARN' })).toHaveLength(2)
    expect(filterFrontendEntries(entries, { ...defaultLogFilters, logger: 'router' })).toHaveLength(
      1,
    )
    const window = {
      ...defaultLogFilters,
      after: '2026-11-22T09:30:00.000Z',
      before: '2026-11-22T10:00:00.000Z',
    }
    expect(filterFrontendEntries(entries, window).map((e) => e.message)).toEqual(['Slow answer'])
  })
  it('searches message and context without regard to case', () => {
    expect(filterFrontendEntries(entries, { ...defaultLogFilters, search: 'SLOW' })).toHaveLength(1)
    expect(
      filterFrontendEntries(entries, { ...defaultLogFilters, search: '/api/v1/devices' }),
    ).toHaveLength(1)
  })
})

describe('paging and download', () => {
  it('clamps the page to those that exist', () => {
    expect(clampPage(5, 120, 50)).toBe(3)
    expect(clampPage(0, 120, 50)).toBe(1)
    expect(clampPage(2, 0, 100)).toBe(1)
  })
  it('writes one readable line per entry', () => {
    expect(
      formatLogLine({
        timestamp: '2026-11-22T10:00:00.000Z',
        level: 'INFO',
        logger: 'http',
        message: 'request completed',
        method: 'GET',
        endpoint: '/api/v1/devices/',
        status_code: 200,
        duration_ms: 12,
        request_id: 'abc',
        context: null,
      }),
    ).toBe(
      '2026-11-22T10:00:00.000Z INFO  [http] request completed (GET /api/v1/devices/ 200 12ms) request=abc',
    )
    expect(logFileName('backend', 'audit', new Date('2026-11-22T10:00:00Z'))).toBe(
      'logs-backend-audit-2026-11-22T10-00-00.txt',
    )
  })
})

describe('row details', () => {
  const http = {
    timestamp: '2026-11-22T10:00:00.000Z',
    level: 'INFO' as const,
    logger: 'http',
    message: 'GET /api/v1/groups/ 200',
    method: 'GET',
    endpoint: '/api/v1/groups/',
    status_code: 200,
    duration_ms: 11.56,
  }
  it('leaves out the request fields the message already says', () => {
    expect(requestSummary(http)).toBe('11.56 ms')
    expect(requestSummary({ ...http, message: 'request completed', endpoint: '/*' })).toBe(
      'GET /* 200 11.56 ms',
    )
    expect(
      requestSummary({
        ...http,
        method: null,
        endpoint: null,
        status_code: null,
        duration_ms: null,
      }),
    ).toBe('')
  })
  it('shows the context as key=value pairs, cut after 240 characters', () => {
    expect(contextSummary({ raised: 0, skipped: false, ids: ['a'], reason: 'late' })).toBe(
      'raised=0 skipped=false ids=["a"] reason=late',
    )
    expect(contextSummary(null)).toBe('')
    const long = contextSummary({ stack: 'x'.repeat(500) })
    expect(long).toHaveLength(240)
    expect(long.endsWith('…')).toBe(true)
  })
})
