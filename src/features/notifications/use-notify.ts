import { useMemo } from 'react'
import { normalizeError } from '~/api'
import { useAppServices } from '../shared/use-app-services'

/** The §8 toasts of this feature: a fixed title, the server's reason (or the spec detail) under it. */
export function useNotify() {
  const { feedback } = useAppServices()
  return useMemo(
    () => ({
      success: (title: string, message?: string) =>
        feedback.push(
          message
            ? { title, message, severity: 'success' }
            : { message: title, severity: 'success' },
        ),
      failure: (title: string) => (error: unknown) => {
        const { message, detail } = normalizeError(error, title)
        feedback.push({ title, message, detail, severity: 'error' })
      },
    }),
    [feedback],
  )
}
