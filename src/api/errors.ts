/**
 * One normaliser for every error body the server (or the network) can produce (spec §8).
 * Everything that shows an error to a person goes through `normalizeError`.
 */

/** Thrown by the API client for every non-2xx response; keeps the status the retry rules need. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly requestId?: string,
  ) {
    super(describeDetail(body) ?? `Request failed with status ${status}`)
  }
}

export interface NormalizedError {
  title: string
  message: string
  detail?: string
  code?: string
  status?: number
  remediation?: string
}

export const DEFAULT_REQUEST_ERROR = 'Request failed'
export const DEFAULT_UNEXPECTED_ERROR = 'Unexpected error occurred'

type Dict = Record<string, unknown>
const isDict = (value: unknown): value is Dict =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A `detail` is a string (as is), a list (each item's msg or its JSON, joined), or an object (JSON). */
export function formatDetail(detail: unknown): string | undefined {
  if (detail == null || detail === '') return undefined
  if (typeof detail === 'string') return detail
  if (Array.isArray(detail)) {
    return detail
      .map((item) =>
        isDict(item) && typeof item.msg === 'string' ? item.msg : JSON.stringify(item),
      )
      .join(', ')
  }
  return JSON.stringify(detail)
}

/** The first of detail, message, error or errors that says something. */
function describeDetail(body: unknown): string | undefined {
  if (typeof body === 'string') return body || undefined
  if (!isDict(body)) return undefined
  for (const key of ['detail', 'message', 'error', 'errors'] as const) {
    const text = formatDetail(body[key])
    if (text) return text
  }
  return undefined
}

const stringField = (body: unknown, key: string) =>
  isDict(body) && typeof body[key] === 'string' ? (body[key] as string) : undefined

export function normalizeError(error: unknown, title = 'Something went wrong'): NormalizedError {
  if (error instanceof ApiError) {
    return {
      title,
      message: describeDetail(error.body) ?? DEFAULT_REQUEST_ERROR,
      status: error.status,
      code: stringField(error.body, 'code'),
      remediation: stringField(error.body, 'remediation'),
      detail: error.requestId ? `Request ID: ${error.requestId}` : undefined,
    }
  }
  if (isDict(error) && !(error instanceof Error)) {
    // A raw error body that did not come through the client (e.g. from a mock).
    const status = typeof error.status === 'number' ? error.status : undefined
    return {
      title,
      message: describeDetail(error) ?? DEFAULT_REQUEST_ERROR,
      status,
      code: stringField(error, 'code'),
      remediation: stringField(error, 'remediation'),
    }
  }
  if (error instanceof Error && error.message) return { title, message: error.message }
  if (typeof error === 'string' && error) return { title, message: error }
  return { title, message: DEFAULT_UNEXPECTED_ERROR }
}

/** HTTP status of an error, when it has one. */
export const errorStatus = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined

/**
 * Whether the server says the thing asked for is not there: a 404, or a 422 about the path alone (an
 * id that cannot name anything, such as /devices/not-a-uuid, names nothing either).
 */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  if (error.status === 404) return true
  const detail = isDict(error.body) ? error.body.detail : undefined
  return (
    error.status === 422 &&
    Array.isArray(detail) &&
    detail.length > 0 &&
    detail.every((issue) => isDict(issue) && Array.isArray(issue.loc) && issue.loc[0] === 'path')
  )
}
