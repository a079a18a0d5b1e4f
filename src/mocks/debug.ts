/**
 * Debug fixtures for stories: server log lines with a filtering mock of getLogs, and a profile
 * shaped like the server's for the profiler.
 */
import { HttpResponse, delay, http } from 'msw'
import type { LogEntry, LogLevel, ProfileData } from '../api'
import { handleGetLogs } from '../api/__generated__/msw.gen'
import { devices, users } from './fixtures'

const BASE = Date.parse('2026-11-22T10:00:00Z')
const levels: LogLevel[] = ['INFO', 'INFO', 'DEBUG', 'INFO', 'WARN', 'INFO', 'ERROR', 'DEBUG']
const loggers = ['http', 'readings.ingest', 'auth', 'jobs.rules', 'consumption']
const requestId = (n: number) =>
  `${(0x4f1c2a7e + Math.floor(n / 3) * 7919).toString(16)}-0000-4000-8000-${String(Math.floor(n / 3)).padStart(12, '0')}`

function line(n: number): LogEntry {
  const logger = loggers[n % loggers.length]!
  const level = levels[n % levels.length]!
  const http = logger === 'http'
  const inRequest = logger !== 'jobs.rules'
  return {
    timestamp: new Date(BASE - n * 37_000).toISOString(),
    level,
    logger,
    message:
      level === 'ERROR'
        ? `Query timeout after 5000 ms on device ${devices[n % devices.length]!.name}`
        : http
          ? 'request completed'
          : logger === 'readings.ingest'
            ? `Ingested ${96 + (n % 7)} readings`
            : logger === 'jobs.rules'
              ? 'Evaluated notification rules'
              : `${logger} step finished`,
    request_id: inRequest ? requestId(n) : null,
    user_id: inRequest ? users[n % 4]!.id : null,
    method: http ? (n % 2 ? 'GET' : 'POST') : null,
    endpoint: http ? `/api/v1/devices/${devices[n % devices.length]!.id}/readings` : null,
    status_code: http ? (level === 'ERROR' ? 500 : 200) : null,
    duration_ms: http ? 4 + (n % 40) : null,
    context: level === 'WARN' ? { slow_query_ms: 812 } : null,
  }
}

/** `count` lines of the main file, newest first. */
export const makeLogLines = (count: number) => Array.from({ length: count }, (_, n) => line(n))

const consoleLines: Pick<LogEntry, 'level' | 'logger' | 'message' | 'context'>[] = [
  { level: 'WARN', logger: 'api', message: 'Device not found', context: { status_code: 404 } },
  {
    level: 'ERROR',
    logger: 'app',
    message: "Cannot read properties of undefined (reading 'kwh')",
    context: { error_id: 'err-7f3k2', url: '/devices/consumption' },
  },
  { level: 'WARN', logger: 'api', message: 'Too many requests', context: { status_code: 429 } },
  { level: 'ERROR', logger: 'auth', message: 'Logout failed', context: { error: 'TypeError' } },
  { level: 'DEBUG', logger: 'notifications', message: 'Mark read failed', context: null },
]

/**
 * `count` lines of the frontend log (what consoles shipped), newest first: a few users' sessions,
 * each batch under the request id of the POST that shipped it.
 */
export function makeFrontendLogLines(count: number): LogEntry[] {
  return Array.from({ length: count }, (_, n) => {
    const shipped = Math.floor(n / 4)
    return {
      ...consoleLines[n % consoleLines.length]!,
      timestamp: new Date(BASE - n * 91_000).toISOString(),
      request_id: requestId(shipped * 3 + 1),
      user_id: users[shipped % users.length]!.id,
      method: null,
      endpoint: null,
      status_code: null,
      duration_ms: null,
    }
  })
}

const rank: Record<LogLevel, number> = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3 }

/**
 * getLogs over `lines` (the server files) and `frontendLines` (the shipped frontend log), filtering
 * and paging the way the contract says the server does.
 */
export function logsHandler(
  lines: LogEntry[] = makeLogLines(260),
  frontendLines: LogEntry[] = makeFrontendLogLines(24),
) {
  return handleGetLogs(({ request }) => {
    const q = new URL(request.url).searchParams
    const level = q.get('level') as LogLevel | null
    const search = q.get('search')?.toLowerCase()
    const logger = q.get('logger')
    const requestId = q.get('request_id')
    const after = q.get('after') ? Date.parse(q.get('after')!) : null
    const before = q.get('before') ? Date.parse(q.get('before')!) : null
    const file = q.get('source') ?? 'main'
    const inFile =
      file === 'frontend'
        ? frontendLines
        : file === 'errors'
          ? lines.filter((l) => rank[l.level] >= rank.WARN)
          : file === 'audit'
            ? lines.filter((l) => l.logger === 'auth')
            : lines
    const matching = inFile.filter(
      (l) =>
        (!level || rank[l.level] >= rank[level]) &&
        (!logger || l.logger === logger) &&
        (!requestId || l.request_id === requestId) &&
        (after === null || Date.parse(l.timestamp) >= after) &&
        (before === null || Date.parse(l.timestamp) < before) &&
        (!search ||
          `${l.message} ${l.request_id ?? ''} ${JSON.stringify(l.context ?? {})}`
            .toLowerCase()
            .includes(search)),
    )
    const offset = Number(q.get('offset') ?? 0)
    const limit = Number(q.get('limit') ?? 100)
    return HttpResponse.json({
      entries: matching.slice(offset, offset + limit),
      filtered_count: matching.length,
      loggers: [...new Set(inFile.map((l) => l.logger))].sort(),
    })
  })
}

/** A getLogs that answers each call with a newer line on top, to show auto-refresh at work. */
export function growingLogsHandler() {
  let calls = 0
  return handleGetLogs(() => {
    calls += 1
    const fresh: LogEntry = {
      ...line(0),
      timestamp: new Date(BASE + calls * 5000).toISOString(),
      message: `Heartbeat ${calls}`,
      logger: 'jobs.rules',
      level: 'INFO',
    }
    const entries = [fresh, ...makeLogLines(5)]
    return HttpResponse.json({
      entries,
      filtered_count: entries.length,
      loggers: [...new Set(entries.map((e) => e.logger))].sort(),
    })
  })
}

export const profileFixture: ProfileData = {
  total_duration_ms: 184.6,
  total_db_queries: 4,
  memory_delta_mb: 1.8,
  steps: [
    {
      name: 'authorize',
      details: 'session and tenant scope',
      duration_ms: 6.2,
      query_count: 1,
      queries: ['SELECT id, role, group_id FROM users WHERE id = $1'],
      query_timings: [
        { query: 'SELECT id, role, group_id FROM users WHERE id = $1', duration_ms: 2.1 },
      ],
      python_execution_ms: 4.1,
    },
    {
      name: 'load readings',
      details: 'device 9e0a7b1c, today in UTC',
      duration_ms: 142.3,
      query_count: 2,
      queries: [
        'SELECT ts, kwh FROM readings WHERE device_id = $1 AND ts >= $2 AND ts < $3 ORDER BY ts',
        'SELECT kwh FROM readings WHERE device_id = $1 AND ts < $2 ORDER BY ts DESC LIMIT 1',
      ],
      query_timings: [
        {
          query:
            'SELECT ts, kwh FROM readings WHERE device_id = $1 AND ts >= $2 AND ts < $3 ORDER BY ts',
          duration_ms: 118.4,
        },
        {
          query:
            'SELECT kwh FROM readings WHERE device_id = $1 AND ts < $2 ORDER BY ts DESC LIMIT 1',
          duration_ms: 61.7,
        },
      ],
      python_execution_ms: 12.2,
    },
    {
      name: 'compute rise',
      details: null,
      duration_ms: 36.1,
      query_count: 1,
      queries: ['SELECT timezone FROM groups WHERE id = $1'],
      query_timings: [{ query: 'SELECT timezone FROM groups WHERE id = $1', duration_ms: 1.4 }],
      python_execution_ms: 34.7,
    },
  ],
}

export const cumulativeTodayFixture = {
  device_id: devices[0]!.id,
  start_datetime: '2026-11-22T00:00:00Z',
  end_datetime: '2026-11-22T10:00:00Z',
  timezone: 'UTC',
  total_kwh: 31.42,
  unit: 'kWh',
}

const PROFILED = 'application/vnd.console.profiled+json'

/** The two consumption presets, answering with a profile, without one, with an error, or never. */
export function profilingHandlers(
  mode: 'profiled' | 'unprofiled' | 'error' | 'pending' | 'empty' = 'profiled',
) {
  const answer = async () => {
    if (mode === 'pending') await delay('infinite')
    if (mode === 'error')
      return HttpResponse.json({ detail: 'Only developers may profile' }, { status: 403 })
    if (mode === 'unprofiled') return HttpResponse.json(cumulativeTodayFixture)
    const data = mode === 'empty' ? null : cumulativeTodayFixture
    return new HttpResponse(JSON.stringify({ data, profile: profileFixture }), {
      headers: { 'Content-Type': PROFILED },
    })
  }
  return [
    http.get('*/api/v1/devices/:id/consumption/cumulative/today', answer),
    http.get('*/api/v1/devices/:id/consumption/intervals/today', answer),
  ]
}
