import { ApiError, normalizeError } from '../../api'

/** Field errors for a react-aria Form's `validationErrors`, keyed by field name. */
export type FieldErrors = Record<string, string>

/** A rejection spread over a form: messages on fields, and what belongs to none as `form`. */
export type FormErrors = { fields: FieldErrors; form?: string }

const isIssue = (item: unknown): item is { loc: (string | number)[]; msg: string } =>
  typeof item === 'object' &&
  item !== null &&
  Array.isArray((item as { loc?: unknown }).loc) &&
  typeof (item as { msg?: unknown }).msg === 'string'

/**
 * Spreads a server rejection over the form: validation issues go to the field their `loc` names
 * (without the leading 'body', nested names joined with '.'), a taken e-mail or name to that field.
 * What belongs to no field comes back as `form`.
 */
export function fieldErrors(error: unknown, conflictField?: string): FormErrors {
  const { message } = normalizeError(error, 'Request failed')
  if (!(error instanceof ApiError)) return { fields: {}, form: message }
  const detail = (error.body as { detail?: unknown } | null)?.detail
  if (Array.isArray(detail) && detail.every(isIssue)) {
    const fields: FieldErrors = {}
    const loose: string[] = []
    for (const issue of detail) {
      const path = issue.loc.filter((part, i) => !(i === 0 && part === 'body')).join('.')
      if (path) fields[path] ??= issue.msg
      else loose.push(issue.msg)
    }
    return { fields, form: loose.length ? loose.join(', ') : undefined }
  }
  if (error.status === 409 && conflictField) return { fields: { [conflictField]: message } }
  return { fields: {}, form: message }
}
