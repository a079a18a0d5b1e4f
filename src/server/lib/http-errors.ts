/** One validation problem, located by path (`body`, `query`, `path` or `header` first). */
export interface ValidationIssue {
  loc: Array<string | number>
  msg: string
  type: string
}

/**
 * An error meant for the client: the error handler answers `{ detail, code?, remediation? }`
 * with its status. Anything else thrown is a bug and answers a logged 500.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationIssue[] | Record<string, unknown>,
    readonly code?: string,
    readonly remediation?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : (code ?? 'error'))
  }

  body() {
    return {
      detail: this.detail,
      ...(this.code && { code: this.code }),
      ...(this.remediation && { remediation: this.remediation }),
    }
  }
}

export const badRequest = (detail: string, code = 'bad_request', remediation?: string) =>
  new HttpError(400, detail, code, remediation)

export const notAuthenticated = (detail = 'Not authenticated') =>
  new HttpError(401, detail, 'not_authenticated', 'Sign in again.')

export const forbidden = (detail = 'Insufficient permissions for this action') =>
  new HttpError(403, detail, 'forbidden', 'Ask an administrator for the required role.')

export const notFound = (what: string) => new HttpError(404, `${what} not found`, 'not_found')

export const conflict = (detail: string, code = 'duplicate', remediation?: string) =>
  new HttpError(409, detail, code, remediation)

/** A 422 for a value that is well-formed but unacceptable (unknown group, timezone...). */
export const invalid = (loc: Array<string | number>, msg: string, type = 'value_error') =>
  new HttpError(422, [{ loc, msg, type }], 'validation_error')
