import { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components'

export const toastSeverities = ['info', 'success', 'warning', 'error'] as const
export type ToastSeverity = (typeof toastSeverities)[number]

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
}

export interface ToastQueueOptions {
  /** @default 5 */
  maxVisibleToasts?: number
}

/**
 * React Aria's queue, typed for our toasts: `add(content, { timeout, onClose })` returns a key for
 * `close(key)`. A toast without `timeout` stays until dismissed; its timer runs only while shown.
 * The app owns its queue (the feedback store does) and passes it to <ToastRegion>.
 */
export const createToastQueue = ({ maxVisibleToasts = 5 }: ToastQueueOptions = {}) =>
  new AriaToastQueue<ToastContent>({ maxVisibleToasts })

export type ToastQueue = ReturnType<typeof createToastQueue>
