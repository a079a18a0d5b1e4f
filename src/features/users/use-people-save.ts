import { useQueryClient } from '@tanstack/react-query'
import type { FeedbackInput } from '../feedback/feedback-store'
import { useAppServices } from '../shared/use-app-services'
import { invalidatePeople } from './users-cache'

/**
 * What the user and group dialogs do once a save answers: on success refresh every list of people,
 * say so and close; on failure put the server's words on the form (a 409 on the field that must be
 * unique) and, when given one, a toast.
 */
export function usePeopleSave({
  rejectError,
  conflictField,
  close,
  toastKey,
}: {
  rejectError: (error: unknown, options: { statusFields: Record<number, string> }) => void
  /** The field a 409 is about: the group's name, the user's e-mail. */
  conflictField: string
  close: () => void
  /** One toast of this dialog at a time: a save replaces the failure before it. */
  toastKey?: string
}) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const notify = (toast: FeedbackInput) =>
    feedback.push(toastKey ? { ...toast, key: toastKey } : toast)
  return {
    saved: (toast: FeedbackInput) => {
      void invalidatePeople(queryClient)
      notify(toast)
      close()
    },
    failed: (toast?: FeedbackInput) => (error: unknown) => {
      rejectError(error, { statusFields: { 409: conflictField } })
      if (toast) notify(toast)
    },
  }
}
