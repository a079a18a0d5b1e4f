/**
 * Spec §3 'Feedback message' and §4/§9: one store for every message the console shows a person.
 * Global messages are toasts and live in React Aria's toast queue, which times them out; scoped
 * messages (a form's, the login page's) stay here until dismissed or cleared.
 */
// The queue alone, not the ui barrel: the store is made at start, the toast region loads later.
import { createToastQueue, type ToastContent, type ToastQueue } from '~/ui/Toast/toast-queue'

export const severities = ['info', 'success', 'warning', 'error'] as const
export type Severity = (typeof severities)[number]

/** Spec §9: auto-dismiss times for the global scope. */
export const autoDismissMs: Record<Severity, number> = {
  info: 5000,
  success: 4000,
  warning: 6000,
  error: 8000,
}

export const GLOBAL_SCOPE = 'global'

export interface FeedbackAction {
  label: string
  click: () => void
}

export interface FeedbackMessage {
  id: string
  message: string
  title?: string
  detail?: string
  /** @default 'global' */
  scope: string
  /** @default 'error' */
  severity: Severity
  /** @default true */
  dismissible: boolean
  actions?: FeedbackAction[]
  /**
   * Messages about the same thing share a key: a new one replaces the one shown (a success replaces
   * the failure before it). @default the scope, severity, title and message, so the same message
   * twice shows once
   */
  key: string
  createdAt: number
}

export type FeedbackInput = Partial<Omit<FeedbackMessage, 'id' | 'createdAt'>> & {
  message: string
  /** A global message's time on screen. @default autoDismissMs of its severity */
  timeoutMs?: number
}

const defaultKey = (m: Pick<FeedbackMessage, 'scope' | 'severity' | 'title' | 'message'>) =>
  [m.scope, m.severity, m.title ?? '', m.message].join('\u0000')

const toToast = (m: FeedbackMessage): ToastContent => ({
  title: m.title ?? m.message,
  description: m.title ? [m.message, m.detail].filter(Boolean).join(' — ') : m.detail,
  severity: m.severity,
  dismissible: m.dismissible,
  actions: m.actions?.map((a) => ({ label: a.label, onPress: a.click })),
})

export interface FeedbackStoreOptions {
  now?: () => number
  newId?: () => string
  /** @default a new queue showing 5 toasts at most */
  toasts?: ToastQueue
}

export function createFeedbackStore({
  now = Date.now,
  newId = () => crypto.randomUUID(),
  toasts = createToastQueue(),
}: FeedbackStoreOptions = {}) {
  let messages: FeedbackMessage[] = []
  /** The toast shown for each global message key, so the next one of that key replaces it. */
  const toastOfKey = new Map<string, string>()
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((listener) => listener())

  function toast(message: FeedbackMessage, timeoutMs: number) {
    const previous = toastOfKey.get(message.key)
    if (previous) toasts.close(previous)
    const key = toasts.add(toToast(message), {
      timeout: timeoutMs > 0 ? timeoutMs : undefined,
      onClose: () => {
        if (toastOfKey.get(message.key) === key) toastOfKey.delete(message.key)
      },
    })
    toastOfKey.set(message.key, key)
    return key
  }

  function push({ timeoutMs, ...input }: FeedbackInput): string {
    const scope = input.scope ?? GLOBAL_SCOPE
    const severity = input.severity ?? 'error'
    const message: FeedbackMessage = {
      ...input,
      id: newId(),
      scope,
      severity,
      dismissible: input.dismissible ?? true,
      key: input.key ?? defaultKey({ ...input, scope, severity }),
      createdAt: now(),
    }
    if (scope === GLOBAL_SCOPE) return toast(message, timeoutMs ?? autoDismissMs[severity])
    messages = [...messages.filter((m) => m.key !== message.key), message]
    emit()
    return message.id
  }

  /** Takes away a scoped message, or a toast by the key `push` returned. */
  function dismiss(id: string) {
    toasts.close(id)
    const next = messages.filter((m) => m.id !== id)
    if (next.length === messages.length) return
    messages = next
    emit()
  }

  function clear(scope?: string) {
    if (scope === undefined || scope === GLOBAL_SCOPE) {
      for (const key of toastOfKey.values()) toasts.close(key)
    }
    messages = scope === undefined ? [] : messages.filter((m) => m.scope !== scope)
    emit()
  }

  return {
    push,
    dismiss,
    clear,
    /** The queue the toast region shows: the global messages. */
    toasts,
    /** The scoped messages; a new array after every change, for useSyncExternalStore. */
    messages: () => messages,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type FeedbackStore = ReturnType<typeof createFeedbackStore>
