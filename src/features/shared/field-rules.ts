/**
 * Our words for the checks a browser would otherwise word itself ('Please fill out this field.',
 * in the browser's language): `validate` functions for react-aria fields. Their message becomes
 * the field's custom validity, so a form still refuses to submit, and shows ours.
 */
type Check<T> = (value: T) => string | null

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The first message of `list`, or null when the value passes them all. */
export const checks =
  <T>(...list: Check<T>[]) =>
  (value: T): string | null => {
    for (const check of list) {
      const message = check(value)
      if (message) return message
    }
    return null
  }

export const filled =
  (message: string): Check<string> =>
  (value) =>
    value.trim() ? null : message

/** An empty value passes: pair with `filled` where one is needed. */
export const emailAddress: Check<string> = (value) =>
  !value.trim() || EMAIL.test(value.trim())
    ? null
    : 'Enter an e-mail address such as name@example.com.'

/** An empty value passes (an optional field, or `filled` says it first). */
export const atLeastChars =
  (min: number): Check<string> =>
  (value) =>
    !value || value.length >= min ? null : `Use at least ${min} characters.`

/** NumberField holds NaN while empty. */
export const numberGiven =
  (message: string): Check<number> =>
  (value) =>
    Number.isFinite(value) ? null : message
