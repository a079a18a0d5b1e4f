/** Spec §3 'Feedback message' and §4/§9: one store for every message the console shows a person. */
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
  /** Undefined for scoped messages, which stay until dismissed or cleared. */
  timeoutMs?: number
  actions?: FeedbackAction[]
  /**
   * Messages about the same thing share a key: a new one replaces the one shown (a success replaces
   * the failure before it). @default the scope, severity, title and message, so the same message
   * twice shows once
   */
  key: string
  createdAt: number
}

export type FeedbackInput = Partial<Omit<FeedbackMessage, 'id' | 'createdAt'>> & { message: string }

const defaultKey = (m: Pick<FeedbackMessage, 'scope' | 'severity' | 'title' | 'message'>) =>
  [m.scope, m.severity, m.title ?? '', m.message].join('\u0000')

export interface FeedbackStoreOptions {
  now?: () => number
  newId?: () => string
}

export function createFeedbackStore({
  now = Date.now,
  newId = () => crypto.randomUUID(),
}: FeedbackStoreOptions = {}) {
  let messages: FeedbackMessage[] = []
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((listener) => listener())

  function dismiss(id: string) {
    clearTimeout(timers.get(id))
    timers.delete(id)
    const next = messages.filter((m) => m.id !== id)
    if (next.length === messages.length) return
    messages = next
    emit()
  }

  function push(input: FeedbackInput): string {
    const scope = input.scope ?? GLOBAL_SCOPE
    const severity = input.severity ?? 'error'
    const message: FeedbackMessage = {
      ...input,
      id: newId(),
      scope,
      severity,
      dismissible: input.dismissible ?? true,
      key: input.key ?? defaultKey({ ...input, scope, severity }),
      timeoutMs: input.timeoutMs ?? (scope === GLOBAL_SCOPE ? autoDismissMs[severity] : undefined),
      createdAt: now(),
    }
    for (const m of messages) if (m.key === message.key) clearTimeout(timers.get(m.id))
    messages = [...messages.filter((m) => m.key !== message.key), message]
    if (message.timeoutMs !== undefined && message.timeoutMs > 0) {
      timers.set(
        message.id,
        setTimeout(() => dismiss(message.id), message.timeoutMs),
      )
    }
    emit()
    return message.id
  }

  function clear(scope?: string) {
    for (const m of messages)
      if (scope === undefined || m.scope === scope) clearTimeout(timers.get(m.id))
    messages = scope === undefined ? [] : messages.filter((m) => m.scope !== scope)
    emit()
  }

  return {
    push,
    dismiss,
    clear,
    /** A new array after every change, for useSyncExternalStore. */
    messages: () => messages,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type FeedbackStore = ReturnType<typeof createFeedbackStore>
