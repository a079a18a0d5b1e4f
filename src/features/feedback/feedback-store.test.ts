import { describe, expect, it, vi } from 'vitest'
import { createFeedbackStore } from './feedback-store'

/** What the toast region would show, with the timeout React Aria's queue runs for each. */
const shown = (store: ReturnType<typeof createFeedbackStore>) =>
  store.toasts.visibleToasts.map((t) => ({ ...t.content, timeout: t.timeout }))

describe('feedback store (spec §3, §4, §9)', () => {
  it('defaults to a dismissible global error, shown as a toast', () => {
    const store = createFeedbackStore()
    store.push({ message: 'Boom' })
    expect(shown(store)).toEqual([
      {
        title: 'Boom',
        description: undefined,
        severity: 'error',
        dismissible: true,
        actions: undefined,
        timeout: 8000,
      },
    ])
    expect(store.messages()).toEqual([])
  })

  it.each([
    ['info', 5000],
    ['success', 4000],
    ['warning', 6000],
    ['error', 8000],
  ] as const)('gives a global %s %i ms on screen', (severity, ms) => {
    const store = createFeedbackStore()
    store.push({ message: 'x', severity })
    expect(shown(store)[0]!.timeout).toBe(ms)
  })

  it('honours an explicit timeout', () => {
    const store = createFeedbackStore()
    store.push({ message: 'x', severity: 'success', timeoutMs: 100 })
    expect(shown(store)[0]!.timeout).toBe(100)
  })

  it('puts title, message and detail on the toast', () => {
    const store = createFeedbackStore()
    const retry = vi.fn()
    store.push({
      title: 'Request failed',
      message: 'Device not found',
      detail: 'Request ID: 1',
      actions: [{ label: 'Retry', click: retry }],
    })
    const [toast] = shown(store)
    expect(toast).toMatchObject({
      title: 'Request failed',
      description: 'Device not found — Request ID: 1',
    })
    toast!.actions![0]!.onPress()
    expect(retry).toHaveBeenCalledOnce()
  })

  it('keeps scoped messages until dismissed or cleared by scope, and notifies subscribers', () => {
    const store = createFeedbackStore({ newId: () => `id${store.messages().length}`, now: () => 7 })
    const listener = vi.fn()
    store.subscribe(listener)
    const kept = store.push({ message: 'form error', scope: 'device-settings' })
    store.push({ message: 'other', scope: 'login' })
    expect(store.messages()).toEqual([
      expect.objectContaining({ id: kept, scope: 'device-settings', severity: 'error' }),
      expect.objectContaining({ message: 'other', createdAt: 7 }),
    ])
    expect(shown(store)).toEqual([])
    store.clear('login')
    expect(store.messages().map((m) => m.id)).toEqual([kept])
    store.dismiss(kept)
    expect(store.messages()).toEqual([])
    expect(listener).toHaveBeenCalledTimes(4)
  })

  it('dismisses a toast by the key push returned, and clears all toasts', () => {
    const store = createFeedbackStore()
    const first = store.push({ message: 'one' })
    store.push({ message: 'two' })
    store.dismiss(first)
    expect(shown(store).map((t) => t.title)).toEqual(['two'])
    store.push({ message: 'form', scope: 'login' })
    store.clear()
    expect(shown(store)).toEqual([])
    expect(store.messages()).toEqual([])
  })

  it('shows the same message once, however often it comes', () => {
    const store = createFeedbackStore()
    store.push({ title: 'Request failed', message: 'Device not found', detail: 'Request ID: 1' })
    store.push({ title: 'Request failed', message: 'Device not found', detail: 'Request ID: 2' })
    expect(shown(store).map((t) => t.description)).toEqual(['Device not found — Request ID: 2'])
  })

  it('replaces a message of the same key: a success takes the failure before it away', () => {
    const store = createFeedbackStore()
    store.push({ key: 'group-form', title: 'Failed to create group', message: 'Verify.' })
    store.push({ key: 'group-form', title: 'Group created', message: 'Add.', severity: 'success' })
    store.push({ title: 'Unrelated', message: 'stays' })
    // The queue shows the newest first.
    expect(shown(store).map((t) => t.title)).toEqual(['Unrelated', 'Group created'])
  })
})
