import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  KEEPALIVE_BUDGET_BYTES,
  SHIP_INTERVAL_MS,
  SHIP_MAX_BACKOFF_MS,
  SHIP_MAX_QUEUE,
  shippableEntry,
  startLogShipper,
  type SendLogs,
} from './log-shipper'
import { createLogBuffer, type FrontendLogEntry } from './logger'

const quietSink = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() })

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible'
  hide() {
    this.visibilityState = 'hidden'
    this.dispatchEvent(new Event('visibilitychange'))
  }
}

interface Call {
  entries: FrontendLogEntry[]
  keepalive: boolean
}

/** A shipper over a fresh buffer whose sends are recorded and answered with `answers` in turn. */
function setup(environment: string, answers: (number | Error)[] = []) {
  const buffer = createLogBuffer({ environment, sink: quietSink() })
  const calls: Call[] = []
  const send = vi.fn<SendLogs>(async (entries, { keepalive }) => {
    calls.push({ entries, keepalive })
    const answer = answers.shift() ?? 202
    if (answer instanceof Error) throw answer
    return answer
  })
  const view = new EventTarget()
  const doc = new FakeDocument()
  const shipper = startLogShipper({ buffer, send, window: view, document: doc })
  return { log: buffer.child('test'), buffer, calls, send, view, doc, shipper }
}

const messages = (call: Call | undefined) => call?.entries.map((e) => e.message)

let stop: (() => void) | undefined
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  stop?.()
  vi.useRealTimers()
})

describe('log shipper', () => {
  it('sends what was logged in one batch after the interval, and nothing before', async () => {
    const t = setup('staging')
    stop = t.shipper.stop
    t.log.warn('first')
    t.log.error('second', { status: 500 })
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS - 1)
    expect(t.send).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(t.calls).toHaveLength(1)
    expect(t.calls[0]!.keepalive).toBe(false)
    expect(t.calls[0]!.entries).toEqual([
      expect.objectContaining({ level: 'WARN', logger: 'test', message: 'first' }),
      expect.objectContaining({ level: 'ERROR', message: 'second', context: { status: 500 } }),
    ])
    expect(t.shipper.pending()).toBe(0)
  })

  it('ships what the buffer held before it started, then what comes after, in order', async () => {
    const buffer = createLogBuffer({ environment: 'staging', sink: quietSink() })
    const log = buffer.child('early')
    log.info('below the level')
    log.warn('before start')
    const calls: Call[] = []
    const send = vi.fn<SendLogs>(async (entries, { keepalive }) => {
      calls.push({ entries, keepalive })
      return 202
    })
    const shipper = startLogShipper({ buffer, send, window: new EventTarget() })
    stop = shipper.stop
    expect(shipper.pending()).toBe(1)
    log.error('after start')
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    expect(calls).toHaveLength(1)
    expect(messages(calls[0])).toEqual(['before start', 'after start'])
  })

  it('ships warn and up outside development and test, everything the logger keeps inside', async () => {
    const staging = setup('staging')
    staging.log.debug('d')
    staging.log.info('i')
    staging.log.warn('w')
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    expect(messages(staging.calls[0])).toEqual(['w'])
    staging.shipper.stop()

    const development = setup('development')
    stop = development.shipper.stop
    development.log.debug('d')
    development.log.info('i')
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    expect(messages(development.calls[0])).toEqual(['d', 'i'])
  })

  it('ships at once when 50 entries wait, and at most 200 a request', async () => {
    const t = setup('test')
    stop = t.shipper.stop
    for (let i = 0; i < 49; i++) t.log.info(`line ${i}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(t.send).not.toHaveBeenCalled()
    t.log.info('line 49')
    await vi.advanceTimersByTimeAsync(0)
    expect(t.calls).toHaveLength(1)
    expect(t.calls[0]!.entries).toHaveLength(50)

    for (let i = 0; i < 450; i++) t.log.info(`more ${i}`)
    // One request at a time, each as soon as the previous one is answered: well within the interval.
    await vi.advanceTimersByTimeAsync(100)
    expect(t.calls.slice(1).map((c) => c.entries.length)).toEqual([200, 200, 50])
  })

  it('drops a batch the server refuses, and keeps shipping what comes after', async () => {
    const t = setup('test', [422])
    stop = t.shipper.stop
    t.log.warn('refused')
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    expect(t.shipper.pending()).toBe(0)
    t.log.warn('next')
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    expect(t.calls.map(messages)).toEqual([['refused'], ['next']])
  })

  it('keeps a batch after a server or network failure and waits longer each time', async () => {
    const t = setup('test', [503, new TypeError('Failed to fetch'), 429])
    stop = t.shipper.stop
    t.log.warn('kept')
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    expect(t.calls).toHaveLength(1)
    // 50 more entries do not ship at once while the server struggles.
    for (let i = 0; i < 60; i++) t.log.info(`line ${i}`)
    await vi.advanceTimersByTimeAsync(2 * SHIP_INTERVAL_MS - 1)
    expect(t.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(4 * SHIP_INTERVAL_MS)
    expect(t.calls).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(8 * SHIP_INTERVAL_MS)
    expect(t.calls).toHaveLength(4)
    // The same entries, in their order, every time; the last answer (202) takes them.
    for (const call of t.calls) expect(messages(call)?.[0]).toBe('kept')
    expect(t.calls[3]!.entries).toHaveLength(61)
    expect(t.shipper.pending()).toBe(0)
  })

  it('never waits longer than five minutes between tries', async () => {
    const t = setup(
      'test',
      Array.from({ length: 12 }, () => 500),
    )
    stop = t.shipper.stop
    t.log.warn('x')
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    for (let round = 0; round < 8; round++) await vi.advanceTimersByTimeAsync(SHIP_MAX_BACKOFF_MS)
    expect(t.calls.length).toBeGreaterThanOrEqual(8)
  })

  it('keeps at most the newest 1000 entries while the server cannot take them', async () => {
    const t = setup('test', [new TypeError('offline')])
    stop = t.shipper.stop
    t.log.warn('oldest')
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    for (let i = 0; i < SHIP_MAX_QUEUE + 10; i++) t.log.info(`line ${i}`)
    expect(t.shipper.pending()).toBe(SHIP_MAX_QUEUE)
    await vi.advanceTimersByTimeAsync(SHIP_MAX_BACKOFF_MS)
    const shipped = t.calls.slice(1).flatMap((c) => c.entries.map((e) => e.message))
    expect(shipped[0]).toBe('line 10')
    expect(shipped).not.toContain('oldest')
  })

  it('writes nothing to the log when shipping fails, so no failure feeds a loop', async () => {
    const t = setup('test', [500, 500, 500])
    stop = t.shipper.stop
    t.log.warn('x')
    await vi.advanceTimersByTimeAsync(SHIP_MAX_BACKOFF_MS)
    expect(t.buffer.entries()).toHaveLength(1)
  })

  it('sends what waits with keepalive when the page is left or hidden, within 64 KiB', async () => {
    const t = setup('test')
    stop = t.shipper.stop
    t.log.warn('before leaving')
    t.view.dispatchEvent(new Event('pagehide'))
    expect(t.calls).toEqual([
      { entries: [expect.objectContaining({ message: 'before leaving' })], keepalive: true },
    ])

    const big = 'x'.repeat(3900)
    for (let i = 0; i < 40; i++) t.log.warn(`${i} ${big}`)
    t.doc.hide()
    const sent = t.calls[1]!
    expect(sent.keepalive).toBe(true)
    expect(JSON.stringify({ entries: sent.entries }).length).toBeLessThanOrEqual(
      KEEPALIVE_BUDGET_BYTES,
    )
    expect(sent.entries.length).toBeGreaterThan(10)
    // What did not fit ships with the next ordinary round if the page lives on.
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    expect(t.calls.flatMap((c) => c.entries)).toHaveLength(41)
  })

  it('stops listening when stopped', async () => {
    const t = setup('test')
    t.shipper.stop()
    t.log.warn('x')
    t.view.dispatchEvent(new Event('pagehide'))
    await vi.advanceTimersByTimeAsync(SHIP_INTERVAL_MS)
    expect(t.send).not.toHaveBeenCalled()
  })
})

describe('shippableEntry', () => {
  const base = { timestamp: '2026-11-22T10:00:00.000Z', level: 'WARN' as const }

  it("trims message and logger to the contract's limits", () => {
    const entry = shippableEntry({ ...base, logger: 'l'.repeat(150), message: 'm'.repeat(5000) })
    expect(entry.logger).toHaveLength(100)
    expect(entry.message).toHaveLength(4000)
    expect(shippableEntry({ ...base, logger: '', message: '' }).logger).toBe('app')
  })

  it('keeps at most 50 context keys, turns errors into name and message, and survives cycles', () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]))
    const trimmed = shippableEntry({ ...base, logger: 'a', message: 'm', context: many }).context!
    expect(Object.keys(trimmed)).toHaveLength(50)
    expect(trimmed.context_truncated).toBe(true)

    const error = shippableEntry({
      ...base,
      logger: 'a',
      message: 'm',
      context: { error: new RangeError('too far'), when: new Date(0) },
    })
    expect(error.context).toEqual({
      error: { name: 'RangeError', message: 'too far' },
      when: '1970-01-01T00:00:00.000Z',
    })

    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(shippableEntry({ ...base, logger: 'a', message: 'm', context: cyclic }).context).toEqual(
      { context_unserializable: true },
    )
  })
})
