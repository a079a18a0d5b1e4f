import {
  DatePicker as AriaDatePicker,
  composeRenderProps,
  type DatePickerProps as AriaDatePickerProps,
  type DateValue,
} from 'react-aria-components'
import * as field from '../private/field.css'
import { FieldHelp, FieldLabel, type FieldProps } from '../private/Field'
import { cx } from '../private/cx'
import { Calendar } from '../Calendar'
import { CalendarPopover, DateInputGroup, Segments } from './DateInputGroup'

export interface DatePickerProps<T extends DateValue>
  extends Omit<AriaDatePickerProps<T>, 'children'>, FieldProps {}

/**
 * A date (or date and time, with `granularity`) typed by segments or picked from a calendar.
 * Values are @internationalized/date objects: `parseDate('2026-11-22')`, `today(getLocalTimeZone())`.
 */
export function DatePicker<T extends DateValue>({
  label,
  description,
  errorMessage,
  className,
  ...props
}: DatePickerProps<T>) {
  return (
    <AriaDatePicker
      {...props}
      className={composeRenderProps(className, (cls) => cx(field.field, cls))}
    >
      <FieldLabel>{label}</FieldLabel>
      <DateInputGroup>
        <Segments />
      </DateInputGroup>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <CalendarPopover>
        <Calendar />
      </CalendarPopover>
    </AriaDatePicker>
  )
}
