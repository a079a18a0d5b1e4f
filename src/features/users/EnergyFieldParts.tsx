import { parseDate } from '@internationalized/date'
import { DatePicker } from '~/ui'
import * as styles from './energy-settings.css'

/** Pieces the energy settings form's blocks share: dates, money fields and block messages. */

/** Messages by the API's field names ('tariffs.0.windows.1.end'). */
export type FieldMessages = Readonly<Record<string, string>>

/** A date field over 'YYYY-MM-DD' strings ('' while none is chosen). */
export function EffectiveDate({
  value,
  onChange,
  errorMessage,
}: {
  value: string
  onChange: (date: string) => void
  errorMessage?: string
}) {
  let date = null
  try {
    date = value ? parseDate(value) : null
  } catch {
    date = null
  }
  return (
    <DatePicker
      label="Effective from"
      value={date}
      onChange={(next) => onChange(next ? next.toString() : '')}
      isInvalid={Boolean(errorMessage)}
      errorMessage={errorMessage}
    />
  )
}

/** A money amount in the group's currency when it has a known one, else a plain number. */
export const moneyFormat = (currency: string): Intl.NumberFormatOptions =>
  /^[A-Z]{3}$/.test(currency) && Intl.supportedValuesOf('currency').includes(currency)
    ? { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 5 }
    : { maximumFractionDigits: 5 }

/** What a block-wide problem says (two windows overlap), reachable when focus goes to it. */
export function BlockProblem({ message }: { message?: string }) {
  return message ? (
    <p className={styles.problem} role="alert" tabIndex={-1} data-form-error>
      {message}
    </p>
  ) : null
}
