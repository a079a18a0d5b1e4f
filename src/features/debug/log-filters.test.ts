import { describe, expect, it } from 'vitest'
import type { FrontendLogEntry } from '../../lib/logger'
import {
  backendLogQuery,
  clampPage,
  defaultLogFilters,
  filterFrontendEntries,
  formatLogLine,
  logFileName,
  toIsoTimestamp,
} from './log-filters'

const entry = (fields: Partial<FrontendLogEntry>): FrontendLogEntry => ({
  timestamp: '2026-11-22T10:00:00.000Z',
  level: 'INFO',
  logger: 'api',
  message: 'hello',
  ...fields,
})

describe('backend log query', () => {
  it('asks for the default page of the main file with no other filter', () => {
    expect(backendLogQuery(defaultLogFilters, 1, 100)).toEqual({
      source: 'main',
      limit: 100,
      offset: 0,
    })
  })
  it('sends every filter, dates as ISO, and the offset of the page', () => {
    const query = backendLogQuery(
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
  it('narrows to a request by its id', () => {
    expect(
      backendLogQuery({ ...defaultLogFilters, search: 'x', requestId: 'req-1' }, 1, 100).search,
    ).toBe('req-1')
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
