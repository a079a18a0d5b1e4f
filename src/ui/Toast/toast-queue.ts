import { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components'

export const toastSeverities = ['info', 'success', 'warning', 'error'] as const
export type ToastSeverity = (typeof toastSeverities)[number]

/** Spec §9: how long each severity stays on screen. */
export const toastTimeouts: Record<ToastSeverity, number> = {
  info: 5000,
  success: 4000,
  warning: 6000,
  error: 8000,
}

export interface ToastAction {
  label: string
  onPress: () => void
}

export interface ToastContent {
  title: string
  /** Second line ('Add members to begin assigning devices.'). */
  description?: string
  /** @default 'info' */
  severity?: ToastSeverity
  /** Show the close button. @default true */
  dismissible?: boolean
  actions?: ToastAction[]
  /** Auto-dismiss after this many ms; `null` keeps it until dismissed. @default by severity (info 5 s, success 4 s, warning 6 s, error 8 s) */
  timeoutMs?: number | null
}

export interface ToastQueueOptions {
  /** @default 5 */
  maxVisibleToasts?: number
}

/**
 * The app owns its queue: create one (in a component's state or a module) and pass it to
 * <ToastRegion>. `add()` applies the severity's auto-dismiss unless the call or the content sets one.
 */
export function createToastQueue({ maxVisibleToasts = 5 }: ToastQueueOptions = {}) {
  const queue = new AriaToastQueue<ToastContent>({ maxVisibleToasts })
  const add = queue.add.bind(queue)
  queue.add = (content, options = {}) => {
    const fromContent =
      content.timeoutMs === undefined
        ? toastTimeouts[content.severity ?? 'info']
        : content.timeoutMs
    return add(content, { ...options, timeout: options.timeout ?? fromContent ?? undefined })
  }
  return queue
}

export type ToastQueue = ReturnType<typeof createToastQueue>
