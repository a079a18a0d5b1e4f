/**
 * The one mapper from a server rejection (spec §8: a `detail` string or a list of `{ loc, msg }`)
 * to a form's errors. Beside the normaliser, in a module of its own: errors.ts loads with the first
 * page (the client needs ApiError), and the login page has no byte to spare for what only forms use.
 */
import { ApiError, normalizeError } from './errors'

const isDict = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A rejection spread over a form: messages on the fields they name, the rest above the fields. */
export interface FormErrors {
  fields: Record<string, string>
  form?: string
}

export interface FormErrorOptions {
  /** The form's field names, nested ones dotted as the server's `loc` nests them ('admin.email'). */
  fields: readonly string[]
  /**
   * Statuses that are about one field (a 409 is the unique one taken): the field, with the
   * server's words or, as `[field, message]`, ours.
   */
  statusFields?: Partial<Record<number, string | readonly [string, string]>>
}

const isIssue = (item: unknown): item is { loc: unknown[]; msg: string } =>
  isDict(item) && Array.isArray(item.loc) && typeof item.msg === 'string'

/**
 * The one mapper from a server rejection to a form's errors (spec §8's two shapes): each
 * `{ loc, msg }` goes on the field its loc names, less the leading 'body' (the deepest field that
 * holds it: an issue at ['device_ids', 2] is the device_ids field's); a status the form ties to a
 * field goes there; everything else, a `detail` string, an unknown loc, no answer, is the form's.
 */
export function toFormErrors(error: unknown, options: FormErrorOptions): FormErrors {
  const body = error instanceof ApiError ? error.body : undefined
  const detail = isDict(body) ? body.detail : undefined
  const message = normalizeError(error).message
  if (Array.isArray(detail) && detail.length > 0 && detail.every(isIssue)) {
    const errors: FormErrors = { fields: {} }
    const loose: string[] = []
    for (const { loc, msg } of detail) {
      const path = loc[0] === 'body' ? loc.slice(1) : loc
      const field = path
        .map((_, i) => path.slice(0, path.length - i).join('.'))
        .find((name) => options.fields.includes(name))
      if (field) errors.fields[field] ??= msg
      else loose.push(msg)
    }
    if (loose.length > 0) errors.form = loose.join(', ')
    return errors
  }
  const onField = error instanceof ApiError ? options.statusFields?.[error.status] : undefined
  if (onField === undefined) return { fields: {}, form: message }
  const [field, text] = typeof onField === 'string' ? [onField, message] : onField
  return { fields: { [field]: text } }
}
