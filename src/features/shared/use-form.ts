import { useState, type FormEvent } from 'react'
import { toFormErrors, type FormErrorOptions, type FormErrors } from '~/api'

/** Client checks in our words: a message for each field that is wrong (falsy when it is fine). */
export type FormCheck<V> = (values: V) => Record<string, string | false | null | undefined>

/** Dotted names of a values object's fields, as fields and the server's `loc` name them. */
type Path<V> = {
  [K in keyof V & string]: V[K] extends Record<string, unknown> ? `${K}.${Path<V[K]>}` : K
}[keyof V & string]
type At<V, P> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof V
    ? At<V[K], Rest>
    : never
  : P extends keyof V
    ? V[P]
    : never

const NO_ERRORS: FormErrors = { fields: {} }
type Dict = Record<string, unknown>
const isGroup = (value: unknown): value is Dict =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype

/** The leaves of a values object by dotted name: a File, a Date or a list is one field. */
export function fieldNames(values: object, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) =>
    isGroup(value) ? fieldNames(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  )
}

const valueAt = (values: object, name: string) =>
  name.split('.').reduce<unknown>((group, key) => (group as Dict)[key], values)
const withValue = <V extends object>(values: V, [key, ...rest]: string[], value: unknown): V => ({
  ...values,
  [key!]: rest.length > 0 ? withValue((values as Dict)[key!] as object, rest, value) : value,
})
const messages = <V>(check: FormCheck<V>, values: V) =>
  Object.fromEntries(
    Object.entries(check(values)).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )

/**
 * The messages still true after an edit: ours are checked again (one goes once its field is
 * right, even when another field's edit made it so), the server's goes once its own field is
 * edited to pass our checks; no message appears before the next submit.
 */
export function afterEdit(
  shown: FormErrors,
  before: Dict,
  after: Dict,
  edited: string[],
): FormErrors {
  const fields: Record<string, string> = {}
  for (const [name, message] of Object.entries(shown.fields)) {
    const ours = before[name] === message
    if (!ours && !edited.includes(name)) fields[name] = message
    else if (after[name]) fields[name] = after[name] as string
  }
  return { ...shown, fields }
}

/**
 * The one way a form holds its state: its values, the errors shown on its fields (from `check`
 * on submit, or the server's through `toFormErrors`) and the form's own error. Spread
 * `field('name')` on a text or number field; selects and checkboxes take `values` and `set`.
 */
export function useForm<V extends object>(
  initial: V | (() => V),
  check: FormCheck<V> = () => ({}),
) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState(NO_ERRORS)
  // Changes once per rejected submit, never as the person types: focus goes to the first error.
  const [rejection, setRejection] = useState(NO_ERRORS)

  const reject = (found: FormErrors) => {
    setErrors(found)
    setRejection(found)
    return found
  }
  const update = (next: V) => {
    const edited = fieldNames(next).filter((name) => valueAt(next, name) !== valueAt(values, name))
    setErrors((shown) => afterEdit(shown, messages(check, values), messages(check, next), edited))
    setValues(next)
  }
  const set =
    <P extends Path<V>>(name: P) =>
    (value: At<V, P>) =>
      update(withValue(values, name.split('.'), value))

  return {
    values,
    errors,
    rejection,
    set,
    /** Several top-level values at once (a device model resets its handler). */
    patch: (change: Partial<V>) => update({ ...values, ...change }),
    field: <P extends Path<V>>(name: P) => ({
      name,
      value: valueAt(values, name) as At<V, P>,
      onChange: set(name),
      isInvalid: Boolean(errors.fields[name]),
      errorMessage: errors.fields[name],
    }),
    /** Runs `check`; only values that pass it are sent. */
    handleSubmit: (send: (values: V) => void) => (event: FormEvent) => {
      event.preventDefault()
      const found = messages(check, values)
      if (Object.keys(found).length > 0) return void reject({ fields: found })
      setErrors(NO_ERRORS)
      send(values)
    },
    reject,
    /** Spreads a server rejection over the fields (the form's own names) and the form. */
    rejectError: (error: unknown, options?: Omit<FormErrorOptions, 'fields'>) =>
      reject(toFormErrors(error, { fields: fieldNames(values), ...options })),
    /** Back to `to` (the initial values by default), with no errors. */
    reset: (to?: V) => {
      setValues(to ?? initial)
      setErrors(NO_ERRORS)
    },
  }
}

export type FormState<V extends object> = ReturnType<typeof useForm<V>>
