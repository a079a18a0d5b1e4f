import { describe, expect, it, vi } from 'vitest'
import { LOG_BUFFER_LIMIT, createLogBuffer } from './logger'

const quietSink = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() })

describe('frontend logger (spec §9)', () => {
  it('logs debug and up in development and test', () => {
    for (const environment of ['development', 'test']) {
      const buffer = createLogBuffer({ environment, sink: quietSink() })
      buffer.child('t').debug('hello')
      expect(buffer.entries()).toHaveLength(1)
    }
  })
  it('logs only warn and up elsewhere', () => {
    const buffer = createLogBuffer({ environment: 'staging', sink: quietSink() })
    const log = buffer.child('t')
    log.debug('d')
    log.info('i')
    log.warn('w')
    log.error('e')
    expect(buffer.entries().map((e) => e.level)).toEqual(['WARN', 'ERROR'])
  })
  it('writes structured JSON lines in production', () => {
    const sink = quietSink()
    const buffer = createLogBuffer({ environment: 'production', sink, now: () => new Date(0) })
    buffer.child('auth').error('Logout failed', { status: 500 })
    expect(JSON.parse(sink.error.mock.calls[0]![0] as string)).toEqual({
      timestamp: '1970-01-01T00:00:00.000Z',
      level: 'ERROR',
      logger: 'auth',
      message: 'Logout failed',
      context: { status: 500 },
    })
  })
  it('keeps at most 1000 entries, dropping the oldest', () => {
    const buffer = createLogBuffer({ environment: 'test', sink: quietSink() })
    const log = buffer.child('t')
    for (let i = 0; i < LOG_BUFFER_LIMIT + 5; i++) log.info(`line ${i}`)
    expect(buffer.entries()).toHaveLength(1000)
    expect(buffer.entries()[0]?.message).toBe('line 5')
  })
  it('tells subscribers about every write', () => {
    const buffer = createLogBuffer({ environment: 'test', sink: quietSink() })
    const listener = vi.fn()
    const unsubscribe = buffer.subscribe(listener)
    buffer.child('t').warn('x')
    unsubscribe()
    buffer.child('t').warn('y')
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ level: 'WARN', message: 'x' }))
  })
})
