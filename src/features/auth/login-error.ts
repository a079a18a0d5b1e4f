import { ApiError } from '~/api/errors'

type Dict = Record<string, unknown>
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Spec §5: a string detail as it is; a list joined with ', ' using each item's message (or
 * 'Validation error'); otherwise 'Login failed', or 'Network error during login' when no answer came.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Network error during login'
  const detail = isDict(error.body) ? error.body.detail : undefined
  if (typeof detail === 'string' && detail) return detail
  if (Array.isArray(detail) && detail.length > 0) {
    return detail
      .map((item) => {
        if (!isDict(item)) return 'Validation error'
        const text = item.msg ?? item.message
        return typeof text === 'string' && text ? text : 'Validation error'
      })
      .join(', ')
  }
  return 'Login failed'
}
