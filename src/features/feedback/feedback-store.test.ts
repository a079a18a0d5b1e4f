import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFeedbackStore } from './feedback-store'

describe('feedback store (spec §3, §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('defaults to a dismissible global error', () => {
    const store = createFeedbackStore({ newId: () => 'a', now: () => 7 })
    store.push({ message: 'Boom' })
    expect(store.messages()).toEqual([
      {
        id: 'a',
        message: 'Boom',
        scope: 'global',
        severity: 'error',
        dismissible: true,
        key: 'global\u0000error\u0000\u0000Boom',
        timeoutMs: 8000,
        createdAt: 7,
      },
    ])
  })

  it.each([
    ['info', 5000],
    ['success', 4000],
    ['warning', 6000],
    ['error', 8000],
  ] as const)('auto-dismisses a global %s after %i ms', (severity, ms) => {
    const store = createFeedbackStore()
    store.push({ message: 'x', severity })
    vi.advanceTimersByTime(ms - 1)
    expect(store.messages()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.messages()).toHaveLength(0)
  })

  it('keeps scoped messages until dismissed or cleared by scope', () => {
    const store = createFeedbackStore()
    const kept = store.push({ message: 'form error', scope: 'device-settings' })
    store.push({ message: 'other', scope: 'login' })
    vi.advanceTimersByTime(60_000)
    expect(store.messages()).toHaveLength(2)
    store.clear('login')
    expect(store.messages().map((m) => m.id)).toEqual([kept])
    store.dismiss(kept)
    expect(store.messages()).toEqual([])
  })

  it('honours an explicit timeout and notifies subscribers', () => {
    const store = createFeedbackStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.push({ message: 'x', severity: 'success', timeoutMs: 100 })
    vi.advanceTimersByTime(100)
    expect(store.messages()).toHaveLength(0)
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('shows the same message once, however often it comes', () => {
    const store = createFeedbackStore()
    store.push({ title: 'Request failed', message: 'Device not found', detail: 'Request ID: 1' })
    vi.advanceTimersByTime(7000)
    store.push({ title: 'Request failed', message: 'Device not found', detail: 'Request ID: 2' })
    expect(store.messages().map((m) => m.detail)).toEqual(['Request ID: 2'])
    // The timer starts again with the newer one.
    vi.advanceTimersByTime(7000)
    expect(store.messages()).toHaveLength(1)
  })

  it('replaces a message of the same key: a success takes the failure before it away', () => {
    const store = createFeedbackStore()
    store.push({ key: 'group-form', title: 'Failed to create group', message: 'Verify.' })
    store.push({ key: 'group-form', title: 'Group created', message: 'Add.', severity: 'success' })
    store.push({ title: 'Unrelated', message: 'stays' })
    expect(store.messages().map((m) => m.title)).toEqual(['Group created', 'Unrelated'])
  })
})
