import {
  getLocalTimeZone,
  parseAbsolute,
  toZoned,
  type ZonedDateTime,
} from '@internationalized/date'
import { useMemo } from 'react'
import type { DateValue } from 'react-aria-components'
import { DatePicker, type DatePickerProps } from './DatePicker'

export interface DateTimeFieldProps extends Omit<
  DatePickerProps<ZonedDateTime>,
  'value' | 'defaultValue' | 'onChange' | 'granularity'
> {
  /** An ISO 8601 instant ('2026-11-22T08:30:00.000Z') or null when empty. */
  value: string | null
  /** Called with the chosen instant as an ISO string (UTC), or null when cleared or incomplete. */
  onChange: (value: string | null) => void
  /** Zone the user types in. @default the browser's */
  timeZone?: string
  /** @default 'minute' */
  granularity?: 'minute' | 'second'
}

/** A date and time (the log viewer's After/Before filters) whose value is an ISO string. */
export function DateTimeField({
  value,
  onChange,
  timeZone,
  granularity = 'minute',
  ...props
}: DateTimeFieldProps) {
  const zone = timeZone ?? getLocalTimeZone()
  const parsed = useMemo(() => (value ? parseAbsolute(value, zone) : null), [value, zone])
  return (
    <DatePicker<ZonedDateTime>
      {...props}
      granularity={granularity}
      hideTimeZone
      hourCycle={24}
      value={parsed}
      // A calendar pick yields a CalendarDate: put it in the zone at midnight.
      onChange={(next: DateValue | null) =>
        onChange(next ? toZoned(next as ZonedDateTime, zone).toAbsoluteString() : null)
      }
    />
  )
}
